import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

const running = new Set<ChildProcess>();
let hooked = false;

/**
 * However the test ends (a failed assertion, a timeout, the worker exiting), no server it started
 * outlives it: every child still running when this process exits is killed.
 */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const c of running) c.kill('SIGKILL');
  });
}

/** Sends `signal` and waits for the exit; SIGKILL if it has not exited within `graceMs`. */
export async function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals,
  graceMs = 10_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * A free port below the ephemeral range (Linux's default starts at 32768), for a server the test stops
 * and starts again on the same port: a port the kernel hands out for port 0 or for outgoing connections
 * could be taken by another test file while the server is down.
 */
export async function restartablePort(): Promise<number> {
  for (;;) {
    const port = randomInt(20_000, 32_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
