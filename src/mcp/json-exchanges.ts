import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { ApiCaller } from './api-caller.ts';

/** What a message from /mcp carries to the tools: the API as the request's own key reaches it. */
export function authInfoFor(api: ApiCaller): AuthInfo {
  return { token: '', clientId: '', scopes: [], extra: { api } };
}

/** The ApiCaller an /mcp message carried (authInfoFor), if any. */
export function apiOf(authInfo: AuthInfo | undefined): ApiCaller | undefined {
  return authInfo?.extra?.api as ApiCaller | undefined;
}

/**
 * The transport of the one MCP server that answers every POST /mcp (stateless Streamable HTTP with
 * JSON responses). Each request's message is handed to the server under an id of the transport's own,
 * so messages from different clients that use the same JSON-RPC id never meet, and the server's answer
 * is given back under the client's id. The SDK's own HTTP transport, built per request, converted each
 * request to a web Request and its answer from a web Response, and with its server was most of an MCP
 * call's cost.
 *
 * Nothing is kept between requests, as with a transport per request: no session, no stream. Messages
 * the server would send outside an answer (notifications, requests to the client) have no stream to go
 * to, and are dropped as the SDK's transport drops them in JSON response mode.
 */
export class JsonExchanges implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: () => void;
  onerror?: (error: Error) => void;
  #lastId = 0;
  readonly #waiting = new Map<number, { id: RequestId; answer(message: JSONRPCMessage): void }>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.#waiting.clear();
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The server's own messages: an answer has an id and a result or an error (no zod parse needed).
    if (!('id' in message) || !('result' in message || 'error' in message)) return;
    const waiting = this.#waiting.get(message.id as number);
    if (!waiting) return;
    this.#waiting.delete(message.id as number);
    waiting.answer({ ...message, id: waiting.id });
  }

  /** Hands a request to the server and resolves with its answer, under the request's own id. */
  exchange(request: JSONRPCRequest, authInfo: AuthInfo): Promise<JSONRPCMessage> {
    const id = ++this.#lastId;
    return new Promise((answer) => {
      this.#waiting.set(id, { id: request.id, answer });
      this.onmessage?.({ ...request, id }, { authInfo });
    });
  }

  /** Hands over a notification or a response: nothing is answered. */
  deliver(message: JSONRPCMessage, authInfo: AuthInfo): void {
    this.onmessage?.(message, { authInfo });
  }
}
