// The OpenAPI document's prose (the introduction and the tags) and the response headers every /v1
// response carries. Routes document themselves; this is what no single route owns.

/** A request id as the service writes them (src/platform/ids.ts), for examples. */
export const EXAMPLE_REQUEST_ID = 'req_Qm3xY0aZ-t1c000042';

export const API_DESCRIPTION = `Verify waste carriers against the Environment Agency public register, classify waste with List of Wastes (EWC) codes, and issue digital waste transfer notes for UK duty of care.

## Start here

1. Sign up in the [developer portal](/portal) and create a **test key** (\`wcs_test_…\`), or in the project folder run \`export WCS_API_KEY=$(npx wcs key create --mode test)\` (the key is for the only organisation, created if there is none; add \`--org ORG_ID\` when there are several).
2. Send it on every \`/v1\` request as \`Authorization: Bearer $WCS_API_KEY\`.
3. Check it with \`curl -s http://127.0.0.1:8080/v1/account -H "Authorization: Bearer $WCS_API_KEY"\` (the service's default address), then verify a sandbox carrier: \`POST /v1/verify-carrier\` with \`{"registration_number": "CBDU100001"}\`.

Test keys see only test data and the sandbox register (fixed carriers such as CBDU100001, valid, and CBDU100503, which answers as a register outage does) and are never counted. Live keys (\`wcs_live_…\`) check the real register and count against the monthly quota.

## Errors

Every error is one envelope, \`{"error": {"code", "message", "status", "request_id", "details"?}}\`. Branch on \`code\`; every code, its status and what to do about it is in the [errors guide](/docs/guides/errors). Every response carries a \`Request-Id\` header: quote it to support.

## Limits

Each key has a per-minute rate limit and, for live keys, a monthly quota; every authenticated response carries the \`X-RateLimit-*\`, \`X-Monthly-*\`, \`RateLimit-Policy\` and \`RateLimit\` headers, and a \`429\` carries \`Retry-After\`. See the [limits guide](/docs/guides/limits).

## Guides

How each capability decides (statuses, flags, confidence, the transfer note's checks) is in the [guides](/docs/guides).`;

export const API_TAGS = [
  {
    name: 'Account',
    description:
      'The calling key, its organisation and plan, its use of the monthly quota, and the request log: every call made with the keys of its organisation. Costs no quota.',
  },
  {
    name: 'Carriers',
    description:
      'Check a waste carrier, broker or dealer against the Environment Agency public register: status, expiry, compliance flags and what to do. See the [carriers guide](/docs/guides/carriers).',
  },
  {
    name: 'Classification',
    description:
      'Rank List of Wastes (EWC) codes for a plain-English description, and look codes up. See the [classification guide](/docs/guides/classification).',
  },
  {
    name: 'Waste transfer notes',
    description:
      'Record a transfer note with its duty-of-care checks, read it back, list notes and print them. See the [transfer notes guide](/docs/guides/wtn).',
  },
  {
    name: 'Carrier watches',
    description:
      'Registration numbers the service re-checks against the register every day, with an event when one nears expiry, expires, is removed or changes. See the [webhooks guide](/docs/guides/webhooks).',
  },
  {
    name: 'Webhooks',
    description:
      'Endpoints that receive signed events, the events themselves, and every delivery attempt. See the [webhooks guide](/docs/guides/webhooks).',
  },
  {
    name: 'Receiving sites',
    description:
      'The permitted sites waste arrives at, with their permit numbers and DEFRA Digital Waste Tracking API code. See the [DWT guide](/docs/guides/dwt).',
  },
  {
    name: 'Consignment notes',
    description:
      "Hazardous waste consignment notes (Parts A to E) from the producer's premises to the consignee, with codes, signatures in legal order, rejected loads, multiple collections and the consignee's quarterly return. See the [consignment notes guide](/docs/guides/consignment-notes).",
  },
  {
    name: 'Waste receipts',
    description:
      "Report each load a site receives to DEFRA's Digital Waste Tracking service: checked as DWT checks it, stored, then submitted and followed to a waste tracking id. See the [DWT guide](/docs/guides/dwt).",
  },
];

const header = (description: string, type: 'string' | 'integer', example: string | number) => ({
  description,
  schema: { type },
  example,
});

/** The headers set by src/platform (Request-Id), src/limits/limit-headers.ts and the auth hook. */
export const RESPONSE_HEADERS = {
  'Request-Id': header(
    'Identifies this request; an error body repeats it as `error.request_id`. Quote it to support.',
    'string',
    EXAMPLE_REQUEST_ID,
  ),
  'X-RateLimit-Limit': header('Requests this key may make in any 60 seconds.', 'integer', 30),
  'X-RateLimit-Remaining': header('Requests left in the current 60 seconds, after this one.', 'integer', 29),
  'X-RateLimit-Reset': header(
    'Unix time (seconds) when the oldest request in the window leaves it and the next slot frees.',
    'integer',
    1795457987,
  ),
  'X-Monthly-Limit': header('Live keys: calls this key may make this calendar month (UTC).', 'integer', 200),
  'X-Monthly-Remaining': header('Live keys: calls left this month, after this one.', 'integer', 187),
  'X-Monthly-Counted': header(
    'Test keys: always `false`. Test calls are never counted against the month, so test-key responses carry this instead of the monthly figures, and only the per-minute policy.',
    'string',
    'false',
  ),
  'RateLimit-Policy': header(
    'The two limits in the form of the IETF draft (draft-ietf-httpapi-ratelimit-headers): quota `q` per window `w` seconds; the monthly window is the length of the current month.',
    'string',
    '"per-minute";q=30;w=60, "monthly";q=200;w=2592000',
  ),
  RateLimit: header(
    'What remains of each limit (`r`) and in how many seconds it resets (`t`).',
    'string',
    '"per-minute";r=29;t=60, "monthly";r=187;t=625271',
  ),
  'Retry-After': header(
    'Whole seconds to wait: on a 429, until a slot frees (rate limit) or until 00:00 UTC on the 1st (monthly quota); on a 503 EA_REGISTER_UNAVAILABLE answered at once because recent register calls failed, until the next trial call.',
    'integer',
    42,
  ),
  'WWW-Authenticate': header(
    'The Bearer scheme (RFC 6750 section 3), with `error="invalid_token"` when a key was sent and refused.',
    'string',
    'Bearer realm="api", error="invalid_token"',
  ),
};

type HeaderName = keyof typeof RESPONSE_HEADERS;

const LIMIT_HEADERS: HeaderName[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Monthly-Limit',
  'X-Monthly-Remaining',
  'X-Monthly-Counted',
  'RateLimit-Policy',
  'RateLimit',
];

/**
 * Which headers a /v1 response carries, by status: the limits are checked after authentication, so a
 * 401 has none of theirs (docs/limits.md), and a 429 or 503 may say when to come back.
 */
export function headersFor(status: string): HeaderName[] {
  if (status === '401') return ['Request-Id', 'WWW-Authenticate'];
  const retry = status === '429' || status === '503';
  return ['Request-Id', ...LIMIT_HEADERS, ...(retry ? (['Retry-After'] as const) : [])];
}

interface Operation {
  responses?: Record<string, { headers?: Record<string, unknown> }>;
}

/** Adds the headers of headersFor to every response of every /v1 operation, by reference. */
export function documentResponseHeaders<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const [path, operations] of Object.entries(paths)) {
    if (!path.startsWith('/v1/')) continue;
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const refs = Object.fromEntries(
          headersFor(status).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
        );
        response.headers = { ...refs, ...response.headers };
      }
    }
  }
  return document;
}
