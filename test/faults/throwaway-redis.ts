import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { killOnExit, restartablePort, stopChild } from './child-processes.ts';

/** Whether `redis-server` is on the PATH. */
export function hasRedisServer(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Redis of this test's own on a free port, without persistence (as docs/operations.md treats Redis:
 * state that may be lost), that the test stops and starts again empty on the same port. Never the
 * machine's shared Redis, which other test files are using.
 */
export class ThrowawayRedis {
  readonly port: number;
  #child: ChildProcess | undefined;
  #log = '';

  private constructor(port: number) {
    this.port = port;
  }

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await restartablePort());
    await redis.resume();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async resume(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        ...['--port', String(this.port), '--bind', '127.0.0.1'],
        ...['--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (d) => {
        this.#log = `${this.#log}${d}`.slice(-10_000);
      });
    }
    this.#child = child;
    killOnExit(child);
    const deadline = Date.now() + 10_000;
    while (!(await this.#pong())) {
      if (child.exitCode !== null)
        throw new Error(`redis-server exited with ${child.exitCode}:\n${this.#log}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not start:\n${this.#log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    if (this.#child) await stopChild(this.#child, 'SIGTERM');
  }

  async destroy(): Promise<void> {
    if (this.#child) await stopChild(this.#child, 'SIGKILL');
  }

  #pong(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(this.port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
  }
}
