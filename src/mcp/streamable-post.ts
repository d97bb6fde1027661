import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  isInitializeRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type JSONRPCRequest,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyRequest } from 'fastify';
import type { JsonExchanges } from './json-exchanges.ts';
import { serialisedResult } from './mcp-server.ts';

/** What a client that takes JSON says in Accept: this server always answers JSON. */
const TAKES_JSON = /application\/json|application\/\*|\*\/\*/;

/** The HTTP answer to one POST: its status and JSON text (none for a 202). */
export interface PostAnswer {
  status: number;
  json?: string;
}

/** An answer the transport gives itself, as the SDK's transport words it: a JSON-RPC error with no id. */
function refusal(status: number, code: number, message: string): PostAnswer {
  return { status, json: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }) };
}

/** The server's answer as JSON text, an unchanging result (the tool list) put in as serialised once. */
function jsonOf(answer: JSONRPCMessage): string {
  const result = 'result' in answer ? serialisedResult(answer.result) : undefined;
  // The order JSON.stringify(answer) gives: the SDK answers { result, jsonrpc, id }.
  if (result !== undefined && 'id' in answer && Object.keys(answer).length === 3) {
    return `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(answer.id)}}`;
  }
  return JSON.stringify(answer);
}

/**
 * One POST of the Streamable HTTP transport (MCP 2025-06-18, Transports), stateless and answering JSON:
 * the checks the SDK's own transport makes, with its statuses and messages, then the message handed to
 * the server. A request is answered 200 with the server's response; a notification or a response from
 * the client is 202 with no body.
 */
export async function exchange(
  exchanges: JsonExchanges,
  request: FastifyRequest,
  authInfo: AuthInfo,
): Promise<PostAnswer> {
  // The transport requires both application/json and text/event-stream in Accept; a client that takes
  // JSON (or anything, or says nothing) gets the JSON answer this server always sends rather than a 406.
  const accept = request.headers.accept;
  if (accept && !TAKES_JSON.test(accept)) {
    return refusal(
      406,
      -32000,
      'Not Acceptable: Client must accept both application/json and text/event-stream',
    );
  }
  if (!isJsonContentType(request.headers['content-type'])) {
    return refusal(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
  }
  const parsed = JSONRPCMessageSchema.safeParse(request.body);
  if (!parsed.success) return refusal(400, -32700, 'Parse error: Invalid JSON-RPC message');
  const message = parsed.data;
  // The SDK's type guards are zod parses, and one that fails builds its errors: a method name settles
  // most messages first.
  if ((message as { method?: unknown }).method !== 'initialize' || !isInitializeRequest(message)) {
    const header = request.headers['mcp-protocol-version'];
    const version = Array.isArray(header) ? header.join(', ') : header;
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return refusal(
        400,
        -32000,
        `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      );
    }
  }
  // A message that is a JSON-RPC message and has both a method and an id is a request.
  if (!('method' in message && 'id' in message)) {
    exchanges.deliver(message, authInfo);
    return { status: 202 };
  }
  return { status: 200, json: jsonOf(await exchanges.exchange(message as JSONRPCRequest, authInfo)) };
}
