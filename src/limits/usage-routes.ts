import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Clock } from '../platform/clock.ts';
import type { LimitService } from './limit-service.ts';

const UsageResponse = Type.Object({
  key: Type.Object({
    id: Type.String(),
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    counted: Type.Boolean({ description: 'false for test keys: their calls never count against the quota' }),
  }),
  plan: Type.String(),
  used: Type.Integer({ description: 'Calls counted this cycle.' }),
  limit: Type.Integer({ description: 'Calls allowed per calendar month (UTC) for this key.' }),
  remaining: Type.Integer(),
  cycle_start: Type.String({ format: 'date-time', description: '00:00 UTC on the 1st of this month.' }),
  resets_at: Type.String({ format: 'date-time', description: '00:00 UTC on the 1st of next month.' }),
  daily: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), calls: Type.Integer() }), {
    description: 'Every UTC day of the cycle so far, oldest first.',
  }),
  rate_limit: Type.Object({
    per_minute: Type.Integer({ description: 'Requests allowed in any 60 seconds.' }),
    remaining: Type.Integer({ description: 'Left in the current 60 seconds, after this request.' }),
    reset_at: Type.String({ format: 'date-time', description: 'When the next slot frees.' }),
  }),
});

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
        tags: ['Account'],
        summary: "This key's calls this month",
        description:
          'Calls counted against the monthly quota in the current cycle (a UTC calendar month), what remains, when it resets, and the calls of each day. Costs no quota.',
        response: { 200: UsageResponse },
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
