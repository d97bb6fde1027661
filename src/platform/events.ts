import type { Transaction } from 'kysely';
import type { Database } from './db/schema.ts';

/** Something that happened which an organisation may hear about by webhook (src/webhooks/event-types.ts). */
export type NewEvent = {
  organisationId: string;
  mode: 'live' | 'test';
  type: string;
} & (
  | {
      /** The event's `data` as delivered: the objects as the API returns them, before and after. */
      data: Record<string, unknown>;
    }
  | {
      /**
       * The same as JSON text, when the caller holds it already (a note's stored document): stored as
       * given, so it is not parsed only to be written again. Must be what JSON.stringify would write.
       */
      dataJson: string;
    }
);

/**
 * Records events inside the caller's transaction, so an event exists exactly when the fact it reports
 * was committed (the outbox). Capabilities receive one of these rather than reaching into the webhook
 * tables themselves.
 */
export type EventSink = (trx: Transaction<Database>, events: NewEvent[], now: Date) => Promise<unknown>;
