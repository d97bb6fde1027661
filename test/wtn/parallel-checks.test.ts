import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCached } from '../carriers/carrier-app.ts';
import { eaItem } from '../carriers/fake-register.ts';
import { bodyWith, type WtnApp, wtnApp } from './wtn-app.ts';

const NUMBER = 'CBDU740101';
const HOLD_MS = 3_000;

/**
 * Two upstreams on loopback that each hold their answer until the other has been asked (or HOLD_MS
 * passes). If the service asked them one after the other, the first would answer without having seen
 * the second: that is what the test looks for.
 */
class Rendezvous {
  registerAsked = false;
  modelAsked = false;
  registerSawModel = false;
  modelSawRegister = false;
  readonly #waiters: (() => void)[] = [];

  arrive(): void {
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async waitFor(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + HOLD_MS;
    while (!condition() && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}

function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let meeting: Rendezvous;
let register: { server: Server; url: string };
let model: { server: Server; url: string };
let t: WtnApp;

beforeAll(async () => {
  await forgetCached([`number:${NUMBER}`]);
  register = await serve(async (req, res) => {
    meeting.registerAsked = true;
    meeting.arrive();
    await meeting.waitFor(() => meeting.modelAsked);
    meeting.registerSawModel = meeting.modelAsked;
    const body = req.url?.includes(`/registration/${NUMBER}.json`)
      ? {
          items: [
            eaItem({ number: NUMBER, name: 'Parallel Haulage Ltd', tier: 'Upper', expiry: '2099-01-01' }),
          ],
        }
      : { items: [] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  model = await serve(async (req, res) => {
    req.resume();
    meeting.modelAsked = true;
    meeting.arrive();
    await meeting.waitFor(() => meeting.registerAsked);
    meeting.modelSawRegister = meeting.registerAsked;
    // A refusal: the classifier falls back to its local answer (LLM_ON_FAILURE=fallback).
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
  });
  t = await wtnApp({
    env: {
      EA_REGISTER_URL: `${register.url}/public-register`,
      EA_REGISTER_TIMEOUT_MS: '8000',
      CLASSIFIER_ENGINE: 'llm',
      LLM_BASE_URL: `${model.url}/v1`,
      LLM_MODEL: 'stand-in',
      LLM_TIMEOUT_MS: '8000',
      LLM_ON_FAILURE: 'fallback',
    },
  });
});
afterAll(async () => {
  await t?.close();
  register?.server.close();
  model?.server.close();
});

describe('generating a note', () => {
  it('asks the register and the classifier at the same time', async () => {
    meeting = new Rendezvous();
    // A description of its own, so no cached classification answers instead of the model.
    const description = `Broken plasterboard offcuts from a refurbishment, job ${randomBytes(4).toString('hex')}`;
    const body = {
      ...bodyWith('waste', { description, ewc_code: undefined, auto_classify: true }),
      carrier: { registration_number: NUMBER },
    };
    const note = await t.note(body, t.liveKey);
    expect(meeting.registerAsked && meeting.modelAsked).toBe(true);
    expect(meeting.registerSawModel).toBe(true);
    expect(meeting.modelSawRegister).toBe(true);
    expect(note.carrier).toMatchObject({
      registration_number: NUMBER,
      business_name: 'Parallel Haulage Ltd',
      verified: true,
    });
    expect(note.waste.ewc_code_source).toBe('classification');
  });
});
