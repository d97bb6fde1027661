/** Any failure to get a readable answer from the register. Callers say "unavailable", never "not found". */
export class RegisterUnavailableError extends Error {
  /** When the circuit breaker answered: how long until the register is asked again. */
  readonly retryAfterMs?: number;

  constructor(message: string, options: { cause?: unknown; retryAfterMs?: number } = {}) {
    super(message, { cause: options.cause });
    this.name = 'RegisterUnavailableError';
    this.retryAfterMs = options.retryAfterMs;
  }
}
