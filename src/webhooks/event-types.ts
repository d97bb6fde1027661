/**
 * Every event the service emits, with what it means. The list is the single source for the API's
 * `events` enum, the documentation and the portal's choices; types are only ever added within /v1.
 */
export const EVENT_TYPES = {
  'carrier.expiring_soon':
    "A watched carrier's upper-tier registration is within 90, 30 or 7 days of its expiry date (one event at each).",
  'carrier.expired': "A watched carrier's registration reached its expiry date.",
  'carrier.removed': 'A watched registration is no longer on the register, before its expiry date.',
  'carrier.changed': "A watched registration's name, tier, address or expiry date changed.",
  'wtn.created': 'A waste transfer note was generated.',
  'wtn.signed': 'A party signed a waste transfer note (`data.note.signed` says whether both have).',
  'wtn.superseded': 'A waste transfer note was superseded by a correction.',
  'consignment_note.created': 'A hazardous waste consignment note was created (Parts A and B).',
  'consignment_note.signed': 'A part of a consignment note was signed (`data.part`: C, D or E).',
  'consignment_note.received': 'The consignee signed Part E accepting every waste of a consignment note.',
  'consignment_note.rejected':
    'The consignee signed Part E rejecting some or all of a consignment note: the consignor, producer and holder must be told at once.',
  'waste_receipt.submitted': 'DWT recorded a waste receipt (or a correction to one).',
  'waste_receipt.rejected': 'DWT refused a waste receipt; correct it to send it again.',
  'waste_receipt.needs_review':
    'Whether DWT recorded a waste receipt is unknown; a person must check (docs/dwt.md).',
  'webhook_endpoint.disabled': 'A webhook endpoint was disabled after failing for 3 days.',
} as const;

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as EventType[];

/** Sent only by POST /v1/webhook-endpoints/{id}/test, to that endpoint alone. */
export const PING = 'ping';
