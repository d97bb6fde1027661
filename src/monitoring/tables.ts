export type Mode = 'live' | 'test';

/** `api`: created with POST /v1/carrier-watches; `season_ticket`: by a note issued under a season ticket. */
export type WatchSource = 'api' | 'season_ticket';

export interface CarrierWatchRow {
  id: string;
  organisation_id: string;
  mode: Mode;
  /** Canonical: upper case, no spaces. */
  registration_number: string;
  label: string | null;
  source: WatchSource;
  /** The season-ticket note that asked for the watch. */
  note_reference: string | null;
  /** YYYY-MM-DD: a season ticket's watch ends after its last valid day; null for as long as it exists. */
  watch_until: string | null;
  created_at: string;
  updated_at: string;
  /** JSON: the registration as last seen (WatchedState), null before the first check. */
  state: string | null;
  /** JSON: which expiry warnings were sent, for which expiry date ({ expiry_date, days: [90, 30] }). */
  warned: string | null;
  last_checked_at: string | null;
  /** JSON: why the last check could not be made ({ at, message }), null after one succeeds. */
  last_check_error: string | null;
  next_check_at: string;
  lease_until: string | null;
}

export interface MonitoringTables {
  carrier_watches: CarrierWatchRow;
}
