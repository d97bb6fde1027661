import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRegister } from '../carriers/fake-register.ts';
import { runCli, sharedDatabaseUrl, startServerProcess } from '../helpers/server-process.ts';

describe('graceful shutdown', () => {
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

  it('npm start: SIGTERM to npm lets a request in flight finish, then the server exits and accepts nothing new', async () => {
    const env = { DATABASE_URL: db.url, EA_REGISTER_URL: register.url };
    const org = (await runCli(['org', 'create', '--name', 'Shutdown Ltd', '--plan', 'business'], env)).trim();
    const key = (await runCli(['key', 'create', '--org', org, '--mode', 'live'], env)).trim();
    const server = await startServerProcess(env, { npmStart: true });

    register.slowMs = 1_500;
    register.fail('slow');
    const inFlight = fetch(`${server.url}/v1/verify-carrier?registration_number=CBDU900101`, {
      headers: { authorization: `Bearer ${key}` },
    });
    await new Promise((r) => setTimeout(r, 300)); // the request is now waiting on the register
    const exited = server.stop('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status?: string }).status).toBeDefined();
    expect(await exited).toBe(0);
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
