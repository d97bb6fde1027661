import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { killOnExit, restartablePort, stopChild } from './child-processes.ts';

const INSTALLED = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's `bin` directory (Debian and Ubuntu layout), if it has a server. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(INSTALLED)) return undefined;
  const [newest] = readdirSync(INSTALLED)
    .filter((v) => ['initdb', 'postgres'].every((b) => existsSync(join(INSTALLED, v, 'bin', b))))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return newest ? join(INSTALLED, newest, 'bin') : undefined;
}

/**
 * PostgreSQL refuses to run as root (CI runs as root): then the server runs as the `postgres` user.
 * Node's own `uid`/`gid` spawn options rather than `runuser -u postgres --`: the child is then the
 * postmaster itself, so a SIGINT reaches it directly (runuser would catch it and answer with SIGTERM, a
 * "smart" shutdown that waits for every client to leave, then SIGKILL).
 */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A PostgreSQL server of this test's own, in a temporary directory on a free port, that the test can
 * stop (fast shutdown, as an operator's `pg_ctl stop -m fast` or a failover does) and start again on
 * the same port and data. Never the machine's shared server, which other test files are using.
 */
export class ThrowawayPostgres {
  readonly port: number;
  readonly #bin: string;
  readonly #dir: string;
  readonly #user: { uid: number; gid: number } | undefined;
  #child: ChildProcess | undefined;
  #log = '';

  private constructor(bin: string, dir: string, port: number) {
    this.#bin = bin;
    this.#dir = dir;
    this.port = port;
    this.#user = runAs();
  }

  static async start(bin: string): Promise<ThrowawayPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'wcs-faults-pg-'));
    const server = new ThrowawayPostgres(bin, dir, await restartablePort());
    try {
      if (server.#user) chownSync(dir, server.#user.uid, server.#user.gid);
      execFileSync(
        join(bin, 'initdb'),
        ['-D', server.#data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'],
        { ...server.#user, stdio: 'pipe' },
      );
      await server.resume();
      return server;
    } catch (error) {
      await server.destroy();
      throw error;
    }
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** What the server wrote to stderr (for a failure message). */
  get log(): string {
    return this.#log;
  }

  get #data(): string {
    return join(this.#dir, 'data');
  }

  /** Starts the server (again) on the same port and data directory; resolves once it takes queries. */
  async resume(): Promise<void> {
    const child = spawn(
      join(this.#bin, 'postgres'),
      [
        ...['-D', this.#data, '-p', String(this.port), '-k', this.#dir],
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=60', '-c', 'shared_buffers=16MB'],
        // Durability against power loss is not what this test is about; every stop is a clean one.
        ...['-c', 'fsync=off'],
      ],
      { ...this.#user, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr?.on('data', (d) => {
      this.#log = `${this.#log}${d}`.slice(-20_000);
    });
    this.#child = child;
    killOnExit(child);
    await this.#ready(child);
  }

  /** Fast shutdown (SIGINT): open sessions are ended, their transactions rolled back. */
  async stop(): Promise<void> {
    if (this.#child) await stopChild(this.#child, 'SIGINT');
  }

  async destroy(): Promise<void> {
    if (this.#child) await stopChild(this.#child, 'SIGKILL');
    rmSync(this.#dir, { recursive: true, force: true });
  }

  async #ready(child: ChildProcess): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode}:\n${this.#log}`);
      const client = new pg.Client({ connectionString: this.url });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`postgres did not start: ${error}\n${this.#log}`);
      } finally {
        await client.end().catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
