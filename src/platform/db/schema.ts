import type { AccountTables } from '../../accounts/tables.ts';
import type { CarrierTables } from '../../carriers/tables.ts';
import type { ConsignmentTables } from '../../consignments/tables.ts';
import type { LimitTables } from '../../limits/tables.ts';
import type { MonitoringTables } from '../../monitoring/tables.ts';
import type { PortalTables } from '../../portal/tables.ts';
import type { ReceiptTables } from '../../receipts/tables.ts';
import type { RequestLogTables } from '../../requests/tables.ts';
import type { WebhookTables } from '../../webhooks/tables.ts';
import type { WtnTables } from '../../wtn/tables.ts';
import type { PlatformTables } from '../service-address.ts';

/**
 * The whole database as Kysely sees it, composed from each capability's own tables. Portable types
 * only: timestamps are ISO 8601 UTC text and flags are 0/1 integers, so the same repository code serves
 * SQLite and PostgreSQL (docs/decisions.md).
 */
export interface Database
  extends AccountTables,
    LimitTables,
    CarrierTables,
    WtnTables,
    PortalTables,
    ReceiptTables,
    WebhookTables,
    MonitoringTables,
    ConsignmentTables,
    RequestLogTables,
    PlatformTables {}
