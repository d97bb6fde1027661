import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/platform/db/database.ts';
import { createTestApp } from '../helpers/app.ts';
import { runCli, sharedDatabaseUrl } from '../helpers/server-process.ts';
import { feedCsv, writeZip } from './export-fixture.ts';

// The command runs in this process (test/helpers/server-process.ts runCli), on a database file it shares
// with the service.
describe('wcs register import, then the service answering from the mirror', () => {
  let db: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await sharedDatabaseUrl();
    dir = await mkdtemp(join(tmpdir(), 'wcs-register-cli-'));
    env = { DATABASE_URL: db.url, REDIS_URL: '' };
  });
  afterAll(async () => {
    await db?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('imports a ZIP export, reports it, and serves it', async () => {
    const zip = join(dir, 'export.zip');
    const rows = [
      {
        number: 'CBDU960001',
        name: 'Cli Imported Haulage Ltd',
        tier: 'UPPER',
        expiry: '2099-01-01',
        postcode: 'TE6 1AA',
      },
      { number: 'CBDL960002', name: 'Cli Imported Gardener', tier: 'LOWER' },
      { number: 'bad', name: 'Broken', tier: 'UPPER', expiry: '2099-01-01' },
    ];
    await writeZip(zip, 'waste-carriers.csv', feedCsv(rows), new Date());

    const out = await runCli(['register', 'import', zip, '--published', '2026-01-14'], env);
    expect(out).toMatch(/^imported 2 registrations published 2026-01-14 in [\d.]+ s/);
    expect(out).toContain('row 4: "bad" is not a registration number');
    const status = JSON.parse(await runCli(['register', 'status', '--json'], env));
    expect(status).toMatchObject({
      published_on: '2026-01-14',
      rows_imported: 2,
      rows_rejected: 1,
      status: 'complete',
    });

    // The service, on the database the command wrote, answers from the mirror.
    const t = await createTestApp({ db: createDb(db.url), env: { ...env, REGISTER_SOURCE: 'mirror' } });
    try {
      const { key } = await t.newKey({ mode: 'live' });
      const res = await t.call(key, { url: '/v1/verify-carrier?registration_number=CBDU960001' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'valid',
        verification: { origin: 'mirror', mirror: { published_on: '2026-01-14' } },
      });
    } finally {
      await t.close();
      await t.db.close();
    }
  });

  it('explains a bad file or option on stderr and exits 1', async () => {
    await expect(runCli(['register', 'import', join(dir, 'missing.csv')], env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no such file'),
    });
    const wrong = join(dir, 'wrong.csv');
    await writeFile(wrong, 'a,b\n1,2\n');
    await expect(runCli(['register', 'import', wrong], env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('not a register export'),
    });
    await expect(
      runCli(['register', 'import', wrong, '--published', '14/01/2026'], env),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--published must be a date written YYYY-MM-DD'),
    });
  });
});
