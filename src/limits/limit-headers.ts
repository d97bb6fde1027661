import type { LimitState } from './limit-service.ts';

/**
 * The headers on every authenticated response, errors included (issue 3): the conventional
 * X-RateLimit-* and X-Monthly-* fields, and the same two policies in the IETF draft's structured
 * fields (draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy` names each quota policy with its
 * quota `q` and window `w` in seconds; `RateLimit` gives what `r` remains and in `t` seconds it resets).
 */
export function limitHeaders(state: LimitState): Record<string, string> {
  if (!state.live) return testModeHeaders(state);
  const cycleSeconds = Math.round((state.cycle.end.getTime() - state.cycle.start.getTime()) / 1000);
  return {
    'x-ratelimit-limit': String(state.perMinute),
    'x-ratelimit-remaining': String(windowRemaining(state)),
    'x-ratelimit-reset': String(Math.ceil(state.nextSlotAtMs / 1000)),
    'x-monthly-limit': String(state.monthlyLimit),
    'x-monthly-remaining': String(monthlyRemaining(state)),
    'ratelimit-policy': `"per-minute";q=${state.perMinute};w=60, "monthly";q=${state.monthlyLimit};w=${cycleSeconds}`,
    ratelimit: `${windowItem(state)}, ${monthlyItem(state)}`,
  };
}

/**
 * Test keys have no monthly quota: their calls are never counted. The headers say so in as many words
 * (`X-Monthly-Counted: false`) and carry only the per-minute window.
 */
function testModeHeaders(state: LimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.perMinute),
    'x-ratelimit-remaining': String(windowRemaining(state)),
    'x-ratelimit-reset': String(Math.ceil(state.nextSlotAtMs / 1000)),
    'x-monthly-counted': 'false',
    'ratelimit-policy': `"per-minute";q=${state.perMinute};w=60`,
    ratelimit: windowItem(state),
  };
}

/** Only the monthly figures change after the quota check; the window's were set when it was counted. */
export function monthlyHeaders(state: LimitState): Record<string, string> {
  return {
    'x-monthly-remaining': String(monthlyRemaining(state)),
    ratelimit: `${windowItem(state)}, ${monthlyItem(state)}`,
  };
}

function windowRemaining(state: LimitState): number {
  return Math.max(0, state.perMinute - state.windowCount);
}

function windowItem(state: LimitState): string {
  const resetIn = Math.max(0, Math.ceil((state.nextSlotAtMs - state.nowMs) / 1000));
  return `"per-minute";r=${windowRemaining(state)};t=${resetIn}`;
}

function monthlyRemaining(state: LimitState): number {
  return Math.max(0, state.monthlyLimit - state.monthlyUsed);
}

function monthlyItem(state: LimitState): string {
  const resetIn = Math.max(0, Math.ceil((state.cycle.end.getTime() - state.nowMs) / 1000));
  return `"monthly";r=${monthlyRemaining(state)};t=${resetIn}`;
}
