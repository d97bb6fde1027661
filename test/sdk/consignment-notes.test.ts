import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConsignmentNote,
  type CreateConsignmentNoteRequest,
  type SignConsignmentNoteRequest,
  WasteComplianceClient,
  WcsConflictError,
} from '../../packages/sdk/src/index.ts';
import { garageBody, PART_C, PART_D, partE } from '../consignments/consignment-app.ts';
import { rejection, type SdkServer, sdkServer } from './sdk-server.ts';
import { StandIn } from './stand-in.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: SdkServer;
let wcs: WasteComplianceClient;

beforeAll(async () => {
  server = await sdkServer();
  wcs = new WasteComplianceClient({ apiKey: server.testKey, baseUrl: server.url });
});
afterAll(() => server.close());

// test/consignments' bodies, typed as the SDK's requests (they are plain records there).
const body = (overrides: Record<string, unknown> = {}) =>
  garageBody(overrides) as unknown as CreateConsignmentNoteRequest;
const part = (signature: object) => signature as SignConsignmentNoteRequest;

/** A note created and signed through Parts C, D and E: received at the consignee. */
async function received(overrides: Record<string, unknown> = {}): Promise<ConsignmentNote> {
  const note = await wcs.consignmentNotes.create(body(overrides));
  await wcs.consignmentNotes.sign(note.id, part(PART_C));
  await wcs.consignmentNotes.sign(note.id, part(PART_D));
  return wcs.consignmentNotes.sign(note.id, part(partE()));
}

describe('consignment notes through the SDK, against a running service', () => {
  it('creates a note, signs Parts C, D and E in order, gets it back and finds it by iterating', async () => {
    const note = await wcs.consignmentNotes.create(body());
    expect(note.id).toMatch(/^cn_/);
    expect(note.consignment_code).toMatch(/^GARAGE\/\d{5}$/);
    expect(note.status).toBe('awaiting_collection');
    expect(note.lines[0].ewc_code).toBe('13 02 05*');

    const c = await wcs.consignmentNotes.sign(note.id, part(PART_C));
    expect(c.status).toBe('collected');
    expect(c.parts.C).toMatchObject({ registration_number: 'CBDU100001', register_status: 'valid' });
    const d = await wcs.consignmentNotes.sign(note.id, part(PART_D));
    expect(d.parts.D).toMatchObject({ name: 'Sam Patel' });
    const e = await wcs.consignmentNotes.sign(note.id, part(partE()));
    expect(e.status).toBe('received');
    expect(e.content_sha256).toMatch(/^[0-9a-f]{64}$/);

    expect(await wcs.consignmentNotes.get(note.id)).toEqual(e);

    const seen: string[] = [];
    for await (const n of wcs.consignmentNotes.iterate({ limit: 1 })) seen.push(n.id);
    expect(seen).toContain(note.id);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers a part signed out of order as a typed 409 naming PART_OUT_OF_ORDER', async () => {
    const note = await wcs.consignmentNotes.create(body());
    const error = await rejection(wcs.consignmentNotes.sign(note.id, part(PART_D)), WcsConflictError);
    expect(error.code).toBe('PART_OUT_OF_ORDER');
    expect(error.message).toContain('Part C');
  });

  it('answers the same note for a repeated Idempotency-Key', async () => {
    const first = await wcs.consignmentNotes.create(body(), { idempotencyKey: 'cn-job-7' });
    const again = await wcs.consignmentNotes.create(body(), { idempotencyKey: 'cn-job-7' });
    expect(again.id).toBe(first.id);
    expect(again.consignment_code).toBe(first.consignment_code);
  });

  it('prints a note, exports the notes as CSV and creates a signing link', async () => {
    const note = await wcs.consignmentNotes.create(body());
    const pdf = await wcs.consignmentNotes.pdf(note.id);
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');

    const text = await new Response(await wcs.consignmentNotes.exportCsv()).text();
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(JSON.stringify(rows)).toContain(note.consignment_code);

    const link = await wcs.consignmentNotes.createSigningLink(note.id, { part: 'C' });
    expect(link).toMatchObject({ part: 'C', url: expect.stringMatching(/^http/) });
  });

  it("reads a receiving site's consignee return as JSON and as CSV for the Agency and a producer", async () => {
    const site = await wcs.sites.create({
      name: 'Southern Oil Recovery Ltd',
      address: { full_address: 'Wharf Road, Southampton', postcode: 'SO14 3TJ' },
      authorisation_numbers: ['EPR/AB1234CD'],
      dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
    });
    const note = await received({ consignee: { site_id: site.id } });
    const day = note.parts.E!.received_date;
    const quarter = `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

    const ret = await wcs.consigneeReturns.get({ site_id: site.id, quarter });
    expect(ret).toMatchObject({ quarter, null_return: false });
    expect(ret.consignments.map((c) => c.id)).toEqual([note.id]);

    const agency = await wcs.consigneeReturns.csv({ site_id: site.id, quarter, recipient: 'agency' });
    expect(agency).toContain(note.consignment_code);
    const producer = await wcs.consigneeReturns.csv({
      site_id: site.id,
      quarter,
      recipient: 'producer',
      producer: 'GARAGE',
    });
    expect(parse(producer, { bom: true, columns: true })).toHaveLength(1);
  });
});

describe("the package README's consignment-note example", () => {
  it('runs as written, through Parts C, D and E to the consignee return', async () => {
    const readme = readFileSync(new URL('../../packages/sdk/README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Hazardous waste consignment notes'));
    const example = /```ts\n([\s\S]*?)```/.exec(section)![1];
    const site = await wcs.sites.create({
      name: 'Southern Oil Recovery Ltd',
      address: { full_address: 'Wharf Road, Southampton', postcode: 'SO14 3TJ' },
      authorisation_numbers: ['EPR/AB1234CD'],
      dwt_api_code: '1f83215e-4b90-4785-9ab2-2614839aa2e9',
    });
    const AsyncFunction = (async () => {}).constructor as new (
      ...args: string[]
    ) => (...values: unknown[]) => Promise<{ cn: ConsignmentNote; forAgency: string }>;
    const run = new AsyncFunction('wcs', 'site', 'console', `${example}\nreturn { cn, forAgency };`);
    const { cn, forAgency } = await run(wcs, site, { log: () => {} });
    const signed = await wcs.consignmentNotes.get(cn.id);
    expect(signed.status).toBe('received');
    expect(signed.parts.E?.lines).toEqual([
      expect.objectContaining({ line: 1, accepted: true, operation: 'R9' }),
    ]);
    // The example's agency return holds its note, when the note falls in the example's quarter.
    if (signed.parts.E?.received_date.startsWith('2026-1')) expect(forAgency).toContain(cn.consignment_code);
  });
});

describe('a retried consignment note create', () => {
  it('sends the same Idempotency-Key on the retry, so a lost answer never makes a second note', async () => {
    const standIn = await new StandIn().start();
    try {
      const client = new WasteComplianceClient({ apiKey: 'wcs_test_standin', baseUrl: standIn.url });
      standIn.script({ drop: true }, { status: 201, body: { id: 'cn_standin' } });
      const note = await client.consignmentNotes.create(body());
      expect(note.id).toBe('cn_standin');
      const [first, second] = standIn.arrivals;
      expect(standIn.arrivals).toHaveLength(2);
      expect(first.url).toBe('/v1/consignment-notes');
      expect(first.headers['idempotency-key']).toMatch(UUID);
      expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
      expect(second.body).toBe(first.body);
    } finally {
      await standIn.stop();
    }
  });
});
