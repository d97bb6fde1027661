import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserRig, browserAgainstServer } from '../helpers/browser.ts';
import type { ServerProcess } from '../helpers/server-process.ts';
import { uniqueEmail } from './portal-client.ts';

const PASSWORD = 'tidy lorries on time';

let server: ServerProcess;
let browser: Browser;
let rig: BrowserRig;

beforeAll(async () => {
  rig = await browserAgainstServer();
  ({ server, browser } = rig);
}, 60_000);

afterAll(() => rig?.close());

/** Runs in the page (the DOM types are not in this project's lib). */
function readClipboard(): Promise<string> {
  const nav = (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } })
    .navigator;
  return nav.clipboard.readText();
}

/** Runs in the page: whether the element has the document's focus. */
function hasFocus(element: unknown): boolean {
  return (
    (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement === element
  );
}

async function callAccount(key: string): Promise<Response> {
  return fetch(`${server.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
}

async function signUp(page: Page, email: string, organisation: string): Promise<void> {
  await page.goto(`${server.url}/portal`);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Organisation name').fill(organisation);
  await page.getByLabel('Work email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

describe('the portal in a real browser', () => {
  it('signs up, creates a test key shown once, revokes it, logs out and back in', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const email = uniqueEmail('e2e');
    await signUp(page, email, 'Riverside Skips Ltd');
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('Your account is ready');

    await page.getByLabel('Key name').fill('Browser test key');
    await page.getByLabel('Test', { exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Your new key' }).waitFor();
    const key = await page.getByLabel('Your new API key').inputValue();
    expect(key).toMatch(/^wcs_test_[0-9A-Za-z]{40}$/);
    expect(await page.locator('#curl-example').textContent()).toContain(`Bearer ${key}`);

    await page.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(() => page.evaluate(readClipboard)).toBe(key);
    expect(await page.getByRole('status').textContent()).toBe('Copied to the clipboard.');

    const ok = await callAccount(key);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { organisation: { name: string } }).organisation.name).toBe(
      'Riverside Skips Ltd',
    );

    // Shown once: the list has only the display prefix.
    await page.getByRole('link', { name: 'I have stored my key' }).click();
    expect(await page.content()).not.toContain(key);
    await page.getByRole('link', { name: 'Revoke Browser test key' }).click();
    await page.getByRole('heading', { name: 'Revoke “Browser test key”?' }).waitFor();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    expect(await page.getByRole('status').textContent()).toContain('Key revoked');

    const refused = await callAccount(key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('INVALID_API_KEY');

    await page.getByRole('button', { name: 'Log out' }).click();
    expect(await page.getByRole('status').textContent()).toContain('You have logged out.');

    // Back in with the keyboard alone: the email field has focus, Tab reaches the password, Enter submits.
    // A browser gives the field its focus as it renders the page, which a loaded machine can leave until
    // after the page has loaded: the keys are typed once it has.
    await expect
      .poll(() => page.getByLabel('Email address').evaluate(hasFocus), { timeout: 20_000 })
      .toBe(true);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(page.url()).toBe(`${server.url}/portal/dashboard`);
    expect(await page.locator('.account__org').textContent()).toBe('Riverside Skips Ltd');
    await context.close();
  });

  it('works with JavaScript turned off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUp(page, uniqueEmail('nojs'), 'Plain HTML Ltd');
    await page.getByLabel('Key name').fill('No script');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByLabel('Your new API key').inputValue();
    expect((await callAccount(key)).status).toBe(200);
    // The copy button needs the script, so without it the button stays hidden rather than dead.
    expect(await page.getByRole('button', { name: 'Copy key' }).isHidden()).toBe(true);
    await context.close();
  });
});
