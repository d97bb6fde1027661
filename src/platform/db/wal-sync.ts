import { close, fdatasync, fsync, open } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const openFile = promisify(open);
const syncFileData = promisify(fdatasync);
const syncAll = promisify(fsync);
const closeFile = promisify(close);

/**
 * Makes SQLite's commits durable off the event loop. The database commits with synchronous=NORMAL, so
 * a COMMIT writes its pages to the write-ahead log (the OS holds them: a killed process loses nothing)
 * without waiting for the disk; this syncs the log with fdatasync on libuv's thread pool, as
 * synchronous=FULL would have done inside the COMMIT with the event loop stopped. Commits made while a
 * sync runs are covered by the next one, so one fsync serves every commit before it (group commit).
 *
 * The counters are of commits that wrote: `durable()` resolves once every such commit made before the
 * call is on disk. A failed sync fails every later call too: after an fsync error the kernel may have
 * dropped the pages it could not write, so a later sync that succeeds would prove nothing (PostgreSQL
 * stops on the same error for the same reason).
 */
export class WalSync {
  readonly #wal: string;
  readonly #directory: string;
  #fd: number | undefined;
  #committed = 0;
  #synced = 0;
  #running: Promise<void> | undefined;
  #failure: Error | undefined;

  readonly #syncData: (fd: number) => Promise<void>;

  /** `databaseFile`: the SQLite file; its log is `<file>-wal`. `syncData`: fdatasync (tests hold it back). */
  constructor(databaseFile: string, syncData: (fd: number) => Promise<void> = syncFileData) {
    this.#wal = `${databaseFile}-wal`;
    this.#directory = dirname(databaseFile);
    this.#syncData = syncData;
  }

  /** A transaction (or a statement outside one) that wrote has committed. */
  committed(): void {
    this.#committed++;
  }

  /**
   * Resolves once every commit made so far is on disk; undefined when they all are already (most
   * queries, which then pay nothing).
   */
  durable(): Promise<void> | undefined {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#synced >= this.#committed) return undefined;
    return this.#until(this.#committed);
  }

  /** Waits for the sync in progress and closes the log's descriptor. */
  async close(): Promise<void> {
    await this.#running?.catch(() => undefined);
    if (this.#fd !== undefined) await closeFile(this.#fd);
    this.#fd = undefined;
  }

  async #until(target: number): Promise<void> {
    while (this.#synced < target) {
      if (this.#failure) throw this.#failure;
      this.#running ??= this.#sync().finally(() => {
        this.#running = undefined;
      });
      await this.#running;
    }
  }

  async #sync(): Promise<void> {
    // Counted before the sync starts: a commit made while it runs may not be covered.
    const upTo = this.#committed;
    try {
      if (this.#fd === undefined) {
        this.#fd = await openFile(this.#wal, 'r+');
        // The log's directory entry too, once (SQLite syncs the directory of a log it has just created).
        const directory = await openFile(this.#directory, 'r');
        await syncAll(directory).finally(() => closeFile(directory));
      }
      await this.#syncData(this.#fd);
      this.#synced = Math.max(this.#synced, upTo);
    } catch (error) {
      this.#failure = new Error(
        `The database's log could not be synced to disk: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
      throw this.#failure;
    }
  }
}
