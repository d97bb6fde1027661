import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/platform/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runCli, sharedDatabaseUrl } from '../helpers/server-process.ts';

describe('wcs org set-plan', () => {
  let shared: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let env: Record<string, string>;
  let t: TestApp;

  beforeAll(async () => {
    shared = await sharedDatabaseUrl();
    env = { DATABASE_URL: shared.url, REDIS_URL: '' };
    await runCli(['migrate'], env);
    t = await createTestApp({ db: createDb(shared.url) });
  });

  afterAll(async () => {
    await t?.close();
    await t?.db.close();
    await shared?.dispose();
  });

  async function organisation(): Promise<string> {
    return JSON.parse(await runCli(['org', 'create', '--name', 'Plan Change Ltd', '--json'], env)).id;
  }

  it("moves an organisation to a plan and its keys get that plan's limits", async () => {
    const orgId = await organisation();
    const { key } = await t.newKey({ orgId });
    expect((await t.call(key, { url: '/v1/account' })).headers['x-ratelimit-limit']).toBe('10');

    const out = await runCli(['org', 'set-plan', orgId, '--plan', 'professional'], env);
    expect(out).toContain('is on professional: 1000 calls a month, 60 a minute per key');
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the auth cache holds a key for <= 1 s
    const after = await t.call(key, { url: '/v1/account' });
    expect(after.headers['x-ratelimit-limit']).toBe('60');
    expect(after.headers['x-monthly-limit']).toBe('1000');
    // Recorded as the portal's changes are: who, from what, to what.
    expect(await t.app.services.accounts.planChanges(orgId)).toMatchObject([
      { from_plan: 'free', to_plan: 'professional', changed_by: 'cli' },
    ]);
  });

  it('sets enterprise figures, and refuses figures on any other plan or an unknown plan', async () => {
    const orgId = await organisation();
    const set = JSON.parse(
      await runCli(
        [
          'org',
          'set-plan',
          orgId,
          '--plan',
          'enterprise',
          '--monthly',
          '250000',
          '--per-minute',
          '1200',
          '--json',
        ],
        env,
      ),
    );
    expect(set).toEqual({ id: orgId, plan: 'enterprise', monthly_limit: 250_000, per_minute_limit: 1_200 });
    const { key } = await t.newKey({ orgId });
    const response = await t.call(key, { url: '/v1/account' });
    expect(response.headers['x-ratelimit-limit']).toBe('1200');
    expect(response.headers['x-monthly-limit']).toBe('250000');

    await expect(
      runCli(['org', 'set-plan', orgId, '--plan', 'business', '--monthly', '5'], env),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('only on the enterprise plan'),
    });
    await expect(runCli(['org', 'set-plan', orgId, '--plan', 'gold'], env)).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown plan "gold"'),
    });
    await expect(
      runCli(['org', 'set-plan', orgId, '--plan', 'enterprise', '--per-minute', '0'], env),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('--per-minute must be a positive whole number'),
    });
  });
});
