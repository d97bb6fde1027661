import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/context.ts';
import { run } from '../../src/cli/main.ts';
import { readPasswordFromStdin, resetPassword } from '../../src/cli/user-commands.ts';
import { createDb } from '../../src/platform/db/database.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { sharedDatabaseUrl } from '../helpers/server-process.ts';
import { PortalClient, uniqueEmail } from '../portal/portal-client.ts';

const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'copper kettle orchard';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const stdinWith = (text: string) => async () => text;

describe('wcs user reset-password', () => {
  it('sets a new password read from stdin: it works at once and every session of the user ends', async () => {
    t = await createTestApp();
    const OWNER = uniqueEmail('owner');
    const laptop = new PortalClient(t.app);
    await laptop.signUp(OWNER);

    const out = await resetPassword(
      t.app.services,
      { email: OWNER.toUpperCase(), passwordStdin: true },
      stdinWith(NEW_PASSWORD),
    );
    expect(out.text).toBe(
      `Password changed for ${OWNER}. Every browser signed in to the account has been logged out.`,
    );
    expect((await laptop.get('/portal/dashboard')).headers.location).toBe('/portal/login?done=expired');
    expect((await new PortalClient(t.app).logIn(OWNER, PASSWORD)).statusCode).toBe(401);
    expect((await new PortalClient(t.app).logIn(OWNER, NEW_PASSWORD)).statusCode).toBe(303);
  });

  it('refuses a weak password with the reason, and changes nothing', async () => {
    t = await createTestApp();
    const OWNER = uniqueEmail('owner');
    await new PortalClient(t.app).signUp(OWNER);
    const attempt = resetPassword(
      t.app.services,
      { email: OWNER, passwordStdin: true },
      stdinWith('aaaaaaaaaaaa'),
    );
    await expect(attempt).rejects.toBeInstanceOf(CliError);
    await expect(attempt).rejects.toThrow(/^This password is too easy to guess\. Repeated characters/);
    expect((await new PortalClient(t.app).logIn(OWNER, PASSWORD)).statusCode).toBe(303);
  });

  it('prints a one-time link that lets the user choose a password', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://wcs.example.org/' } });
    const OWNER = uniqueEmail('owner');
    await new PortalClient(t.app).signUp(OWNER);
    const out = await resetPassword(t.app.services, { email: OWNER, link: true }, stdinWith(''));
    expect(out.text).toMatch(/^https:\/\/wcs\.example\.org\/portal\/reset\/[\w-]{43}$/);
    expect(out.json).toMatchObject({ email: OWNER, link: out.text, expires_at: expect.any(String) });
    expect(out.note).toContain('It works once');

    const path = new URL(out.text).pathname;
    const browser = new PortalClient(t.app);
    expect((await browser.get(path)).statusCode).toBe(200);
    expect((await browser.post(path, { password: NEW_PASSWORD })).statusCode).toBe(303);
    expect((await new PortalClient(t.app).get(path)).statusCode).toBe(404);
  });

  it('names an unknown email, and wants exactly one of --link and --password-stdin', async () => {
    t = await createTestApp();
    const services = t.app.services;
    await expect(
      resetPassword(services, { email: 'nobody@example.com', link: true }, stdinWith('')),
    ).rejects.toThrow('No portal user with email nobody@example.com');
    await expect(
      resetPassword(services, { email: 'nobody@example.com', passwordStdin: true }, stdinWith(NEW_PASSWORD)),
    ).rejects.toThrow('No portal user with email nobody@example.com');
    for (const both of [{}, { link: true, passwordStdin: true }]) {
      await expect(
        resetPassword(services, { email: 'x@example.com', ...both }, stdinWith('')),
      ).rejects.toThrow(
        'choose one: --link (print a one-time link) or --password-stdin (read a new password)',
      );
    }
  });

  it('reads the first line of a pipe, and refuses to read a password typed at the terminal', async () => {
    const pipe = Readable.from([Buffer.from(`${NEW_PASSWORD}\n`), Buffer.from('ignored\n')]);
    expect(await readPasswordFromStdin(pipe)).toBe(NEW_PASSWORD);
    const terminal = Object.assign(Readable.from([]), { isTTY: true });
    await expect(readPasswordFromStdin(terminal)).rejects.toThrow(/reads a pipe, not the terminal/);
  });

  it('runs from the command line against the configured database, reading stdin or printing a link', async () => {
    const database = await sharedDatabaseUrl();
    const db = createDb(database.url);
    try {
      t = await createTestApp({ db });
      const OWNER = uniqueEmail('owner');
      await new PortalClient(t.app).signUp(OWNER);
      const wcs = async (args: string[], stdin: string[] = []) => {
        const out = { stdout: '', stderr: '' };
        const code = await run(['user', 'reset-password', '--email', OWNER, ...args], {
          env: { ...process.env, DATABASE_URL: database.url, PUBLIC_URL: 'https://wcs.example.org' },
          stdout: { write: (text: string) => (out.stdout += text) },
          stderr: { write: (text: string) => (out.stderr += text) },
          stdin: Readable.from(stdin.map((line) => Buffer.from(line))),
        });
        return { code, ...out };
      };

      const weak = await wcs(['--password-stdin'], ['aaaaaaaaaaaa\n']);
      expect(weak.code).toBe(1);
      expect(weak.stderr).toMatch(/^wcs: This password is too easy to guess\./);
      const set = await wcs(['--password-stdin', '--json'], [`${NEW_PASSWORD}\n`]);
      expect(set.code).toBe(0);
      expect(JSON.parse(set.stdout)).toMatchObject({ email: OWNER, password_changed: true });
      expect((await new PortalClient(t.app).logIn(OWNER, NEW_PASSWORD)).statusCode).toBe(303);

      const linked = await wcs(['--link']);
      expect(linked.code).toBe(0);
      expect(linked.stdout).toMatch(/^https:\/\/wcs\.example\.org\/portal\/reset\/[\w-]{43}\n$/);
      expect(linked.stderr).toContain('It works once');
      const browser = new PortalClient(t.app);
      expect((await browser.get(new URL(linked.stdout.trim()).pathname)).body).toContain(OWNER);
    } finally {
      await t?.close();
      t = undefined;
      await db.close();
      await database.dispose();
    }
  });
});
