import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { RESET_REQUEST_POLICY, THROTTLE_POLICY } from '../../src/portal/login-throttle.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { migratedDatabase } from '../helpers/database.ts';
import { PortalClient, problem, uniqueEmail } from './portal-client.ts';
import { type SmtpStandIn, startSmtpStandIn } from './smtp-stand-in.ts';

const PUBLIC_URL = 'https://wcs.example.org';
const PASSWORD = 'a long enough password';
const NEW_PASSWORD = 'copper kettle orchard';

let t: TestApp | undefined;
let smtp: SmtpStandIn | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

async function withMail(clock?: ManualClock): Promise<{ app: TestApp; mail: SmtpStandIn }> {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  return { app: t, mail: smtp };
}

/** What the page says, without the per-request form token. */
function mainText(body: string): string {
  return (/<main[\s\S]*<\/main>/.exec(body)?.[0] ?? '').replace(/name="_csrf" value="[^"]*"/, '');
}

async function askForLink(browser: PortalClient, email: string) {
  await browser.get('/portal/forgot');
  return browser.post('/portal/forgot', { email });
}

/** The path of the reset link in an email, checking it points at PUBLIC_URL. */
function linkPath(text: string): string {
  const link = /https:\/\/wcs\.example\.org\/portal\/reset\/[\w-]{43}(?=\s)/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in: ${text}`);
  return new URL(link).pathname;
}

async function lockOut(email: string, app: TestApp, clock: ManualClock): Promise<void> {
  const attacker = new PortalClient(app.app);
  for (let failures = 0; failures < THROTTLE_POLICY.lockAfterFailures; ) {
    await attacker.get('/portal/login');
    const res = await attacker.post('/portal/login', { email, password: `wrong ${failures}` });
    if (res.statusCode === 401) failures++;
    else clock.advance(Number(res.headers['retry-after']) * 1000);
  }
}

describe('password reset by email', () => {
  it('emails a single-use link to choose a new password, which logs out every other browser', async () => {
    const { app, mail } = await withMail();
    const OWNER = uniqueEmail('owner');
    const NOBODY = uniqueEmail('nobody');
    const laptop = new PortalClient(app.app);
    await laptop.signUp(OWNER);

    // A Host header naming another site must not change where the link points.
    const phone = new PortalClient(app.app, { headers: { host: 'attacker.example' } });
    expect((await phone.get('/portal/login')).body).toContain(
      '<a href="/portal/forgot">Forgot your password?</a>',
    );
    const forNobody = await askForLink(phone, NOBODY);
    const forOwner = await askForLink(phone, OWNER.toUpperCase());
    expect(forOwner.statusCode).toBe(200);
    expect(forNobody.statusCode).toBe(200);
    expect(mainText(forOwner.body)).toContain('If an account exists for');
    expect(mainText(forOwner.body).replace(OWNER, 'EMAIL')).toBe(
      mainText(forNobody.body).replace(NOBODY, 'EMAIL'),
    );

    const message = await mail.nextMail();
    expect(message.to).toEqual([OWNER]);
    expect(message.subject).toBe('Reset your Waste Compliance Service password');
    const path = linkPath(message.text);

    const form = await phone.get(path);
    expect(form.statusCode).toBe(200);
    expect(form.headers['referrer-policy']).toBe('no-referrer');
    expect(mainText(form.body)).toContain('Choose a new password');
    expect(mainText(form.body)).toContain(OWNER);

    const weak = await phone.post(path, { password: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(problem(weak.body)).toMatch(/^This password is too easy to guess\./);

    const changed = await phone.post(path, { password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe('/portal/dashboard?done=password-changed');
    expect((await phone.get(changed.headers.location as string)).body).toContain(
      'Your password has been changed. Every other browser that was signed in to your account has been logged out.',
    );

    // The laptop's session ended; the old password no longer works, the new one does.
    const stale = await laptop.get('/portal/dashboard');
    expect(stale.headers.location).toBe('/portal/login?done=expired');
    expect((await new PortalClient(app.app).logIn(OWNER, PASSWORD)).statusCode).toBe(401);
    expect((await new PortalClient(app.app).logIn(OWNER, NEW_PASSWORD)).statusCode).toBe(303);

    // The link works once.
    const again = await new PortalClient(app.app).get(path);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link has expired');

    // Closing waits for mail still being sent: the unknown address got nothing.
    await app.close();
    t = undefined;
    expect(mail.received.map((m) => m.to)).toEqual([[OWNER]]);
  });

  it('lets the owner back in while an attacker holds the email locked, and stops trusting old browsers', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    const { app, mail } = await withMail(clock);
    const OWNER = uniqueEmail('owner');
    const laptop = new PortalClient(app.app);
    await laptop.signUp(OWNER);
    await lockOut(OWNER, app, clock);

    const borrowed = new PortalClient(app.app);
    expect((await borrowed.logIn(OWNER, PASSWORD)).statusCode).toBe(429);
    await askForLink(borrowed, OWNER);
    const path = linkPath((await mail.nextMail()).text);
    await borrowed.get(path);
    expect((await borrowed.post(path, { password: NEW_PASSWORD })).statusCode).toBe(303);
    expect((await borrowed.get('/portal/dashboard')).statusCode).toBe(200);

    // The attacker locks the email again: the browser that reset the password is trusted now; the
    // laptop, trusted before the reset, no longer is.
    await lockOut(OWNER, app, clock);
    expect((await laptop.logIn(OWNER, NEW_PASSWORD)).statusCode).toBe(429);
    await borrowed.post('/portal/logout');
    expect((await borrowed.logIn(OWNER, NEW_PASSWORD)).statusCode).toBe(303);
  });

  it('refuses a link after its hour', async () => {
    const clock = new ManualClock('2026-05-04T09:00:00Z');
    const { app, mail } = await withMail(clock);
    const OWNER = uniqueEmail('owner');
    await new PortalClient(app.app).signUp(OWNER);
    const browser = new PortalClient(app.app);
    await askForLink(browser, OWNER);
    const path = linkPath((await mail.nextMail()).text);
    clock.advance(60 * 60_000);
    const res = await browser.get(path);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This link has expired');
    await browser.get('/portal/login');
    expect((await browser.post(path, { password: NEW_PASSWORD })).statusCode).toBe(404);
    expect((await new PortalClient(app.app).logIn(OWNER, PASSWORD)).statusCode).toBe(303);
  });

  it('sends one address at most three links an hour, answering as usual, and slows a network that asks too often', async () => {
    const { app, mail } = await withMail();
    const OWNER = uniqueEmail('owner');
    await new PortalClient(app.app).signUp(OWNER);
    const answers: string[] = [];
    for (let i = 0; i < RESET_REQUEST_POLICY.perEmail + 1; i++) {
      const res = await askForLink(new PortalClient(app.app), OWNER);
      expect(res.statusCode).toBe(200);
      answers.push(mainText(res.body));
    }
    expect(new Set(answers).size).toBe(1);

    const asker = new PortalClient(app.app);
    for (let i = 0; i < RESET_REQUEST_POLICY.perNetwork; i++) {
      expect((await askForLink(asker, uniqueEmail(`n${i}`))).statusCode).toBe(200);
    }
    const refused = await askForLink(asker, uniqueEmail('one-more'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(problem(refused.body)).toMatch(/^Too many reset requests from your network\. Try again in /);

    await app.close();
    t = undefined;
    expect(mail.received).toHaveLength(RESET_REQUEST_POLICY.perEmail);
  });

  it('needs the form token on both forms', async () => {
    const { app } = await withMail();
    const browser = new PortalClient(app.app);
    await browser.get('/portal/forgot');
    expect((await browser.post('/portal/forgot', { _csrf: '', email: uniqueEmail('x') })).statusCode).toBe(
      403,
    );
    expect(
      (await browser.post(`/portal/reset/${'a'.repeat(43)}`, { _csrf: '', password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(403);
  });

  it('never writes the token to the log', async () => {
    smtp = await startSmtpStandIn();
    const lines: string[] = [];
    const config = loadConfig({
      REDIS_URL: process.env.REDIS_URL,
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      LOG_LEVEL: 'info',
    });
    const db = await migratedDatabase();
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp(config, { db, logger });
    try {
      const OWNER = uniqueEmail('owner');
      await new PortalClient(app).signUp(OWNER);
      const browser = new PortalClient(app);
      await askForLink(browser, OWNER);
      const path = linkPath((await smtp.nextMail()).text);
      // Paths the reset route does not answer (a trailing slash, another case) hide the token too.
      await app.inject({ method: 'GET', url: `${path}/` });
      await app.inject({ method: 'GET', url: path.replace('/portal/', '/Portal/') });
      await browser.get(path);
      await browser.post(path, { password: NEW_PASSWORD });
      const log = lines.join('');
      expect(log).toContain('/portal/reset/[redacted]');
      expect(log).not.toContain(path.split('/').at(-1));
    } finally {
      await app.close();
      await db.close();
    }
  });
});

describe('without a mail server', () => {
  it('says reset by email is not available and to ask the operator', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    const page = await browser.get('/portal/forgot');
    expect(page.statusCode).toBe(200);
    expect(mainText(page.body)).toContain('Reset by email is not available on this service.');
    expect(mainText(page.body)).toContain('Ask the person who runs this service to reset your password.');
    expect(page.body).not.toContain('action="/portal/forgot"');
    await browser.get('/portal/login');
    expect((await browser.post('/portal/forgot', { email: uniqueEmail('x') })).statusCode).toBe(503);
  });
});
