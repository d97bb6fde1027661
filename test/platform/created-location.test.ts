import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garageBody, PART_C } from '../consignments/consignment-app.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { receiptBody, siteBody } from '../receipts/receipt-app.ts';
import { validBody } from '../wtn/wtn-app.ts';

interface Operation {
  responses?: Record<string, { headers?: Record<string, { description?: string }> }>;
}

// A client that creates something follows `Location` to read it back, as RFC 9110 says a 201 (and a 202
// that starts work) lets it: every create route names what it made, replays of an Idempotency-Key too.

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused', WEBHOOK_WORKER: 'off', DWT_WORKER: 'off' },
  });
  key = (await t.newKey({ mode: 'test' })).key;
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.call(key, { method: 'POST', url, payload, headers });

/** The answer names where it can be read, and reading there gives back what was made. */
async function followLocation(response: LightMyRequestResponse, status = 201) {
  expect(response.statusCode, response.body).toBe(status);
  const location = response.headers.location as string;
  expect(location).toMatch(/^\/v1\//);
  const read = await t.call(key, { method: 'GET', url: location });
  expect(read.statusCode, location).toBe(200);
  return { location, created: response.json(), read: read.json() };
}

describe('Location on every create', () => {
  it('a transfer note, its signature and a season-ticket collection name the note', async () => {
    const { location, created, read } = await followLocation(await post('/v1/generate-wtn', validBody()));
    expect(location).toBe(`/v1/wtn/${created.reference}`);
    expect(read.reference).toBe(created.reference);

    const signed = await post(`${location}/signatures`, { party: 'transferor', name: 'Sam Patel' });
    expect((await followLocation(signed)).location).toBe(location);

    const ticket = await followLocation(
      await post(
        '/v1/generate-wtn',
        validBody({ season_ticket: { valid_from: '2026-04-01', valid_until: '2027-03-31' } }),
      ),
    );
    const collection = await post(`${ticket.location}/transfers`, {
      date: '2026-04-07',
      quantity_kg: 620,
      vehicle_registration: 'AB12 CDE',
    });
    const followed = await followLocation(collection);
    expect(followed.location).toBe(ticket.location);
    expect(followed.read.transfers).toEqual([followed.created]);
  });

  it('a replayed Idempotency-Key answers the same Location', async () => {
    const headers = { 'idempotency-key': `loc-${Date.now()}` };
    const first = await post('/v1/generate-wtn', validBody(), headers);
    const again = await post('/v1/generate-wtn', validBody(), headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers.location).toBe(`/v1/wtn/${first.json().reference}`);
  });

  it('a consignment note and its signed part name the note', async () => {
    const { location, created } = await followLocation(await post('/v1/consignment-notes', garageBody()));
    expect(location).toBe(`/v1/consignment-notes/${created.id}`);
    expect((await followLocation(await post(`${location}/signatures`, PART_C))).location).toBe(location);
  });

  it('a site, a receipt (202), a carrier watch and a webhook endpoint name themselves', async () => {
    const site = await followLocation(await post('/v1/sites', siteBody()));
    expect(site.location).toBe(`/v1/sites/${site.created.id}`);
    const receipt = await followLocation(await post('/v1/waste-receipts', receiptBody(site.created.id)), 202);
    expect(receipt.location).toBe(`/v1/waste-receipts/${receipt.created.id}`);
    const watch = await followLocation(
      await post('/v1/carrier-watches', { registration_number: 'CBDU100002' }),
    );
    expect(watch.location).toBe(`/v1/carrier-watches/${watch.created.id}`);
    const endpoint = await followLocation(
      await post('/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/hooks', events: ['*'] }),
    );
    expect(endpoint.location).toBe(`/v1/webhook-endpoints/${endpoint.created.id}`);
    expect(endpoint.read).not.toHaveProperty('secret');
  });

  it('a signing link, a credential, travels in the body only', async () => {
    const note = (await post('/v1/generate-wtn', validBody())).json();
    const link = await post(`/v1/wtn/${note.reference}/signing-links`, { party: 'transferee' });
    expect(link.statusCode).toBe(201);
    expect(link.headers.location).toBeUndefined();
  });

  it('the reference documents Location on every 201 and 202 that creates, signing links aside', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const creates: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['201', '202']) {
          const response = operation.responses?.[status];
          if (!response || path.endsWith('/signing-links')) continue;
          if (status === '202' && !path.endsWith('/waste-receipts')) continue;
          creates.push(`${method.toUpperCase()} ${path}`);
          expect(response.headers?.Location?.description, `${method} ${path}`).toMatch(/`\/v1\//);
        }
      }
    }
    expect(creates.length).toBeGreaterThanOrEqual(9);
  });
});
