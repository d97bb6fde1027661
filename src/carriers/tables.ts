/** This capability's tables, as Kysely sees them (see src/platform/db/schema.ts). */
import type { RegisterRecord } from './register-record.ts';

/**
 * Every registration the service has seen, from the EA API or an imported export: the register mirror
 * and the history that lets us say `expired` after the live register has dropped a number.
 */
export interface CarrierRegistrationRow extends RegisterRecord {
  /** business_name folded for searching (see nameKey). */
  name_key: string;
  /** postcode without spaces, upper case (see postcodeKey). */
  postcode_key: string | null;
  first_seen_at: string;
  last_seen_at: string;
  last_seen_via: 'api' | 'import';
  /** seq of the last import whose export held this row; null if only ever seen through the API. */
  mirror_seq: number | null;
}

/** One run of `wcs register import`. The mirror is the rows of the newest complete import. */
export interface CarrierRegisterImportRow {
  seq: number;
  file_name: string;
  /** When the EA published the export (YYYY-MM-DD). */
  published_on: string;
  started_at: string;
  completed_at: string | null;
  status: 'running' | 'complete' | 'failed';
  rows_imported: number;
  rows_rejected: number;
}

export interface CarrierTables {
  carrier_registrations: CarrierRegistrationRow;
  carrier_register_imports: CarrierRegisterImportRow;
}
