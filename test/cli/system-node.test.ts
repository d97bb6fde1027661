import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BIN,
  childrenOf,
  isRunning,
  ROOT,
  runIn,
  SYSTEM_NODE,
  SYSTEM_NPX,
  systemSetting,
  until,
} from './system-node.ts';

// `wcs` started by the machine's own Node, older than the project's (Node 20 here): by path, through a
// global link or with `npx --prefix`. It runs on the project's Node, prints its own output and
// nothing else (no npm warnings), and passes on its exit status and signals.
const { scratch, env } = systemSetting('wcs-system-node-');
const run = runIn(scratch, env);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!SYSTEM_NODE)('wcs started by the system Node', () => {
  const node = SYSTEM_NODE as string;

  it('bin/wcs.js by path prints its help, and nothing else', async () => {
    const { stdout, stderr } = await run(node, [BIN, '--help']);
    expect(stdout).toMatch(/^Usage: wcs \[options\] \[command\]/);
    expect(stderr).toBe('');
  });

  it('bin/wcs.js by path classifies (on the project Node: Node 20 cannot run the source)', async () => {
    const { stdout } = await run(node, [BIN, 'classify', 'used engine oil', '--json']);
    expect(JSON.parse(stdout).classifications[0]).toMatchObject({ ewc_code: '13 02 05', is_hazardous: true });
  });

  it('passes on the exit status and the message of a refused command', async () => {
    await expect(run(node, [BIN, 'classify', 'pallets', '--max', '9'])).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'wcs: --max must be a whole number from 1 to 5\n',
    });
  });

  it('runs through a global link (the links npm link makes), started by its #! line', async () => {
    const prefix = join(scratch, 'global');
    mkdirSync(join(prefix, 'lib/node_modules'), { recursive: true });
    mkdirSync(join(prefix, 'bin'), { recursive: true });
    symlinkSync(ROOT, join(prefix, 'lib/node_modules/waste-compliance-service'));
    symlinkSync('../lib/node_modules/waste-compliance-service/bin/wcs.js', join(prefix, 'bin/wcs'));
    const { stdout, stderr } = await run(join(prefix, 'bin/wcs'), ['--help']);
    expect(stdout).toMatch(/^Usage: wcs /);
    expect(stderr).toBe('');
  });

  it.skipIf(!SYSTEM_NPX)('npx --prefix PROJECT wcs --help prints the help with no npm warning', async () => {
    const { stdout, stderr } = await run(SYSTEM_NPX as string, ['--prefix', ROOT, 'wcs', '--help']);
    expect(stdout).toMatch(/^Usage: wcs /);
    expect(stderr).not.toMatch(/EBADENGINE|npm warn/i);
    expect(stderr).toBe('');
  });

  it('passes SIGTERM on to the command, and ends by it as the command did', async () => {
    const parent = spawn(node, [BIN, 'mcp'], {
      cwd: scratch,
      env: { ...env, WCS_API_KEY: 'wcs_test_x', WCS_BASE_URL: 'http://127.0.0.1:9' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    parent.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      parent.once('exit', (code, signal) => resolve({ code, signal })),
    );
    await until(
      () => stderr.includes('serving tools on stdio'),
      () => stderr,
    );
    const child = childrenOf(parent.pid as number);
    expect(child).toHaveLength(1);
    parent.kill('SIGTERM');
    expect(await ended).toEqual({ code: null, signal: 'SIGTERM' });
    expect(isRunning(child[0])).toBe(false);
  });
});
