import { afterEach, describe, expect, it } from 'vitest';
import { passwordProblem } from '../../src/portal/password-strength.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { PortalClient, uniqueEmail } from './portal-client.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The message shown next to the password field. */
function passwordError(body: string): string {
  const raw =
    /<p class="field-error" id="password-error">[\s\S]*?<\/span>\s*([^<]*)<\/p>/.exec(body)?.[1] ?? '';
  return raw.replaceAll('&quot;', '"').trim();
}

describe('password strength at sign-up', () => {
  it('refuses common and guessable passwords, saying why and what would be accepted, and creates nothing', async () => {
    t = await createTestApp();
    const refused: Record<string, string> = {
      '            ': 'Repeated characters like "aaa" are easy to guess.',
      aaaaaaaaaaaa: 'Repeated characters like "aaa" are easy to guess.',
      password1234: 'This is similar to a commonly used password.',
      qwertyuiop12: 'This is similar to a commonly used password.',
      // The organisation's own name is among the first words an attacker tries.
      'Acme Waste Ltd 2024': 'There should not be any personal or page related data.',
    };
    for (const [password, why] of Object.entries(refused)) {
      const email = uniqueEmail('weak');
      const browser = new PortalClient(t.app);
      await browser.get('/portal/signup');
      const res = await browser.post('/portal/signup', {
        organisation_name: 'Acme Waste Ltd',
        email,
        password,
      });
      expect(res.statusCode, password).toBe(400);
      const message = passwordError(res.body);
      expect(message).toMatch(/^This password is too easy to guess\. /);
      expect(message).toContain(why);
      expect(message).toContain('three or four unrelated words make a strong, memorable password');
      expect(await t.app.services.portal.users.findByEmail(email)).toBeUndefined();
    }
  });

  it('advises in British spelling: "Capitalise", never "Capitalize"', async () => {
    t = await createTestApp();
    for (const [password, advice] of [
      ['Sunshinebeach', 'Capitalise more than the first letter.'],
      ['SUNSHINEBEACH', 'Capitalise some, but not all letters.'],
    ]) {
      const browser = new PortalClient(t.app);
      await browser.get('/portal/signup');
      const res = await browser.post('/portal/signup', {
        organisation_name: 'Acme Waste Ltd',
        email: uniqueEmail('spelling'),
        password,
      });
      expect(res.statusCode, password).toBe(400);
      expect(passwordError(res.body)).toContain(advice);
      expect(res.body).not.toMatch(/capitaliz/i);
    }
  });

  it('accepts a passphrase of unrelated words, and says what it wants before anything is typed', async () => {
    t = await createTestApp();
    const browser = new PortalClient(t.app);
    const page = await browser.get('/portal/signup');
    expect(page.body).toContain(
      'At least 12 characters and hard to guess. A few unrelated words make a strong, memorable password.',
    );
    await browser.signUp(uniqueEmail('strong'), 'Acme Waste Ltd', 'copper kettle orchard');
  });
});

describe('the strength rule', () => {
  const owner = { email: 'jo.bloggs@thameside-skips.example', organisationName: 'Thameside Skips' };

  it('keeps the length rule and never takes the email address as a password', () => {
    expect(passwordProblem('elevenchars', owner)).toBe('Use at least 12 characters for your password.');
    expect(passwordProblem('x'.repeat(257), owner)).toBe('Use at most 256 characters for your password.');
    expect(passwordProblem(' Jo.Bloggs@Thameside-Skips.example', owner)).toBe(
      'Your password must not be your email address.',
    );
  });

  it('counts the account’s own details as known words', () => {
    expect(passwordProblem('jo.bloggs2024!', owner)).toContain('personal or page related data');
    expect(passwordProblem('jo.bloggs2024!', { email: 'someone@else.example' })).toBeUndefined();
  });
});
