import type { LimitState } from './limit-service.ts';

/**
 * The headers on every authenticated response, errors included (issue 3): the conventional
 * X-RateLimit-* and X-Monthly-* fields, and the same two policies in the IETF draft's structured
 * fields (draft-ietf-httpapi-ratelimit-headers-10: `RateLimit-Policy` names each quota policy with its
 * quota `q` and window `w` in seconds; `RateLimit` gives what `r` remains and in `t` seconds it resets).
 */
export function limitHeaders(state: LimitState): Record<string, string> {
  const windowRemaining = Math.max(0, state.perMinute - state.windowCount);
  const monthlyRemaining = Math.max(0, state.monthlyLimit - state.monthlyUsed);
  const windowResetIn = Math.max(0, Math.ceil((state.nextSlotAtMs - state.nowMs) / 1000));
  const cycleEnd = state.cycle.end.getTime();
  const cycleSeconds = Math.round((cycleEnd - state.cycle.start.getTime()) / 1000);
  const monthResetIn = Math.max(0, Math.ceil((cycleEnd - state.nowMs) / 1000));
  return {
    'x-ratelimit-limit': String(state.perMinute),
    'x-ratelimit-remaining': String(windowRemaining),
    'x-ratelimit-reset': String(Math.ceil(state.nextSlotAtMs / 1000)),
    'x-monthly-limit': String(state.monthlyLimit),
    'x-monthly-remaining': String(monthlyRemaining),
    'ratelimit-policy': `"per-minute";q=${state.perMinute};w=60, "monthly";q=${state.monthlyLimit};w=${cycleSeconds}`,
    ratelimit: `"per-minute";r=${windowRemaining};t=${windowResetIn}, "monthly";r=${monthlyRemaining};t=${monthResetIn}`,
  };
}

/** Only the monthly fields change after the quota check; the window's were set when it was counted. */
export function monthlyHeaders(state: LimitState): Record<string, string> {
  const all = limitHeaders(state);
  return { 'x-monthly-remaining': all['x-monthly-remaining'], ratelimit: all.ratelimit };
}
