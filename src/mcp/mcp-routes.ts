import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService } from '../accounts/account-service.ts';
import { installAuthentication } from '../accounts/auth-hook.ts';
import { limitHeaders } from '../limits/limit-headers.ts';
import type { LimitService } from '../limits/limit-service.ts';
import { ApiError } from '../platform/errors.ts';
import { inProcessApiCaller } from './api-caller.ts';
import { inProcessCaller } from './in-process-call.ts';
import { authInfoFor } from './json-exchanges.ts';
import { createSharedMcpServer } from './mcp-server.ts';
import { exchange } from './streamable-post.ts';

export interface McpRoutesOptions {
  accounts: AccountService;
  limits: LimitService;
}

const LIMIT_HEADER = /^(x-ratelimit-|x-monthly-|ratelimit)/;

/**
 * POST /mcp: the MCP Streamable HTTP transport, stateless (no session id: any instance behind a load
 * balancer can answer any request), answering JSON. One MCP server per process answers every request
 * (createSharedMcpServer); each message reaches it with the API caller of its own request's key.
 *
 * The key is checked first, by the same hook as /v1: a missing or refused key is a 401 in the API's
 * envelope before any MCP processing. Protocol messages (initialize, tools/list, ping) count in the
 * key's per-minute window and never in its month. A tool call is counted once, by the /v1 call its
 * tool makes in-process with the caller's own key (window, quota and idempotency as for REST), so its
 * refusal (429 included) comes back as a tool result. GET and DELETE are answered 405 by the app's
 * not-found handler: a stateless server offers no event stream and no session to end.
 */
export const mcpRoutes: FastifyPluginAsync<McpRoutesOptions> = async (app, { accounts, limits }) => {
  const { server, exchanges } = await createSharedMcpServer();
  const send = inProcessCaller(app);
  app.addHook('onClose', async () => server.close());
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    done();
  });
  installAuthentication(app, accounts);

  app.post('/mcp', { schema: { hide: true } }, async (request, reply) => {
    if (request.body === undefined) {
      throw new ApiError(
        'INVALID_REQUEST',
        'POST /mcp expects a JSON-RPC message sent with Content-Type: application/json.',
      );
    }
    if (Array.isArray(request.body)) {
      // Each message must take its own request of the window; MCP dropped batches in 2025-06-18.
      throw new ApiError(
        'INVALID_REQUEST',
        'POST /mcp takes one JSON-RPC message per request; send the messages of a batch one at a time.',
      );
    }
    const toolCalls = (request.body as { method?: unknown } | null)?.method === 'tools/call';
    if (!toolCalls) await admit(request, reply);

    let apiCalls = 0;
    // A tool call's answer carries the limits of the API call it made, as that call's REST answer would;
    // the log links this request to that call's own request id.
    const relayLimits: Parameters<typeof inProcessApiCaller>[2] = ({ method, path, status, headers }) => {
      apiCalls++;
      request.log.info(
        { api: { method, path, status, request_id: headers['request-id'] } },
        'MCP tool called the API',
      );
      if (reply.sent) return;
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined && LIMIT_HEADER.test(name)) reply.header(name, value);
      }
    };
    const api = inProcessApiCaller(send, request.headers.authorization, relayLimits);
    const answer = await exchange(exchanges, request, authInfoFor(api));
    if (answer.json === undefined) void reply.code(answer.status).send();
    else void reply.code(answer.status).type('application/json').send(answer.json);
    // A tool call refused before it reached the API (unknown tool, arguments that do not fit) is
    // still a request: it takes its slot in the window, after the answer, so it is never free.
    if (toolCalls && apiCalls === 0) {
      await limits.admit(request.auth, false).catch((err) => request.log.error({ err }, 'could not count'));
    }
    return reply;
  });

  /** One request of the key's per-minute window, never a monthly call; over the window, a 429. */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const state = await limits.admit(request.auth, false);
    reply.headers(limitHeaders(state));
    if (!state.allowed) throw limits.windowExceeded(state);
  }
};
