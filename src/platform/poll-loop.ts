import type { Logger } from 'pino';

/**
 * Runs a background round now and then: at start, every `pollMs` after the last round ends, and at once
 * when woken (a new row to send). Rounds never overlap; a wake during a round runs another right after.
 * Outbox workers (DWT submissions, webhook deliveries) run on it (OutboxWorker).
 */
export class PollLoop {
  readonly #round: () => Promise<void>;
  readonly #pollMs: number;
  readonly #logger: Logger;
  readonly #what: string;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = true;

  constructor(options: { round: () => Promise<void>; pollMs: number; logger: Logger; what: string }) {
    this.#round = options.round;
    this.#pollMs = options.pollMs;
    this.#logger = options.logger;
    this.#what = options.what;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops polling and waits for the round in progress, so its work is recorded before shutdown. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Something is due now: run a round rather than wait for the next poll. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) this.#again = true;
    else this.#schedule(0);
  }

  #schedule(ms: number): void {
    clearTimeout(this.#timer);
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.#round()
        .catch((error: unknown) => this.#logger.error({ err: error }, `${this.#what} round failed`))
        .finally(() => {
          this.#running = undefined;
          const again = this.#again;
          this.#again = false;
          this.#schedule(again ? 0 : this.#pollMs);
        });
    }, ms);
    this.#timer.unref();
  }
}
