import type { DatabaseConnection, Kysely } from 'kysely';
import { DelegatingDriver } from './delegating-driver.ts';
import type { Database } from './schema.ts';

/** What is to run once each connection's transaction commits; dropped when it rolls back. */
const waiting = new WeakMap<DatabaseConnection, Array<() => void>>();

/**
 * Runs `then` once the transaction `trx` has committed, and never if it rolls back; at once (in the
 * next turn of the event loop) when `trx` is no transaction. For news that others act on by reading
 * what the transaction wrote: a worker told before the COMMIT (PostgreSQL's takes a round trip) would
 * look, find nothing yet, and wait for its next poll.
 */
export async function afterCommit(trx: Kysely<Database>, then: () => void): Promise<void> {
  if (!trx.isTransaction) {
    setImmediate(then);
    return;
  }
  await trx.getExecutor().provideConnection(async (connection) => {
    const list = waiting.get(connection);
    if (list) list.push(then);
    else waiting.set(connection, [then]);
  });
}

/** A dialect's driver that runs what afterCommit was given once the COMMIT has returned. */
export class AfterCommitDriver extends DelegatingDriver {
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } catch (error) {
      waiting.delete(connection);
      throw error;
    }
    const then = waiting.get(connection);
    if (!then) return;
    waiting.delete(connection);
    // In a microtask: whatever `run` does, the COMMIT it follows has succeeded and is reported so.
    for (const run of then) queueMicrotask(run);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    waiting.delete(connection);
    await super.rollbackTransaction(connection);
  }
}
