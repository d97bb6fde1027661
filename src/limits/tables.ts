/** This capability's tables, as Kysely sees them (see src/platform/db/schema.ts). */

/**
 * Counted calls of one API key on one UTC day: the durable record of monthly quota use. A month's use
 * is the sum of its days, so the portal's daily chart and the quota check read the same rows.
 */
export interface ApiKeyUsageRow {
  key_id: string;
  /** YYYY-MM-DD in UTC: the quota cycle is a UTC calendar month. */
  day: string;
  calls: number;
}

export interface LimitTables {
  api_key_usage: ApiKeyUsageRow;
}
