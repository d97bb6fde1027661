import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import { type CommitBatch, GroupCommit } from './group-commit.ts';
import { PollLoop } from './poll-loop.ts';

/**
 * The shape every outbox worker shares (DWT submissions, webhook deliveries): rounds run by a PollLoop,
 * and attempt results recorded through one group commit, so attempts that end together share a write.
 */
export abstract class OutboxWorker<Result> {
  protected readonly results: GroupCommit<Result, undefined>;
  protected readonly loop: PollLoop;

  constructor(o: {
    record: CommitBatch<Result, undefined>;
    clock: Clock;
    logger: Logger;
    pollMs: number;
    /** What one attempt is, for the log: `receipt attempt`, `webhook attempt`. */
    attempt: string;
    /** What one round is, for the log: `receipt submission`, `webhook delivery`. */
    round: string;
  }) {
    this.results = new GroupCommit({ commit: o.record, clock: o.clock, logger: o.logger, what: o.attempt });
    this.loop = new PollLoop({
      round: () => this.round(),
      pollMs: o.pollMs,
      logger: o.logger,
      what: o.round,
    });
  }

  /** One round: everything due now. */
  abstract runOnce(): Promise<void>;

  /** What the poll loop runs each time: a round, unless a worker keeps its own work going between them. */
  protected round(): Promise<void> {
    return this.runOnce();
  }

  start(): void {
    this.loop.start();
  }

  /** Stops polling and waits for the round in progress, so its attempts are recorded. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }
}
