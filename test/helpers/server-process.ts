import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { run } from '../../src/cli/main.ts';
import { newSchema } from './database.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const CLI = join(ROOT, 'src/cli/main.ts');
const BIN = join(ROOT, 'bin/wcs.js');

/**
 * A database URL for real server processes: a temp SQLite file, or a fresh PostgreSQL schema (the
 * servers migrate either as they start, as in production).
 */
export async function sharedDatabaseUrl(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (process.env.DATABASE_URL?.startsWith('postgres')) {
    // Dropped when the test file ends (test/file-setup.ts), once every process using it has stopped.
    const { url } = await newSchema({ migrated: false });
    return { url, dispose: async () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'wcs-e2e-'));
  return {
    url: `sqlite:${join(dir, 'wcs.sqlite')}`,
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `wcs ARGS` in this process with the given environment (as `npx wcs` would, without the cost of a
 * process); resolves with stdout, or rejects with `{ code, stdout, stderr }` when it exits non-zero.
 */
export async function runCli(args: string[], env: Record<string, string>): Promise<string> {
  return (await runCliOutput(args, env)).stdout;
}

/** `runCli`, resolving with what the command wrote to stderr (its notes to the operator) as well. */
export async function runCliOutput(
  args: string[],
  env: Record<string, string>,
): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    env: { ...process.env, ...env },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  if (code !== 0) throw Object.assign(new Error(`wcs exited ${code}: ${stderr}`), { code, stdout, stderr });
  return { stdout, stderr };
}

/** Runs the `wcs` executable in its own process: for tests of the process boundary itself (exit status). */
export async function runCliProcess(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  return stdout;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `wcs serve` in its own process and waits until /health answers; with `npmStart`, as the README
 * says, through `npm start` (so signals go through npm to the server). A variable given as undefined is
 * one the server does not inherit from the suite (spawn leaves it out).
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  options: { npmStart?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const [command, args] = options.npmStart
    ? ['npm', ['start', '--silent']]
    : [process.execPath, [CLI, 'serve']];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  // A start-up (imports, migrations, the classifier's knowledge) takes a few seconds on a quiet machine
  // and several times that on a loaded one; a server that cannot start still fails within the hook's minute.
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 45 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
