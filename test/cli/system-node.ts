import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * `wcs` as a user starts it, by the machine's own Node (Node 20 here, older than the project's):
 * the project's folder and executable, and the environment a desktop app or a fresh shell has.
 */
export const ROOT = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
export const BIN = join(ROOT, 'bin/wcs.js');

// The machine's PATH without the node_modules/.bin folders npm puts in front for the test run (they
// hold the project's Node, which would hide the system's).
export const SYSTEM_PATH = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((dir) => dir && !dir.includes('node_modules'))
  .join(delimiter);

function onSystemPath(name: string): string | undefined {
  return SYSTEM_PATH.split(delimiter)
    .map((dir) => join(dir, name))
    .find((path) => existsSync(path));
}

export const SYSTEM_NODE = onSystemPath('node');
export const SYSTEM_NPX = onSystemPath('npx');
/** util-linux `script`: runs a command on a pseudo-terminal, so a test can press Ctrl-C as a person would. */
export const SCRIPT = onSystemPath('script');

/**
 * A scratch folder to run in, and the environment: the system PATH, and a fresh npm cache, so
 * `npx --prefix` installs the project into its npx cache as on a first run (when npm checks engines).
 */
export function systemSetting(prefix: string): { scratch: string; env: Record<string, string> } {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  return {
    scratch,
    env: {
      PATH: SYSTEM_PATH,
      HOME: process.env.HOME ?? scratch,
      npm_config_cache: join(scratch, 'npm-cache'),
    },
  };
}

export function runIn(scratch: string, env: Record<string, string>) {
  return (command: string, args: string[]) => promisify(execFile)(command, args, { cwd: scratch, env });
}

export async function until(done: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; output so far:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The processes whose parent is `pid` (Linux: /proc). */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Whether a process is alive (a zombie, ended but not yet reaped, is not). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
