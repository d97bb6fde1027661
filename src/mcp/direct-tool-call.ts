import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  ErrorCode,
  type JSONRPCMessage,
  type JSONRPCRequest,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolExtra } from './api-caller.ts';

/** Request members the direct path knows; anything else (`_meta`, a task) is left to the SDK. */
const PLAIN_REQUEST = new Set(['jsonrpc', 'id', 'method', 'params']);
const PLAIN_PARAMS = new Set(['name', 'arguments']);

/** A tools/call with nothing but a tool's name and its arguments: the direct path answers it as the SDK would. */
export function isPlainToolCall(request: JSONRPCRequest): boolean {
  for (const key in request) if (!PLAIN_REQUEST.has(key)) return false;
  for (const key in request.params ?? {}) if (!PLAIN_PARAMS.has(key)) return false;
  return true;
}

type AnyToolCallback = (args: unknown, extra: ToolExtra) => unknown;

/**
 * Runs a tool whose arguments the guard has already parsed, and sends its answer, as the SDK's own
 * tools/call handling does for such a request: a tool that throws answers an `isError` result with the
 * error's message, and the result is checked against CallToolResult (which also gives its members the
 * SDK's order). What it leaves out is what a plain call never needs: the request parsed twice more and
 * the arguments once more (the guard parsed them), a cancellation handle no stateless request can
 * reach, and the task and `_meta` handling.
 */
export function callToolDirectly(
  server: Server,
  transport: Transport,
  request: JSONRPCRequest,
  callback: ToolCallback<never>,
  args: unknown,
  authInfo: AuthInfo | undefined,
): void {
  const id = request.id;
  const extra: ToolExtra = {
    signal: new AbortController().signal,
    sessionId: transport.sessionId,
    _meta: undefined,
    sendNotification: (notification) => server.notification(notification, { relatedRequestId: id }),
    sendRequest: (message, schema, options) =>
      server.request(message, schema, { ...options, relatedRequestId: id }),
    authInfo,
    requestId: id,
    requestInfo: undefined,
  };
  Promise.resolve()
    .then(() => (callback as unknown as AnyToolCallback)(args, extra))
    .catch((error: unknown) => {
      if (error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired) throw error;
      return {
        content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }],
        isError: true,
      };
    })
    .then((result): JSONRPCMessage => {
      const checked = CallToolResultSchema.safeParse(result);
      if (!checked.success) {
        throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${checked.error.message}`);
      }
      return { result: checked.data, jsonrpc: '2.0', id };
    })
    .catch((error: { code?: unknown; message?: string; data?: unknown }): JSONRPCMessage => {
      const code = Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError;
      const message = error.message ?? 'Internal error';
      return {
        jsonrpc: '2.0',
        id,
        error: { code, message, ...(error.data !== undefined && { data: error.data }) },
      };
    })
    .then((answer) => transport.send(answer))
    .catch((error: Error) => server.onerror?.(error));
}
