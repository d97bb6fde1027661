/** The plans a customer can be on, and what each allows per API key. */
export const PLAN_NAMES = ['free', 'starter', 'professional', 'business', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  /** Calls per calendar month (UTC) per live key. */
  monthly: number;
  /** Requests in any 60 seconds per key. */
  perMinute: number;
}

/** Enterprise limits are agreed per organisation; these apply until they are set. */
export const PLAN_LIMITS: Record<PlanName, PlanLimits> = {
  free: { monthly: 50, perMinute: 10 },
  starter: { monthly: 200, perMinute: 30 },
  professional: { monthly: 1_000, perMinute: 60 },
  business: { monthly: 10_000, perMinute: 120 },
  enterprise: { monthly: 100_000, perMinute: 600 },
};

/**
 * Test keys are for building and running integrations: their calls are never counted against the month,
 * and they may make this many requests a minute on every plan (or the plan's own rate, if higher), so a
 * developer trying the API or running a test suite is not throttled like a free live key.
 */
export const TEST_MODE_PER_MINUTE = 120;

export function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}

/** The limits in force for an organisation's live keys: its plan's, or for enterprise the agreed figures. */
export function limitsFor(org: {
  plan: string;
  monthly_limit: number | null;
  per_minute_limit: number | null;
}): PlanLimits {
  const base = PLAN_LIMITS[isPlanName(org.plan) ? org.plan : 'free'];
  if (org.plan !== 'enterprise') return base;
  return {
    monthly: org.monthly_limit ?? base.monthly,
    perMinute: org.per_minute_limit ?? base.perMinute,
  };
}

/** The per-minute rate of a test key in this organisation. */
export function testModePerMinute(live: PlanLimits): number {
  return Math.max(TEST_MODE_PER_MINUTE, live.perMinute);
}
