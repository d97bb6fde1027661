import { errorResponse, type NamedExamples } from '../platform/openapi.ts';

const verified = {
  id: 'req_Qm3xY0aZ-t1c000042',
  object: 'api_request',
  method: 'POST',
  route: '/v1/verify-carrier',
  path: '/v1/verify-carrier',
  status: 200,
  error_code: null,
  key: { id: 'key_acGzP92ZMXAEtNBwAJqx', prefix: 'wcs_test_AbC1…' },
  mode: 'test',
  duration_ms: 4.2,
  created_at: '2026-11-23T09:00:02.118Z',
};

const refused = {
  ...verified,
  id: 'req_Qm3xY0aZ-t1c000041',
  method: 'GET',
  route: '/v1/wtn/{reference}',
  path: '/v1/wtn/WTN-2026-1121-K7Q2',
  status: 404,
  error_code: 'WTN_NOT_FOUND',
  duration_ms: 1.7,
  created_at: '2026-11-23T09:00:01.540Z',
};

export const REQUEST_LIST_EXAMPLES: NamedExamples = {
  page: {
    summary: 'The latest requests of a test key, newest first',
    value: { data: [verified, refused], has_more: true, next_starting_after: refused.id },
  },
  errors: {
    summary: 'Only its errors (`status=4xx`)',
    value: { data: [refused], has_more: false, next_starting_after: null },
  },
};

export const REQUEST_LIST_INVALID = errorResponse(
  'A filter is not valid, or `starting_after` is not one of yours.',
  [
    {
      summary: 'A status that is not a status or a class',
      code: 'INVALID_REQUEST',
      message: 'The query string is not valid: see details.',
      details: [{ field: 'status', issue: 'is not in the expected format' }],
    },
    {
      summary: 'A time range in the wrong order',
      code: 'INVALID_REQUEST',
      message: 'created_to must be on or after created_from.',
      details: [{ field: 'created_to', issue: 'must be on or after created_from' }],
    },
    {
      summary: 'Unknown cursor',
      code: 'INVALID_REQUEST',
      message: 'starting_after is not the id of one of your requests.',
      details: [{ field: 'starting_after', issue: 'is not one of your requests in this mode' }],
    },
  ],
);
