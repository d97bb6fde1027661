#!/usr/bin/env node
// The `wcs` command. Its source is TypeScript run by Node's type stripping on the project's own Node:
// `npm install` brings Node 24 as the `node` dev dependency (node_modules/.bin/node), and the native
// modules are built for it. Whatever Node starts this file (the system's Node 20 through a path, a
// global link, `npx --prefix` or an MCP client's config), it hands over to that Node. So this file stays
// plain JavaScript that old Nodes parse, and writes nothing to stdout: `wcs mcp` speaks MCP on it.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import nodeModule from 'node:module';
import { constants as osConstants } from 'node:os';
import { isatty } from 'node:tty';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROJECT_NODE = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
// Set for the child of a hand-over, so it never hands over again (a loop if the file system misleads).
const HANDED_OVER = 'WCS_HANDED_OVER_FROM';

/** The file's identity (device and inode), so a link or another path to the same Node compares equal. */
function identity(path) {
  try {
    const stat = statSync(path);
    return stat.isFile() ? `${stat.dev}:${stat.ino}` : undefined;
  } catch {
    return undefined;
  }
}

function newEnough(version) {
  const [major, minor] = version.slice(1).split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 18);
}

/**
 * Linux: whether this process is in its terminal's foreground process group. The terminal sends Ctrl-C
 * (SIGINT) and Ctrl-\ (SIGQUIT) to that whole group, the child included, so passing them on would
 * deliver them twice (and a second SIGINT stops `wcs serve` at once, without letting requests finish).
 */
function inForegroundOfTerminal() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const [, , pgrp, , , tpgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return pgrp === tpgid;
  } catch {
    return isatty(0);
  }
}

/** Runs this command on the project's Node, passing stdio, signals and the exit status through. */
function handOver(nodePath) {
  const child = spawn(nodePath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, [HANDED_OVER]: process.version },
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
  const pass = (signal) => {
    if ((signal === 'SIGINT' || signal === 'SIGQUIT') && inForegroundOfTerminal()) return;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, pass);
  child.on('error', (error) => {
    process.stderr.write(`wcs: could not start the project's Node (${nodePath}): ${error.message}\n`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    for (const s of signals) process.removeListener(s, pass);
    if (signal) {
      // End the same way, so the shell or the MCP client sees what ended the command; a signal this
      // process ignores (SIGPIPE) ends it with the shell's 128 + its number instead.
      process.kill(process.pid, signal);
      setTimeout(() => process.exit(128 + (osConstants.signals[signal] ?? 0)), 100);
      return;
    }
    process.exit(code ?? 1);
  });
}

const projectNode = identity(PROJECT_NODE);
const handedOver = process.env[HANDED_OVER];
delete process.env[HANDED_OVER];

if (projectNode && projectNode !== identity(process.execPath) && !handedOver) {
  handOver(PROJECT_NODE);
} else if (!newEnough(process.version)) {
  process.stderr.write(
    `wcs needs Node.js 22.18 or newer (this is ${process.version}), and the project's own Node is missing: run "npm install" in ${ROOT} (it brings Node 24 into node_modules/.bin), then run wcs again.\n`,
  );
  process.exitCode = 1;
} else {
  // Node keeps the compiled (and type-stripped) modules on disk, so the next start skips that work.
  // NODE_COMPILE_CACHE moves the cache and NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  nodeModule.enableCompileCache?.();
  const { run } = await import('../src/cli/main.ts');
  process.exitCode = await run(process.argv.slice(2));
}
