/** This capability's tables, as Kysely sees them (see src/platform/db/schema.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in as the capability gains tables
export interface CarrierTables {}
