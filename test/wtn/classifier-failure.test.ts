import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyWith, type WtnApp, wtnApp } from './wtn-app.ts';

// A model endpoint on loopback that refuses every call; with LLM_ON_FAILURE=error the classifier fails.
let model: Server;
let calls = 0;
let t: WtnApp;

beforeAll(async () => {
  model = createServer((req, res) => {
    req.resume();
    calls++;
    res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"refused"}}');
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  t = await wtnApp({
    env: {
      CLASSIFIER_ENGINE: 'llm',
      LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
      LLM_MODEL: 'stand-in',
      LLM_ON_FAILURE: 'error',
    },
  });
});
afterAll(async () => {
  await t?.close();
  model?.close();
});

// Each test describes its waste afresh so that no cached classification hides the failure.
const fresh = () => `Broken plasterboard offcuts from a refurbishment, job ${randomBytes(4).toString('hex')}`;
// Only live keys reach the model (test keys use the local engine); the carrier is not checked here, as
// there is no register in this file.
const live = (waste: Record<string, unknown>) => ({
  ...bodyWith('waste', waste),
  carrier: { registration_number: 'CBDU100001', auto_verify: false },
});

describe('when the classifier fails', () => {
  it('and it was to choose the code: 500 CLASSIFICATION_FAILED, nothing stored', async () => {
    const before = calls;
    const response = await t.generate(
      live({ description: fresh(), ewc_code: undefined, auto_classify: true }),
      t.liveKey,
    );
    expect(calls).toBeGreaterThan(before);
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('CLASSIFICATION_FAILED');
    expect(await t.storedNotes()).toBe(0);
  });

  it('and it was only cross-checking a supplied code: the note is made, with a warning', async () => {
    const before = calls;
    const note = await t.note(
      live({ description: fresh(), ewc_code: '17 08 02', auto_classify: true }),
      t.liveKey,
    );
    expect(calls).toBeGreaterThan(before);
    expect(note.waste).toMatchObject({
      ewc_code: '17 08 02',
      ewc_code_source: 'supplied',
      classification_confidence: null,
    });
    expect(note.compliance.warnings.map((w) => w.code)).toContain('CLASSIFICATION_CROSS_CHECK_UNAVAILABLE');
    expect(note.compliance.flags.map((f) => f.code)).toEqual(['CARRIER_NOT_VERIFIED']);
  });

  it('and auto_classify is false: the classifier is never asked', async () => {
    const before = calls;
    await t.note(live({ description: fresh(), ewc_code: '17 08 02', auto_classify: false }), t.liveKey);
    expect(calls).toBe(before);
  });

  it('a test key never reaches the model: the local engine cross-checks', async () => {
    const before = calls;
    const note = await t.note(
      bodyWith('waste', { description: fresh(), ewc_code: '17 08 02', auto_classify: true }),
    );
    expect(calls).toBe(before);
    expect(note.compliance.warnings).toEqual([]);
  });
});
