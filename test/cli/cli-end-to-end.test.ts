import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runCli,
  runCliProcess,
  type ServerProcess,
  sharedDatabaseUrl,
  startServerProcess,
} from '../helpers/server-process.ts';

describe('the wcs command against a real server process', () => {
  let db: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let server: ServerProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await sharedDatabaseUrl();
    env = { DATABASE_URL: db.url };
    // Logging at info as a piped server does by default, for the last test, which stops it.
    server = await startServerProcess({ ...env, LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.dispose();
  });

  it('creates an organisation and a key that authenticates, then revokes it', async () => {
    const org = JSON.parse(
      await runCli(['org', 'create', '--name', 'Skip Hire Ltd', '--plan', 'starter', '--json'], env),
    );
    expect(org.id).toMatch(/^org_/);
    const created = JSON.parse(
      await runCli(['key', 'create', '--org', org.id, '--mode', 'live', '--json'], env),
    );
    expect(created).toMatchObject({ id: expect.stringMatching(/^key_/), mode: 'live' });
    expect(created.key).toMatch(/^wcs_live_[0-9A-Za-z]{32,}$/);

    const call = () =>
      fetch(`${server.url}/v1/account`, { headers: { authorization: `Bearer ${created.key}` } });
    const res = await call();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      organisation: { id: org.id, name: 'Skip Hire Ltd', plan: 'starter' },
      key: { id: created.id, mode: 'live' },
    });

    const listed = JSON.parse(await runCli(['key', 'list', '--org', org.id, '--json'], env));
    expect(listed).toEqual([expect.objectContaining({ id: created.id, revoked_at: null })]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    await runCli(['key', 'revoke', created.id], env);
    // The server caches a verified key for at most a second.
    await expect.poll(async () => (await call()).status, { timeout: 1100, interval: 100 }).toBe(401);
  });

  it('the wcs executable prints a clear error and exits 1 for an unknown organisation or plan', async () => {
    // Two processes, side by side.
    await Promise.all([
      expect(
        runCliProcess(['key', 'create', '--org', 'org_missing', '--mode', 'live'], env),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No organisation with id org_missing'),
      }),
      expect(runCliProcess(['org', 'create', '--name', 'X', '--plan', 'gold'], env)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Unknown plan "gold"'),
      }),
    ]);
  });

  // The last test: it stops the file's server, whose output is piped and whose format is the default.
  it('logs readable lines with LOG_FORMAT=pretty, and JSON lines when the output is not a terminal', async () => {
    const [pretty] = await Promise.all([
      startServerProcess({ ...env, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' }),
      server.stop('SIGTERM'),
    ]);
    await fetch(`${pretty.url}/health`);
    await pretty.stop('SIGTERM');
    expect(pretty.output()).toMatch(/INFO.*Waste Compliance Service listening on http:\/\/127\.0\.0\.1/);
    expect(pretty.output()).not.toContain('{"level"');

    const lines = server.output().trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).msg)).toContain('shutting down');
  });
});
