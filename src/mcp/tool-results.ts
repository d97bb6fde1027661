import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorDetail } from '../platform/errors.ts';
import { type ApiResponse, ApiUnreachableError } from './api-caller.ts';

interface ErrorEnvelope {
  error?: {
    code?: string;
    message?: string;
    status?: number;
    request_id?: string;
    details?: { field: string; issue: string }[];
  };
}

/** What to do next, for the codes whose message alone would leave an assistant guessing. */
const NEXT_STEP: Record<string, string> = {
  INVALID_API_KEY:
    'Check the API key this MCP server was configured with (WCS_API_KEY for `wcs mcp`, the Authorization header for /mcp).',
  MONTHLY_QUOTA_EXCEEDED:
    "This key's calls for the month are spent: trying again before the reset is refused the same way. Tell the user; a larger plan or next month's quota lifts it.",
  EA_REGISTER_UNAVAILABLE:
    'The register could not be asked: this says nothing about the carrier. Try again in a few minutes.',
  INTERNAL_ERROR: 'The service failed; try again, and quote the request id if it persists.',
  NOT_HAZARDOUS_WASTE:
    'A consignment note is for hazardous waste only: record non-hazardous waste with generate_transfer_note.',
  PART_OUT_OF_ORDER:
    'Parts are signed C (carrier), D (consignor), E (consignee): get_consignment_note says which is next.',
};

/** A successful tool answer: a few lines an assistant can quote, and the key fields as data. */
export function toolAnswer(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/**
 * An API refusal as a tool result (`isError: true`), never a thrown error: the code, the API's own
 * message (which says what to fix), each field problem, and for a 429 when to try again.
 */
export function apiErrorResult(response: ApiResponse): CallToolResult {
  const error = (response.body as ErrorEnvelope | undefined)?.error;
  const code = error?.code ?? `HTTP_${response.status}`;
  const lines = [
    `${code} (HTTP ${response.status}): ${error?.message ?? 'the service gave no explanation.'}`,
  ];
  for (const detail of error?.details ?? []) lines.push(`- ${detail.field}: ${detail.issue}`);
  const retryAfter = response.headers['retry-after'];
  if (response.status === 429 && retryAfter) lines.push(`Retry after ${retryAfter} s.`);
  if (NEXT_STEP[code]) lines.push(NEXT_STEP[code]);
  if (error?.request_id) lines.push(`Request id: ${error.request_id}`);
  return {
    isError: true,
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: {
      error: {
        code,
        status: response.status,
        message: error?.message ?? null,
        details: error?.details ?? [],
        retry_after_seconds: retryAfter === undefined ? null : Number(retryAfter),
        request_id: error?.request_id ?? null,
      },
    },
  };
}

/**
 * Arguments the MCP server refused before calling the API: the API's INVALID_REQUEST, with each field
 * and what is wrong with it, in the structured shape of an API refusal (no HTTP status or request id,
 * since no request was made).
 */
export function invalidArgumentsResult(tool: string, details: ErrorDetail[]): CallToolResult {
  const message = `The arguments for ${tool} are not valid: see each field below. Nothing was sent to the service.`;
  const lines = [`INVALID_REQUEST: ${message}`, ...details.map((d) => `- ${d.field}: ${d.issue}`)];
  lines.push("Fix these and call the tool again; tools/list gives each tool's inputs.");
  return {
    isError: true,
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: {
      error: {
        code: 'INVALID_REQUEST',
        status: null,
        message,
        details,
        retry_after_seconds: null,
        request_id: null,
      },
    },
  };
}

/** The service could not be reached at all (`wcs mcp` pointed at a server that is down). */
export function unreachableResult(message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `SERVICE_UNREACHABLE: ${message}` }],
    structuredContent: { error: { code: 'SERVICE_UNREACHABLE', message } },
  };
}

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as const;

/** Calls the API and turns its answer into a tool result; refusals become isError results, never throws. */
export async function answer<T>(
  request: () => Promise<ApiResponse>,
  summarise: (body: T) => { text: string; structured: Record<string, unknown> },
): Promise<CallToolResult> {
  let response: ApiResponse;
  try {
    response = await request();
  } catch (error) {
    if (error instanceof ApiUnreachableError) return unreachableResult(error.message);
    throw error;
  }
  if (response.status >= 400 || response.body === undefined) return apiErrorResult(response);
  const { text, structured } = summarise(response.body as T);
  return toolAnswer(text, structured);
}
