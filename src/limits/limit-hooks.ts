import { Stream } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitHeaders, monthlyHeaders } from './limit-headers.ts';
import type { LimitService, LimitState } from './limit-service.ts';
import '../platform/idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whether this request spends a call of the monthly quota: true for live keys on billable routes.
     * A replay (request.idempotentReplay, src/platform/idempotency.ts) is never counted.
     */
    countsTowardQuota: boolean;
    /** The limits applied to this request (null until admitted). */
    limitState: LimitState | null;
    /**
     * Of the calls a request worth several held (config.calls), how many it served: set by the handler
     * when some parts of it are not to be paid for (a batch's numbers the register could not answer).
     */
    callsServed: number | undefined;
    /** Set at onSend for a streamed answer: whether its call counts once the stream has been sent. */
    countsWhenSent: boolean;
  }
  interface FastifyContextConfig {
    /**
     * How many monthly calls a request is worth, once its body is validated (default one): a batch of
     * carrier checks is one per number.
     */
    calls?: (request: FastifyRequest) => number;
    /**
     * What the schema cannot check of a request (a date range in the wrong order, say), run once its
     * schema is validated and before its monthly call is held: a request it refuses is never counted,
     * as a request the schema refuses is not.
     */
    check?: (request: FastifyRequest) => void;
    /**
     * A HEAD this route answers with headers alone, reading and rendering nothing (a PDF, a CSV
     * export): it is never counted. Any other HEAD runs the GET's handler, so it counts as the GET.
     */
    headOnly?: (request: FastifyRequest) => boolean;
  }
}

/** A HEAD its route answers with headers alone: rate-limited, never counted. */
function headOnly(request: FastifyRequest): boolean {
  return request.method === 'HEAD' && request.routeOptions.config.headOnly?.(request) === true;
}

/**
 * Installs the limits on a scope whose requests are authenticated (after installAuthentication and
 * installIdempotency). The order of checks (CONVENTIONS.md): authenticate -> rate limit (onRequest) ->
 * validation -> idempotency replay (preHandler) -> the route's own checks (config.check) -> monthly
 * quota (preHandler) -> handler, so a rejected or replayed request never spends quota. A billable
 * request the window admits holds its monthly call in the same store round trip; preHandler confirms the
 * hold or refuses. A call is counted at onSend, once its status is known (a streamed answer when its
 * response closes), and only if it passed the quota check and is neither a 5xx (a client never pays for
 * our faults) nor a 429 (issue 3); otherwise its hold is given back. A test key's calls are counted by
 * the same rule for its usage report only: never held, limited or billed.
 */
export function installLimits(scope: FastifyInstance, limits: LimitService): void {
  scope.decorateRequest('countsTowardQuota', false);
  scope.decorateRequest('limitState', null);
  scope.decorateRequest('callsServed', undefined);
  scope.decorateRequest('countsWhenSent', false);

  scope.addHook('onRequest', async (request, reply) => {
    const { auth } = request;
    request.countsTowardQuota =
      auth.mode === 'live' && request.routeOptions.config.billable !== false && !headOnly(request);
    const state = await limits.admit(auth, request.countsTowardQuota);
    request.limitState = state;
    reply.headers(limitHeaders(state));
    if (!state.allowed) throw limits.windowExceeded(state);
  });

  scope.addHook('preHandler', async (request, reply) => {
    const config = request.routeOptions.config;
    config.check?.(request);
    const state = request.limitState;
    if (!state) return;
    if (!state.live) {
      // Test calls are counted as a live key's would be, for the usage report alone (never limited).
      if (config.billable !== false && !headOnly(request)) {
        limits.noteTestCalls(state, config.calls?.(request) ?? 1);
      }
      return;
    }
    if (!request.countsTowardQuota) return;
    const calls = config.calls?.(request) ?? 1;
    const reserved = (await limits.reserve(state)) && (await limits.reserveMore(state, calls - 1));
    reply.headers(monthlyHeaders(state));
    if (!reserved) throw limits.quotaExceeded(state, calls);
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const state = request.limitState;
    if (state && limits.unsettled(state)) {
      // Status known: count the call, or give back its hold (also for one that never reached preHandler).
      const status = reply.statusCode;
      const counted =
        (request.countsTowardQuota || state.testCalls !== undefined) &&
        !request.idempotentReplay &&
        status < 500 &&
        status !== 429;
      if (payload instanceof Stream) {
        // A streamed answer (a CSV export) is settled when its response closes, so that one the service
        // fails to finish (callsServed set to 0) is given back; one the client leaves counts. Its headers
        // show it counted. (onResponse does not run for a response that was destroyed.)
        request.countsWhenSent = counted;
        reply.raw.once('close', () => void limits.settle(state, counted, request.callsServed));
      } else {
        await limits.settle(state, counted, request.callsServed);
      }
      if (state.live) reply.headers(monthlyHeaders(state));
    }
    return payload;
  });

  // A streamed answer that finished is settled here or at its close, whichever comes first; a response
  // that failed before onSend is not counted.
  scope.addHook('onResponse', async (request) => {
    if (request.limitState) {
      await limits.settle(request.limitState, request.countsWhenSent, request.callsServed);
    }
  });
}
