import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Spaces checks evenly: at most `perMinute` start in any minute, one every 60000/perMinute ms, so a pass
 * over many watches reaches the EA register as a trickle, never a burst. Turns are handed out in order,
 * also to callers waiting side by side (the scheduled checker and a pass run by hand).
 */
export class Pacer {
  readonly #spacingMs: number;
  #next = 0;

  constructor(perMinute: number) {
    this.#spacingMs = 60_000 / perMinute;
  }

  /** Resolves when the caller's turn comes; false when `signal` aborted the wait. */
  async turn(signal?: AbortSignal): Promise<boolean> {
    const now = performance.now();
    const start = Math.max(now, this.#next);
    this.#next = start + this.#spacingMs;
    if (start > now) {
      try {
        await sleep(start - now, undefined, { signal });
      } catch {
        return false;
      }
    }
    return !signal?.aborted;
  }
}
