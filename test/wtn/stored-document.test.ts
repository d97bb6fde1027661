import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import { bodyWith, validBody, type WtnApp, wtnApp } from './wtn-app.ts';

/** The note schema with every object closed: a field the schema does not name is an error. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = closed(v);
  if (out.type === 'object') out.additionalProperties = false;
  return out;
}
const exact = Compile(closed(JSON.parse(JSON.stringify(WasteTransferNote))) as typeof WasteTransferNote);

let t: WtnApp;
beforeAll(async () => {
  t = await wtnApp();
});
afterAll(async () => {
  await t.close();
});

describe('a note is sent as it was stored', () => {
  it('holds exactly the fields of the WasteTransferNote schema, whatever path made it', async () => {
    const bodies = [
      validBody(),
      bodyWith('carrier', { registration_number: 'CBDU100003' }),
      bodyWith('carrier', { registration_number: 'CBDL100004' }),
      bodyWith('carrier', { auto_verify: false }),
      bodyWith('waste', { description: 'mixed waste', ewc_code: undefined, auto_classify: true }),
      bodyWith('waste', { description: 'stuff', ewc_code: undefined, auto_classify: true }),
      bodyWith('waste', { ewc_code: '17 06 05*', auto_classify: true, container_type: '' }),
      {
        ...validBody(),
        producer: { name: 'P', address: 'A', contact_name: 'Jo' },
        destination: { name: 'D', address: 'A', permit_number: 'x' },
      },
    ];
    for (const body of bodies) {
      const created = await t.generate(body);
      expect(created.statusCode).toBe(201);
      const note = created.json();
      expect([...exact.Errors(note)], JSON.stringify(body)).toEqual([]);
      const read = await t.get(`/v1/wtn/${note.reference}`);
      expect(read.body).toBe(created.body);
      expect(read.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('a page of the list is the stored notes, each byte for byte', async () => {
    const page = await t.get('/v1/wtn?limit=3');
    const { data, has_more, next_starting_after } = page.json();
    expect(data).toHaveLength(3);
    expect(has_more).toBe(true);
    expect(next_starting_after).toBe(data[2].reference);
    for (const note of data) {
      expect((await t.get(`/v1/wtn/${note.reference}`)).body).toBe(JSON.stringify(note));
    }
  });
});
