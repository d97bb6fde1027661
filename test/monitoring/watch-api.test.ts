import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsFor, fromToday, upper, type WatchApp, watchApp } from './watch-app.ts';

let t: WatchApp;
beforeAll(async () => {
  t = await watchApp();
  t.register.add(
    upper('CBDU200001', 200, { name: 'Api Watch Haulage Ltd' }),
    upper('CBDU200002', 300),
    upper('CBDU200003', 300),
    upper('CBDU200004', 300),
    upper('CBDU200005', 300),
  );
});
afterAll(() => t.close());

const itemRequests = (number: string) =>
  t.register.requests.filter((r) => r.endsWith(`/registration/${number}.json`)).length;

describe('POST /v1/carrier-watches', () => {
  it('reads the register afresh for the baseline and answers the watch', async () => {
    // verify-carrier caches the record; the watch must not settle for the cached copy.
    expect((await t.result({ registration_number: 'CBDU200001' })).status).toBe('valid');
    const asked = itemRequests('CBDU200001');
    const res = await t.watch({ registration_number: ' cbdu 200001 ', label: '  Skips, north depot ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(itemRequests('CBDU200001')).toBe(asked + 1);
    const watch = res.json();
    expect(watch).toMatchObject({
      object: 'carrier_watch',
      registration_number: 'CBDU200001',
      label: 'Skips, north depot',
      source: 'api',
      note_reference: null,
      watch_until: null,
      status: 'valid',
      registration: {
        registration_number: 'CBDU200001',
        business_name: 'Api Watch Haulage Ltd',
        tier: 'upper',
        status: 'valid',
        expiry_date: fromToday(200),
        days_until_expiry: 200,
        postcode: 'TE5 5EE',
      },
      last_check_error: null,
    });
    expect(watch.id).toMatch(/^cw_/);
    expect(Date.parse(watch.next_check_at) - Date.parse(watch.last_checked_at)).toBe(86_400_000);
    // The baseline is not news.
    expect(await eventsFor(t.db, watch.id)).toEqual([]);

    const again = await t.watch({ registration_number: 'CBDU-200001' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CARRIER_WATCH_EXISTS',
      status: 409,
      details: [{ field: 'registration_number', issue: `is already watched by ${watch.id}` }],
    });
    expect(again.json().error.message).toContain(watch.id);
    expect(again.json().error.request_id).toMatch(/^req_/);
  });

  it('refuses what is not an England number, and bodies that do not fit', async () => {
    const scottish = await t.watch({ registration_number: 'WCR/R/1234567' });
    expect(scottish.statusCode).toBe(400);
    expect(scottish.json().error).toMatchObject({
      code: 'INVALID_REGISTRATION_NUMBER',
      details: [{ field: 'registration_number' }],
    });
    expect(scottish.json().error.message).toContain('Scottish (SEPA)');
    const missing = await t.watch({ label: 'no number' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('INVALID_REQUEST');
    const extra = await t.watch({ registration_number: 'CBDU200002', colour: 'red' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('INVALID_REQUEST');
  });

  it('still creates the watch when the register is down, unchecked, and the next pass takes the baseline', async () => {
    t.register.fail('http500');
    const res = await t.watch({ registration_number: 'CBDU200002' });
    t.register.fail('none');
    expect(res.statusCode, res.body).toBe(201);
    const watch = res.json();
    expect(watch).toMatchObject({ status: 'unchecked', registration: null, last_checked_at: null });
    expect(watch.last_check_error.message).toContain('could not be reached');
    expect(Date.parse(watch.next_check_at)).toBeLessThanOrEqual(Date.now());

    const pass = await t.app.services.monitoring.checkDue();
    expect(pass).toMatchObject({ checked: 1, events: 0, unavailable: 0 });
    const after = (await t.request('GET', `/v1/carrier-watches/${watch.id}`)).json();
    expect(after).toMatchObject({ status: 'valid', last_check_error: null });
    expect(after.registration.expiry_date).toBe(fromToday(300));
    expect(await eventsFor(t.db, watch.id)).toEqual([]);
  });

  it('answers the sandbox for test keys, including its outage number', async () => {
    const sandbox = await t.watch({ registration_number: 'CBDU100002' }, t.testKey);
    expect(sandbox.statusCode).toBe(201);
    expect(sandbox.json()).toMatchObject({
      status: 'expiring_soon',
      registration: { days_until_expiry: 45 },
    });
    const outage = await t.watch({ registration_number: 'CBDU100503' }, t.testKey);
    expect(outage.statusCode).toBe(201);
    expect(outage.json()).toMatchObject({ status: 'unchecked' });
    expect(outage.json().last_check_error.message).toContain('Sandbox: CBDU100503');
  });
});

describe('reading, relabelling and deleting watches', () => {
  it('lists newest first in pages, and keeps modes and organisations apart', async () => {
    const ids = [await t.watched('CBDU200003'), await t.watched('CBDU200004'), await t.watched('CBDU200005')];
    const first = (await t.request('GET', '/v1/carrier-watches?limit=2')).json();
    expect(first.data.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);
    expect(first).toMatchObject({ has_more: true, next_starting_after: ids[1] });
    const second = (await t.request('GET', `/v1/carrier-watches?limit=2&starting_after=${ids[1]}`)).json();
    expect(second.data[0].id).toBe(ids[0]);

    const unknown = await t.request('GET', '/v1/carrier-watches?starting_after=cw_nope');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('starting_after');

    const testList = (await t.request('GET', '/v1/carrier-watches?limit=100', undefined, t.testKey)).json();
    expect(testList.data.map((w: { id: string }) => w.id)).not.toContain(ids[0]);
    const otherMode = await t.request('GET', `/v1/carrier-watches/${ids[0]}`, undefined, t.testKey);
    expect(otherMode.statusCode).toBe(404);
    const { key: stranger } = await t.newKey({ mode: 'live' });
    expect((await t.request('DELETE', `/v1/carrier-watches/${ids[0]}`, undefined, stranger)).statusCode).toBe(
      404,
    );
  });

  it('relabels, then deletes for good', async () => {
    const id = (await t.request('GET', '/v1/carrier-watches?limit=1')).json().data[0].id;
    const relabelled = await t.request('PATCH', `/v1/carrier-watches/${id}`, { label: 'North depot' });
    expect(relabelled.statusCode).toBe(200);
    expect(relabelled.json()).toMatchObject({ id, label: 'North depot' });
    const cleared = await t.request('PATCH', `/v1/carrier-watches/${id}`, { label: null });
    expect(cleared.json().label).toBeNull();
    const number = await t.request('PATCH', `/v1/carrier-watches/${id}`, { registration_number: 'CBDU1' });
    expect(number.statusCode).toBe(400);

    const deleted = await t.request('DELETE', `/v1/carrier-watches/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id, object: 'carrier_watch', deleted: true });
    const gone = await t.request('GET', `/v1/carrier-watches/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toMatchObject({ code: 'CARRIER_WATCH_NOT_FOUND', status: 404 });
    expect((await t.request('DELETE', `/v1/carrier-watches/${id}`)).statusCode).toBe(404);
    expect((await t.request('PATCH', `/v1/carrier-watches/${id}`, { label: 'x' })).statusCode).toBe(404);
  });
});
