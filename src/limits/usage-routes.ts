import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../platform/clock.ts';
import { withExamples } from '../platform/openapi.ts';
import type { LimitService } from './limit-service.ts';

const UsageResponse = Type.Object({
  key: Type.Object({
    id: Type.String(),
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    counted: Type.Boolean({ description: 'false for test keys: their calls never count against the quota' }),
  }),
  plan: Type.String(),
  used: Type.Integer({
    description: 'Calls counted against the monthly quota this cycle: always 0 for a test key (see `calls`).',
  }),
  calls: Type.Integer({
    description:
      "Calls made this cycle, counted as a live key's are (billable routes, no 5xx or 429, no replay): the same as `used` for a live key; for a test key its calls, never counted against a quota or billed.",
  }),
  limit: Type.Integer({ description: 'Calls allowed per calendar month (UTC) for this key.' }),
  remaining: Type.Integer(),
  cycle_start: Type.String({ format: 'date-time', description: '00:00 UTC on the 1st of this month.' }),
  resets_at: Type.String({ format: 'date-time', description: '00:00 UTC on the 1st of next month.' }),
  daily: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), calls: Type.Integer() }), {
    description: 'Every UTC day of the cycle so far, oldest first, with its calls (as `calls` counts them).',
  }),
  rate_limit: Type.Object({
    per_minute: Type.Integer({ description: 'Requests allowed in any 60 seconds.' }),
    remaining: Type.Integer({ description: 'Left in the current 60 seconds, after this request.' }),
    reset_at: Type.String({ format: 'date-time', description: 'When the next slot frees.' }),
  }),
});

const USAGE_EXAMPLES = {
  liveKey: {
    summary: 'A live key on the starter plan, three days into the month',
    value: {
      key: { id: 'key_acGzP92ZMXAEtNBwAJqx', mode: 'live', counted: true },
      plan: 'starter',
      used: 13,
      calls: 13,
      limit: 200,
      remaining: 187,
      cycle_start: '2026-11-01T00:00:00.000Z',
      resets_at: '2026-12-01T00:00:00.000Z',
      daily: [
        { date: '2026-11-01', calls: 0 },
        { date: '2026-11-02', calls: 5 },
        { date: '2026-11-03', calls: 8 },
      ],
      rate_limit: { per_minute: 30, remaining: 29, reset_at: '2026-11-03T14:21:07.000Z' },
    },
  },
  testKey: {
    summary: 'A test key after 80 calls: shown, never counted',
    value: {
      key: { id: 'key_7Tq1mW4sLp9ZxB2cVn8d', mode: 'test', counted: false },
      plan: 'starter',
      used: 0,
      calls: 80,
      limit: 200,
      remaining: 200,
      cycle_start: '2026-11-01T00:00:00.000Z',
      resets_at: '2026-12-01T00:00:00.000Z',
      daily: [
        { date: '2026-11-01', calls: 0 },
        { date: '2026-11-02', calls: 0 },
        { date: '2026-11-03', calls: 80 },
      ],
      rate_limit: { per_minute: 120, remaining: 119, reset_at: '2026-11-03T14:21:07.000Z' },
    },
  },
};

/** GET /v1/usage: the calling key's quota use this cycle. Rate-limited like any call, never counted. */
export const usageRoutes: FastifyPluginAsyncTypebox<{ limits: LimitService; clock: Clock }> = async (
  app,
  { limits, clock },
) => {
  app.get(
    '/usage',
    {
      config: { billable: false },
      schema: {
        operationId: 'getUsage',
        tags: ['Account'],
        summary: "This key's calls this month",
        description:
          'Calls counted against the monthly quota in the current cycle (a UTC calendar month), what remains, when it resets, and the calls of each day. A test key is never counted (`used` stays 0), but its calls are shown in `calls` and `daily`. Costs no quota. Every single request, whatever it cost, is in the request log (`GET /v1/requests`).',
        response: { 200: withExamples(UsageResponse, USAGE_EXAMPLES) },
      },
    },
    async (request) => {
      const { auth } = request;
      const usage = await limits.usage(auth);
      const state = request.limitState;
      return {
        key: { id: auth.keyId, mode: auth.mode, counted: auth.mode === 'live' },
        plan: auth.plan,
        ...usage,
        rate_limit: {
          per_minute: auth.limits.perMinute,
          remaining: state ? Math.max(0, state.perMinute - state.windowCount) : auth.limits.perMinute,
          reset_at: new Date(state?.nextSlotAtMs ?? clock.now().getTime()).toISOString(),
        },
      };
    },
  );
};
