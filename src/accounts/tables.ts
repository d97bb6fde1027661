export interface OrganisationRow {
  id: string;
  name: string;
  plan: string;
  /** Enterprise only: the agreed monthly calls and requests per minute. */
  monthly_limit: number | null;
  per_minute_limit: number | null;
  plan_changed_at: string;
  created_at: string;
}

export interface ApiKeyRow {
  id: string;
  organisation_id: string;
  mode: 'live' | 'test';
  name: string | null;
  /** What we show of a key after creation, e.g. `wcs_live_3fA9…`. */
  display_prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One plan change: who made it (`portal user <id>`, `cli`) and the figures it set. */
export interface PlanChangeRow {
  id: string;
  organisation_id: string;
  from_plan: string;
  to_plan: string;
  /** Enterprise only: the agreed figures set by this change. */
  monthly_limit: number | null;
  per_minute_limit: number | null;
  changed_by: string;
  changed_at: string;
}

export interface AccountTables {
  organisations: OrganisationRow;
  api_keys: ApiKeyRow;
  organisation_plan_changes: PlanChangeRow;
}
