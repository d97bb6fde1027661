import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRegister } from '../carriers/fake-register.ts';
import { freePort, runCli, sharedDatabaseUrl } from '../helpers/server-process.ts';
import { BIN, SCRIPT, SYSTEM_NODE, systemSetting, until } from './system-node.ts';

const { scratch, env: systemEnv } = systemSetting('wcs-terminal-');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!SYSTEM_NODE || !SCRIPT)('Ctrl-C in a terminal', () => {
  let db: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let register: FakeRegister;
  beforeAll(async () => {
    db = await sharedDatabaseUrl();
    register = await new FakeRegister().start();
  });
  afterAll(async () => {
    await register?.stop();
    await db?.dispose();
  });

  it('stops wcs serve started by path by the system Node once, gracefully: a request in flight finishes', async () => {
    // The terminal sends SIGINT to the system Node and to the project's Node it started; passed on as
    // well, a second SIGINT would stop the server at once, dropping the request.
    const env = { DATABASE_URL: db.url, EA_REGISTER_URL: register.url };
    const org = (await runCli(['org', 'create', '--name', 'Terminal Ltd', '--plan', 'business'], env)).trim();
    const key = (await runCli(['key', 'create', '--org', org, '--mode', 'live'], env)).trim();
    const port = await freePort();
    // `exec`: the shell `script` starts gives way to the command, as a shell's foreground job would.
    const terminal = spawn(SCRIPT as string, ['-qfec', `exec ${SYSTEM_NODE} ${BIN} serve`, '/dev/null'], {
      cwd: scratch,
      env: {
        ...systemEnv,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    terminal.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => terminal.once('exit', resolve));
    await until(
      () => output.includes('Waste Compliance Service listening'),
      () => output,
    );

    register.slowMs = 1_500;
    register.fail('slow');
    const inFlight = fetch(`http://127.0.0.1:${port}/v1/verify-carrier?registration_number=CBDU900101`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await new Promise((r) => setTimeout(r, 300)); // the request is now waiting on the register
    terminal.stdin?.write('\x03');

    expect((await inFlight).status).toBe(200);
    expect(await exited, output).toBe(0);
    expect(output.match(/"msg":"shutting down"/g)).toHaveLength(1);
    expect(output).not.toContain('second SIGINT');
  });
});
