/**
 * The API's error codes: each with its HTTP status and default message. `code`, `message` and `status`
 * are the API's contract; every code here must be documented in docs/errors.md and appear in the
 * OpenAPI document (a test enforces both).
 */
export const errorCodes = {
  INVALID_REQUEST: { status: 400, message: 'The request is not valid.' },
  INVALID_REGISTRATION_NUMBER: {
    status: 400,
    message: 'The registration number is not an England waste carrier registration number.',
  },
  INVALID_API_KEY: {
    status: 401,
    message: 'The API key is missing, invalid or revoked. Send it as "Authorization: Bearer <key>".',
  },
  NOT_FOUND: { status: 404, message: 'No such route.' },
  EWC_CODE_NOT_FOUND: { status: 404, message: 'No such code in the List of Wastes.' },
  CARRIER_NOT_FOUND: { status: 404, message: 'The carrier is not on the public register.' },
  WTN_NOT_FOUND: { status: 404, message: 'No waste transfer note with that reference.' },
  SITE_NOT_FOUND: { status: 404, message: 'No receiving site with that id in this mode.' },
  RECEIPT_NOT_FOUND: { status: 404, message: 'No waste receipt with that id in this mode.' },
  CARRIER_WATCH_NOT_FOUND: { status: 404, message: 'No carrier watch with that id in this mode.' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'No webhook endpoint with that id in this mode.' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'No delivery with that id for this webhook endpoint.' },
  EVENT_NOT_FOUND: { status: 404, message: 'No event with that id in this mode.' },
  CONSIGNMENT_NOTE_NOT_FOUND: { status: 404, message: 'No consignment note with that id in this mode.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This route does not accept that method.' },
  ALREADY_SIGNED: { status: 409, message: 'This party has already signed the note.' },
  NOTE_SIGNED: {
    status: 409,
    message:
      'The note has been signed, so its content cannot change. To correct it, create a new note with `supersedes` set to its reference.',
  },
  NOTE_IMMUTABLE: {
    status: 409,
    message:
      'A transfer note is never edited or deleted. To correct it, create a new note with `supersedes` set to its reference.',
  },
  NOTE_SUPERSEDED: {
    status: 409,
    message: 'The note has been superseded by a correction: use the note that supersedes it.',
  },
  NOT_A_SEASON_TICKET: {
    status: 409,
    message: 'Collections can be logged only under a season ticket (a note created with `season_ticket`).',
  },
  PART_OUT_OF_ORDER: {
    status: 409,
    message:
      'Parts of a consignment note are signed in order: C (carrier), then D (consignor), then E (consignee).',
  },
  CONSIGNMENT_CODE_IN_USE: {
    status: 409,
    message:
      'This consignment code is already on another note of this producer: each consignment has its own.',
  },
  CARRIER_WATCH_EXISTS: {
    status: 409,
    message: 'This registration number is already watched in this mode.',
  },
  WEBHOOK_ENDPOINT_DISABLED: {
    status: 409,
    message: 'The webhook endpoint is disabled: enable it (PATCH with `"disabled": false`) first.',
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    status: 422,
    message:
      'The webhook URL must be https and must resolve only to public internet addresses (no private, loopback, link-local or metadata addresses).',
  },
  SUPERSEDED_NOTE_NOT_FOUND: {
    status: 422,
    message: '`supersedes` names no note of this organisation in this mode.',
  },
  SEASON_TICKET_NOT_ALLOWED: {
    status: 422,
    message:
      'A season ticket covers only non-hazardous waste; hazardous waste moves on a consignment note each time.',
  },
  TRANSFER_OUTSIDE_SEASON_TICKET: {
    status: 422,
    message: 'The collection date is outside the period the season ticket covers.',
  },
  CARRIER_REGISTRATION_EXPIRED: {
    status: 422,
    message: "The carrier's registration had expired on the collection date.",
  },
  NOT_HAZARDOUS_WASTE: {
    status: 422,
    message:
      'A consignment note is for hazardous waste: every line needs a hazardous (asterisked) List of Wastes code. Non-hazardous waste moves on a waste transfer note (POST /v1/generate-wtn).',
  },
  CONSIGNMENT_CODE_INVALID: {
    status: 422,
    message: 'The consignment code does not meet the coding standard.',
  },
  NATION_NOT_SUPPORTED: {
    status: 422,
    message:
      'Consignment notes here are for England and Wales. In Scotland SEPA, and in Northern Ireland NIEA, issue the codes and require pre-notification of each movement.',
  },
  CONSIGNMENT_NOTE_INVALID: {
    status: 422,
    message: 'The consignment note is not complete or not consistent: see details.',
  },
  CARRIER_NOT_REGISTERED: {
    status: 422,
    message: 'The carrier is not registered to carry waste: the waste must not be handed over.',
  },
  RECEIPT_CONSIGNMENT_NOTE_NOT_FOUND: {
    status: 422,
    message: '`consignment_note_id` names no consignment note of this organisation in this mode.',
  },
  RECEIPT_SITE_UNKNOWN: {
    status: 422,
    message: '`site_id` names no receiving site of this organisation in this mode.',
  },
  SITE_ARCHIVED: { status: 422, message: 'The site is archived and takes no new receipts.' },
  RECEIPT_WTN_NOT_FOUND: {
    status: 422,
    message: '`wtn_reference` names no transfer note of this organisation in this mode.',
  },
  RECEIPT_SITE_CHANGED: {
    status: 422,
    message: 'A correction cannot move a receipt to another site: DWT records it under the first site.',
  },
  RECEIPT_NOT_IN_REVIEW: {
    status: 409,
    message: 'Only a receipt in `needs_review` can be resolved.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is larger than 1 MiB.' },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request was not received in time: send the headers, then the body, without long pauses.',
  },
  URI_TOO_LONG: { status: 414, message: 'A path parameter is longer than 100 characters.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request body.',
  },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Too many requests.' },
  MONTHLY_QUOTA_EXCEEDED: {
    status: 429,
    message: "The key's monthly quota is spent: calls resume at 00:00 UTC on the 1st.",
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    message: 'The request line and headers exceed 16 KiB. Send long values in a JSON body instead.',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Something went wrong on our side. Quote the request_id to support.',
  },
  CLASSIFICATION_FAILED: { status: 500, message: 'The waste could not be classified. Try again.' },
  EA_REGISTER_UNAVAILABLE: {
    status: 503,
    message:
      "The Environment Agency's public register could not be reached. This is not a 'not found': try again shortly.",
  },
  DWT_NOT_CONFIGURED: {
    status: 503,
    message:
      "This service is not connected to DEFRA's Digital Waste Tracking service, so live receipts cannot be reported. Use a test key, or ask the operator to set DWT_API_URL, DWT_TOKEN_URL, DWT_CLIENT_ID and DWT_CLIENT_SECRET.",
  },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is not ready.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCodes;

export interface ErrorDetail {
  /** JSON pointer to the field, e.g. `/producer/name`; `/` for the body as a whole. */
  field: string;
  issue: string;
}

/** An error the client caused or should know about; leaves as the API's error envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];
  /** Extra response headers (e.g. Retry-After). */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[], headers?: Record<string, string>) {
    super(message ?? errorCodes[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.status = errorCodes[code].status;
    this.details = details;
    this.headers = headers;
  }
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    status: number;
    request_id: string;
    details?: ErrorDetail[];
  };
}

export function errorBody(error: ApiError, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      status: error.status,
      request_id: requestId,
      ...(error.details && error.details.length > 0 ? { details: error.details } : {}),
    },
  };
}
