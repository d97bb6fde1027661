import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../src/platform/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { runCli, sharedDatabaseUrl } from '../helpers/server-process.ts';

// /docs "Start here" tells a new user to make a test key with one command. It must work as written, on
// the database a fresh clone starts with.

const BIN = new URL('../../bin/wcs.js', import.meta.url).pathname;
const ROOT = new URL('../../', import.meta.url).pathname;

let database: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
let db: Db;
let t: TestApp;
beforeAll(async () => {
  database = await sharedDatabaseUrl();
  db = createDb(database.url);
  t = await createTestApp({ db });
});
afterAll(async () => {
  await t?.close();
  await db?.close();
  await database?.dispose();
});

/** The `npx wcs …` command in the reference's "Start here", as its words. */
async function startHereCommand(): Promise<string[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const start = doc.info.description.slice(doc.info.description.indexOf('## Start here'));
  const command = /\$\(npx wcs ([^)`]+)\)/.exec(start)?.[1];
  expect(command, 'a `npx wcs` command in Start here').toBeDefined();
  return command!.split(' ');
}

const account = (key: string) =>
  t.app.inject({ method: 'GET', url: '/v1/account', headers: { authorization: `Bearer ${key}` } });

describe('wcs key create --mode test, as /docs "Start here" says', () => {
  it('on a new database: makes the organisation and a test key that works', async () => {
    const args = await startHereCommand();
    expect(args).toEqual(['key', 'create', '--mode', 'test']);
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
    });
    const key = stdout.trim();
    expect(key).toMatch(/^wcs_test_[0-9A-Za-z]{32,}$/);
    expect(stderr).toMatch(/^Created organisation org_\S+ \(My organisation, free plan\) for this key\./);
    const answer = await account(key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      organisation: { name: 'My organisation', plan: 'free' },
      key: { mode: 'test' },
    });
  });

  it('again: a key for the only organisation, saying which', async () => {
    const made = JSON.parse(
      await runCli(['key', 'create', '--mode', 'test', '--json'], { DATABASE_URL: database.url }),
    );
    const answer = (await account(made.key)).json();
    expect(made.organisation).toBe(answer.organisation.id);
    expect(answer.organisation.name).toBe('My organisation');
  });

  it('with several organisations: asks for --org, naming them, and makes nothing', async () => {
    const env = { DATABASE_URL: database.url };
    const other = (await runCli(['org', 'create', '--name', 'Second Skips Ltd'], env)).trim();
    await expect(runCli(['key', 'create', '--mode', 'test'], env)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        new RegExp(
          `^wcs: there are several organisations: give --org with one of org_\\S+ \\(My organisation\\), ${other} \\(Second Skips Ltd\\)\\n$`,
        ),
      ),
    });
    expect(await t.app.services.accounts.keys(other)).toEqual([]);
    const key = (await runCli(['key', 'create', '--org', other, '--mode', 'test'], env)).trim();
    expect((await account(key)).json().organisation.id).toBe(other);
  });
});
