import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCached } from '../carriers/carrier-app.ts';
import { FakeRegister } from '../carriers/fake-register.ts';
import { bodyWith, type WtnApp, wtnApp } from './wtn-app.ts';

// Numbers of this file only: with Redis the carrier cache is shared by every test process.
const HUNG = 'CBDU762001';

let register: FakeRegister;
let t: WtnApp;
beforeAll(async () => {
  await forgetCached([`number:${HUNG}`]);
  register = await new FakeRegister().start();
  // verify-carrier alone would wait 10 s; a note's carrier check gives up after 300 ms.
  t = await wtnApp({
    env: {
      EA_REGISTER_URL: register.url,
      EA_REGISTER_TIMEOUT_MS: '10000',
      EA_REGISTER_DEADLINE_MS: '10000',
      WTN_REGISTER_DEADLINE_MS: '300',
    },
  });
});
afterAll(async () => {
  await t.close();
  await register.stop();
});

describe('a register that never answers', () => {
  it('makes generate-wtn a 503 within its own shorter deadline, and nothing is stored', async () => {
    const before = await t.storedNotes();
    register.fail('hang');
    const started = Date.now();
    const response = await t.generate(bodyWith('carrier', { registration_number: HUNG }), t.liveKey);
    // Loose: far above the 300 ms deadline, far below verify-carrier's 10 s.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatchObject({ code: 'EA_REGISTER_UNAVAILABLE', status: 503 });
    expect(register.requests).toEqual([`/public-register/waste-carriers-brokers/registration/${HUNG}.json`]);
    expect(await t.storedNotes()).toBe(before);
  });
});
