import { RegisterUnavailableError } from './register-unavailable.ts';

/**
 * How long one verification may spend on the EA register, every request and the retry included, and
 * the signal that stops it: at the deadline, or when the caller no longer wants the answer (the client
 * went away). The clock starts when the deadline is made; the timer only when the register is asked, so
 * an answer from the cache or the mirror costs nothing.
 */
export class RegisterDeadline {
  readonly #ms: number;
  readonly #endsAt: number;
  readonly #cancel?: AbortSignal;
  #signal?: AbortSignal;

  constructor(ms: number, cancel?: AbortSignal, endsAt = performance.now() + ms) {
    this.#ms = ms;
    this.#endsAt = endsAt;
    this.#cancel = cancel;
  }

  get signal(): AbortSignal {
    if (!this.#signal) {
      const timer = AbortSignal.timeout(Math.max(1, Math.ceil(this.remainingMs())));
      this.#signal = this.#cancel ? AbortSignal.any([timer, this.#cancel]) : timer;
    }
    return this.#signal;
  }

  remainingMs(): number {
    return Math.max(0, this.#endsAt - performance.now());
  }

  get passed(): boolean {
    return this.remainingMs() === 0 || this.signal.aborted;
  }

  /** The same end, stopped by `cancel` instead of this caller's own cancellation (a shared call). */
  withCancel(cancel: AbortSignal): RegisterDeadline {
    return new RegisterDeadline(this.#ms, cancel, this.#endsAt);
  }

  /** Why the work stopped, as the error that becomes a 503. */
  reason(): RegisterUnavailableError {
    return this.#cancel?.aborted
      ? new RegisterUnavailableError('the caller stopped waiting for the register')
      : new RegisterUnavailableError(`the register did not answer within the ${this.#ms} ms deadline`);
  }
}
