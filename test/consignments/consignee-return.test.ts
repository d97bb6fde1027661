import { parse } from 'csv-parse/sync';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  buildReturn,
  parseQuarter,
  RETURN_CSV_COLUMNS,
  returnCsv,
} from '../../src/consignments/consignee-return.ts';
import {
  ConsigneeReturn,
  ConsigneeReturnQuery,
  type Quarter,
} from '../../src/consignments/consignee-return-schemas.ts';
import type { ConsignmentNote } from '../../src/consignments/consignment-schemas.ts';
import { regulatorOf } from '../../src/consignments/return-regulator.ts';
import type { HazardousLoad } from '../../src/receipts/hazardous-loads.ts';
import { receivedNote, SITE } from './return-fixtures.ts';

const GENERATED_AT = '2027-01-05T09:00:00.000Z';
const Q4 = parseQuarter('2026-Q4')!;
const BOM = '\uFEFF';

function returnOf(
  notes: ConsignmentNote[],
  quarter: Quarter = Q4,
  more: { receipts?: HazardousLoad[]; postcode?: string; regulator?: 'EA' | 'NRW' } = {},
) {
  const site = { ...SITE, postcode: more.postcode ?? SITE.postcode };
  const { receipts, regulator } = more;
  return buildReturn({ site, quarter, notes, receipts, regulator, generatedAt: GENERATED_AT });
}

/** A hazardous load from a DWT receipt, on a note made elsewhere: waste engine oil, weighed, sent to R9. */
const load = (spec: Partial<HazardousLoad> & { id: string }): HazardousLoad => ({
  received_date: '2026-11-14',
  consignment_code: 'CJTILE/A0001',
  consignment_note_id: null,
  items: [
    {
      ewc_codes: ['13 02 05*'],
      description: 'Waste engine oil',
      physical_form: 'liquid',
      quantity_kg: 450,
      quantity_is_estimate: false,
      hazard_codes: ['HP14'],
      operations: ['R9'],
    },
  ],
  ...spec,
});

const welsh = (note: ConsignmentNote): ConsignmentNote => ({ ...note, nation: 'wales' });

function rowsOf(csv: string): Record<string, string>[] {
  return parse(csv, { bom: true, columns: true });
}

const ACME = { name: 'Acme Garages Ltd', postcode: 'SO14 3TG' };
const round = (n: number) =>
  receivedNote({
    id: `cn_round${n}`,
    code: `ACMEGA/0000${n}`,
    received: '2026-11-03',
    producer: ACME,
    round: { round_number: 'RND42', collection_number: n },
  });

describe('parseQuarter', () => {
  it('gives each quarter its dates and the reg 53 deadline, Q4 due in the next year', () => {
    expect(parseQuarter('2026-Q1')).toEqual({
      quarter: '2026-Q1',
      from: '2026-01-01',
      to: '2026-03-31',
      due_by: '2026-04-30',
    });
    expect(parseQuarter('2026-Q2')).toEqual({
      quarter: '2026-Q2',
      from: '2026-04-01',
      to: '2026-06-30',
      due_by: '2026-07-31',
    });
    expect(parseQuarter('2026-Q3')).toEqual({
      quarter: '2026-Q3',
      from: '2026-07-01',
      to: '2026-09-30',
      due_by: '2026-10-31',
    });
    expect(parseQuarter('2026-Q4')).toEqual({
      quarter: '2026-Q4',
      from: '2026-10-01',
      to: '2026-12-31',
      due_by: '2027-01-31',
    });
  });

  it('accepts a lower-case q and names the quarter in upper case', () => {
    expect(parseQuarter('2026-q4')?.quarter).toBe('2026-Q4');
  });

  it('refuses other forms and years outside 2000-2100', () => {
    for (const text of ['2026-Q5', '2026-Q0', '2026Q4', '26-Q4', 'Q4-2026', '1999-Q4', '2101-Q1', '']) {
      expect(parseQuarter(text), text).toBeNull();
    }
    expect(parseQuarter('2000-Q1')?.from).toBe('2000-01-01');
    expect(parseQuarter('2100-Q4')?.due_by).toBe('2101-01-31');
  });

  it('counts 29 February of a leap year in Q1, and 31 March but not 1 April', () => {
    const q1 = parseQuarter('2028-Q1')!;
    const ret = returnOf(
      [
        receivedNote({ id: 'cn_leap', code: 'RATPES/00001', received: '2028-02-29' }),
        receivedNote({ id: 'cn_last', code: 'RATPES/00002', received: '2028-03-31' }),
        receivedNote({ id: 'cn_next', code: 'RATPES/00003', received: '2028-04-01' }),
      ],
      q1,
    );
    expect(ret.consignments.map((c) => c.id)).toEqual(['cn_leap', 'cn_last']);
  });
});

describe('buildReturn', () => {
  it('lists each collection of a round as its own consignment at £5 each', () => {
    const ret = returnOf([round(3), round(1), round(2)]);
    expect(ret.consignments.map((c) => [c.round_number, c.collection_number])).toEqual([
      ['RND42', 1],
      ['RND42', 2],
      ['RND42', 3],
    ]);
    expect(ret.totals).toMatchObject({ consignments: 3, single: 0, multiple_collection: 3 });
    expect(ret.fee_estimate).toMatchObject({
      currency: 'GBP',
      basis: 'electronic',
      single_rate: 10,
      multiple_collection_rate: 5,
      amount: 15,
      paper_amount: 30,
    });
  });

  it('charges £10 for a single consignment (£19 on paper)', () => {
    const ret = returnOf([receivedNote({ id: 'cn_one', code: 'RATPES/00001', received: '2026-10-14' })]);
    expect(ret.consignments[0]).toMatchObject({ round_number: null, collection_number: null });
    expect(ret.totals).toMatchObject({ consignments: 1, single: 1, multiple_collection: 0 });
    expect(ret.fee_estimate!.amount).toBe(10);
    expect(ret.fee_estimate!.paper_amount).toBe(19);
  });

  it('includes a rejected consignment, and says which are partly rejected', () => {
    const ret = returnOf([
      receivedNote({
        id: 'cn_rej',
        code: 'RATPES/00002',
        received: '2026-12-01',
        lines: [{ accepted: false, rejection_reason: 'Drums leaking' }],
      }),
      receivedNote({
        id: 'cn_part',
        code: 'RATPES/00003',
        received: '2026-12-02',
        lines: [
          { operation: 'R9' },
          { accepted: false, ewc_code: '16 06 01*', description: 'Lead batteries' },
        ],
      }),
      receivedNote({ id: 'cn_ok', code: 'RATPES/00001', received: '2026-12-01' }),
    ]);
    expect(ret.consignments.map((c) => [c.id, c.outcome])).toEqual([
      ['cn_ok', 'accepted'],
      ['cn_rej', 'rejected'],
      ['cn_part', 'partially_rejected'],
    ]);
    expect(ret.consignments[1].lines[0]).toMatchObject({
      accepted: false,
      rejection_reason: 'Drums leaking',
      operation: null,
    });
    // 200 kg a line: four lines came in, two of them rejected.
    expect(ret.totals).toMatchObject({
      consignments: 3,
      rejected: 1,
      partially_rejected: 1,
      quantity_received_kg: 800,
      quantity_accepted_kg: 400,
    });
    expect(ret.fee_estimate!.amount).toBe(30);
  });

  it('carries what the consignee reports for each waste line', () => {
    const ret = returnOf([
      receivedNote({
        id: 'cn_one',
        code: 'RATPES/00001',
        received: '2026-10-14',
        lines: [
          { quantity_kg: 0.1 },
          { quantity_kg: 0.2, physical_form: 'sludge', hazard_codes: ['HP4', 'HP14'] },
        ],
      }),
    ]);
    expect(ret.consignments[0]).toMatchObject({
      consignment_code: 'RATPES/00001',
      received_date: '2026-10-14',
      producer: { name: 'Rat Pest Control Ltd', postcode: 'BH15 1NF' },
    });
    expect(ret.consignments[0].lines[1]).toEqual({
      ewc_code: '13 02 05*',
      description: 'Used engine oil from vehicle servicing',
      quantity_received_kg: 0.2,
      accepted: true,
      rejection_reason: null,
      operation: 'R13',
      hazard_codes: ['HP4', 'HP14'],
      physical_form: 'sludge',
    });
    expect(ret.totals.quantity_received_kg).toBe(0.3);
  });

  it('leaves out notes received outside the quarter or at another site', () => {
    const ret = returnOf([
      receivedNote({ id: 'cn_in', code: 'RATPES/00001', received: '2026-10-01' }),
      receivedNote({ id: 'cn_end', code: 'RATPES/00002', received: '2026-12-31' }),
      receivedNote({ id: 'cn_before', code: 'RATPES/00003', received: '2026-09-30' }),
      receivedNote({ id: 'cn_after', code: 'RATPES/00004', received: '2027-01-01' }),
      receivedNote({ id: 'cn_other', code: 'RATPES/00005', received: '2026-11-01', siteId: 'site_other' }),
    ]);
    expect(ret.consignments.map((c) => c.id)).toEqual(['cn_in', 'cn_end']);
    expect(ret.totals.consignments).toBe(2);
  });

  it('is a null return when nothing was received, with nothing to pay', () => {
    const ret = returnOf([]);
    expect(ret).toMatchObject({
      site: { id: SITE.id, name: SITE.name, permit_number: 'EPR/AB1234CD' },
      quarter: '2026-Q4',
      period: { from: '2026-10-01', to: '2026-12-31' },
      due_by: '2027-01-31',
      generated_at: GENERATED_AT,
      null_return: true,
      consignments: [],
      totals: { consignments: 0, quantity_received_kg: 0 },
      fee_estimate: { amount: 0, paper_amount: 0 },
    });
    expect(returnOf([round(1)]).null_return).toBe(false);
  });

  it('matches its response schema', () => {
    const ret = returnOf([
      round(1),
      receivedNote({ id: 'cn_one', code: 'RATPES/00001', received: '2026-10-14' }),
    ]);
    expect([...Value.Errors(ConsigneeReturn, ret)]).toEqual([]);
  });
});

describe('returnCsv', () => {
  const notes = [
    round(1),
    round(2),
    receivedNote({
      id: 'cn_two',
      code: 'RATPES/00001',
      received: '2026-10-14',
      lines: [
        {},
        { accepted: false, ewc_code: '16 06 01*', description: 'Lead batteries', physical_form: 'solid' },
      ],
    }),
  ];

  it('gives the agency one row per waste line that parses back to the same values', () => {
    const csv = returnCsv(returnOf(notes), { kind: 'agency' })!;
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.split('\r\n')[0]).toBe(`${BOM}${RETURN_CSV_COLUMNS.join(',')}`);
    expect(csv.replaceAll('\r\n', '')).not.toContain('\n');
    const rows = rowsOf(csv);
    expect(rows.map((r) => [r.consignment_code, r.ewc_code, r.outcome])).toEqual([
      ['RATPES/00001', '13 02 05*', 'accepted'],
      ['RATPES/00001', '16 06 01*', 'rejected'],
      ['ACMEGA/00001', '13 02 05*', 'accepted'],
      ['ACMEGA/00002', '13 02 05*', 'accepted'],
    ]);
    expect(rows[1]).toEqual({
      consignment_code: 'RATPES/00001',
      received_date: '2026-10-14',
      producer_name: 'Rat Pest Control Ltd',
      producer_postcode: 'BH15 1NF',
      round_number: '',
      collection_number: '',
      ewc_code: '16 06 01*',
      waste_description: 'Lead batteries',
      quantity_received_kg: '200',
      outcome: 'rejected',
      rejection_reason: 'Not as described',
      operation: '',
      hazard_codes: 'HP14',
      physical_form: 'solid',
      site_name: SITE.name,
      site_permit_number: SITE.permit_number,
      receipt_id: '',
      to_add: '',
    });
    expect(rows[3]).toMatchObject({ round_number: 'RND42', collection_number: '2', operation: 'R13' });
  });

  it('gives a producer only its own consignments, by name or code prefix', () => {
    const ret = returnOf(notes);
    for (const producer of ['  acme garages LTD ', 'acmega']) {
      const rows = rowsOf(returnCsv(ret, { kind: 'producer', producer })!);
      expect(rows.map((r) => r.consignment_code)).toEqual(['ACMEGA/00001', 'ACMEGA/00002']);
    }
    const rat = rowsOf(returnCsv(ret, { kind: 'producer', producer: 'RATPES' })!);
    expect(new Set(rat.map((r) => r.producer_name))).toEqual(new Set(['Rat Pest Control Ltd']));
  });

  it('never gives one producer another that shares its code prefix: the shared prefix is refused with both names', () => {
    const supplies = receivedNote({
      id: 'cn_supplies',
      code: 'ACMEGA/00007',
      received: '2026-11-20',
      producer: { name: 'Acme  Gaskets Ltd', postcode: 'SO15 1AA' },
    });
    const ret = returnOf([...notes, supplies]);
    expect(() => returnCsv(ret, { kind: 'producer', producer: 'acmega' })).toThrow(
      /ACMEGA is the code prefix of 2 producers in this return \(Acme Garages Ltd; Acme {2}Gaskets Ltd\): name the producer/,
    );
    // By name each gets its own, however the spaces fall.
    const gaskets = rowsOf(returnCsv(ret, { kind: 'producer', producer: 'acme gaskets ltd' })!);
    expect(gaskets.map((r) => r.consignment_code)).toEqual(['ACMEGA/00007']);
    const garages = rowsOf(returnCsv(ret, { kind: 'producer', producer: 'Acme Garages Ltd' })!);
    expect(garages.map((r) => r.consignment_code)).toEqual(['ACMEGA/00001', 'ACMEGA/00002']);
  });

  it('has nothing for a producer with no consignment in the quarter', () => {
    const ret = returnOf(notes);
    expect(returnCsv(ret, { kind: 'producer', producer: 'Nobody Ltd' })).toBeNull();
    expect(returnCsv(ret, { kind: 'producer', producer: '  ' })).toBeNull();
    expect(returnCsv(returnOf([]), { kind: 'producer', producer: 'Acme Garages Ltd' })).toBeNull();
  });

  it('gives the agency a header row and no data rows for a null return', () => {
    expect(returnCsv(returnOf([]), { kind: 'agency' })).toBe(`${BOM}${RETURN_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    const evil = receivedNote({
      id: 'cn_evil',
      code: 'RATPES/00009',
      received: '2026-11-11',
      producer: { name: '=HYPERLINK("http://evil.example/","x")', postcode: 'BH15 1NF' },
      lines: [
        { description: '+cmd|" /C calc"!A0', accepted: false, rejection_reason: '@SUM(1+1)' },
        { description: 'Oily rags; =1+1', hazard_codes: ['HP3', 'HP14'] },
        { description: '\tTabbed', quantity_kg: 12.5 },
      ],
    });
    const ret = buildReturn({
      site: { ...SITE, name: '-Poole Yard' },
      quarter: Q4,
      notes: [evil],
      generatedAt: GENERATED_AT,
    });
    const csv = returnCsv(ret, { kind: 'agency' })!;
    const rows = rowsOf(csv);
    expect(rows[0]).toMatchObject({
      producer_name: `'=HYPERLINK("http://evil.example/","x")`,
      waste_description: `'+cmd|" /C calc"!A0`,
      rejection_reason: `'@SUM(1+1)`,
      site_name: `'-Poole Yard`,
    });
    expect(rows[2].waste_description).toBe(`'\tTabbed`);
    expect(rows[2].quantity_received_kg).toBe('12.5');
    // A ";" cell is quoted, so Excel set to split on ";" keeps it as one cell.
    expect(csv).toContain('"Oily rags; =1+1"');
    expect(csv).toContain('"HP3; HP14"');
  });
});

describe('ConsigneeReturnQuery', () => {
  it('takes a site and a quarter, and refuses anything else', () => {
    expect(Value.Check(ConsigneeReturnQuery, { site_id: SITE.id, quarter: '2026-q4' })).toBe(true);
    expect(
      Value.Check(ConsigneeReturnQuery, {
        site_id: SITE.id,
        quarter: '2026-Q4',
        format: 'csv',
        recipient: 'producer',
        producer: 'RATPES',
      }),
    ).toBe(true);
    for (const query of [
      { quarter: '2026-Q4' },
      { site_id: SITE.id, quarter: '2026-Q5' },
      { site_id: SITE.id, quarter: '2026-Q4', format: 'xml' },
      { site_id: SITE.id, quarter: '2026-Q4', recipient: 'carrier' },
      { site_id: SITE.id, quarter: '2026-Q4', extra: '1' },
    ]) {
      expect(Value.Check(ConsigneeReturnQuery, query), JSON.stringify(query)).toBe(false);
    }
  });
});

describe('hazardous waste receipts on the return (reg 53: every consignment received)', () => {
  it('is no null return when the site received hazardous waste on a note made elsewhere, and says what to add by hand', () => {
    const ret = returnOf([], Q4, { receipts: [load({ id: 'rcpt_oil' })] });
    expect(ret.null_return).toBe(false);
    expect(ret.consignments).toEqual([]);
    expect(ret.receipts_to_add).toEqual([
      {
        id: 'rcpt_oil',
        received_date: '2026-11-14',
        consignment_code: 'CJTILE/A0001',
        consignment_note_id: null,
        ewc_codes: ['13 02 05*'],
        quantity_kg: 450,
        lines: [
          {
            ewc_codes: ['13 02 05*'],
            description: 'Waste engine oil',
            quantity_kg: 450,
            quantity_is_estimate: false,
            operations: ['R9'],
            hazard_codes: ['HP14'],
            physical_form: 'liquid',
          },
        ],
        to_add: ['producer_name', 'producer_postcode', 'outcome'],
      },
    ]);
    expect(ret.totals).toMatchObject({ consignments: 0, receipts_to_add: 1, quantity_received_kg: 0 });
    expect(ret.warnings).toEqual([{ code: 'RECEIPTS_TO_ADD', message: expect.any(String) }]);
    const message = ret.warnings[0].message;
    expect(message).toContain(
      '1 hazardous waste receipt of Poole Treatment Centre in 2026-Q4 is on no consignment note',
    );
    expect(message).toContain('not a null return');
    expect(message).toContain("the producer's name and the Part A2 postcode the waste was collected from");
    expect(message).toContain(
      'the round and collection numbers if it was one collection of a multiple collection',
    );
    expect(message).toContain('each adds £10 (£5 for one collection of a multiple collection)');
    expect([...Value.Errors(ConsigneeReturn, ret)]).toEqual([]);
  });

  it('leaves out a receipt whose consignment is on one of the return’s notes, matched by code', () => {
    const ret = returnOf(
      [
        receivedNote({ id: 'cn_here', code: 'RATPES/00001', received: '2026-10-14' }),
        receivedNote({ id: 'cn_q3', code: 'RATPES/00002', received: '2026-09-30' }),
      ],
      Q4,
      {
        receipts: [
          load({ id: 'rcpt_on_note', consignment_code: 'ratpes/00001 ', consignment_note_id: 'cn_here' }),
          // Its note's Part E is in Q3, so this return does not hold it.
          load({ id: 'rcpt_q3_note', consignment_code: 'RATPES/00002', consignment_note_id: 'cn_q3' }),
          load({ id: 'rcpt_elsewhere' }),
        ],
      },
    );
    expect(ret.consignments.map((c) => c.id)).toEqual(['cn_here']);
    expect(ret.receipts_to_add.map((r) => [r.id, r.consignment_note_id])).toEqual([
      ['rcpt_q3_note', 'cn_q3'],
      ['rcpt_elsewhere', null],
    ]);
    expect(ret.warnings[0].message).toContain(
      '2 hazardous waste receipts of Poole Treatment Centre in 2026-Q4 are',
    );
    // The estimate is for the notes' consignments only, as the warning says.
    expect(ret.fee_estimate!.amount).toBe(10);
  });

  it('lists every field a receipt cannot fill: no code, several codes on an item, an estimated weight, no R/D or HP code', () => {
    const ret = returnOf([], Q4, {
      receipts: [
        load({
          id: 'rcpt_mixed',
          consignment_code: null,
          items: [
            {
              ewc_codes: ['16 06 01*', '16 06 02*'],
              description: 'Batteries',
              physical_form: 'solid',
              quantity_kg: 0.5,
              quantity_is_estimate: true,
              hazard_codes: [],
              operations: [],
            },
            {
              ewc_codes: ['13 02 05*'],
              description: 'Oil',
              physical_form: 'liquid',
              quantity_kg: 0.25,
              quantity_is_estimate: false,
              hazard_codes: ['HP14'],
              operations: ['R9', 'D10'],
            },
          ],
        }),
      ],
    });
    expect(ret.receipts_to_add[0]).toMatchObject({
      consignment_code: null,
      ewc_codes: ['16 06 01*', '16 06 02*', '13 02 05*'],
      quantity_kg: 0.75,
      to_add: [
        'consignment_code',
        'producer_name',
        'producer_postcode',
        'ewc_code',
        'quantity_received_kg',
        'outcome',
        'operation',
        'hazard_codes',
      ],
    });
    // Every name is a column of the CSV, where it is filled in.
    for (const field of ret.receipts_to_add[0].to_add) expect(RETURN_CSV_COLUMNS).toContain(field);
  });

  it("gives the agency a row per waste item of each receipt, blank where the consignee fills in; producers' files leave them out", () => {
    const notes = [receivedNote({ id: 'cn_one', code: 'RATPES/00001', received: '2026-10-14' })];
    const ret = returnOf(notes, Q4, {
      receipts: [load({ id: 'rcpt_oil', received_date: '2026-10-02' })],
    });
    const rows = rowsOf(returnCsv(ret, { kind: 'agency' })!);
    expect(rows.map((r) => [r.consignment_code, r.receipt_id])).toEqual([
      ['RATPES/00001', ''],
      ['CJTILE/A0001', 'rcpt_oil'],
    ]);
    expect(rows[0].to_add).toBe('');
    expect(rows[1]).toEqual({
      consignment_code: 'CJTILE/A0001',
      received_date: '2026-10-02',
      producer_name: '',
      producer_postcode: '',
      round_number: '',
      collection_number: '',
      ewc_code: '13 02 05*',
      waste_description: 'Waste engine oil',
      quantity_received_kg: '450',
      outcome: '',
      rejection_reason: '',
      operation: 'R9',
      hazard_codes: 'HP14',
      physical_form: 'liquid',
      site_name: SITE.name,
      site_permit_number: SITE.permit_number,
      receipt_id: 'rcpt_oil',
      to_add: 'producer_name; producer_postcode; outcome',
    });
    const rat = rowsOf(returnCsv(ret, { kind: 'producer', producer: 'RATPES' })!);
    expect(rat.map((r) => r.consignment_code)).toEqual(['RATPES/00001']);
    expect(returnCsv(ret, { kind: 'producer', producer: 'CJTILE' })).toBeNull();
  });

  it('gives the agency no file that passes for a null return while a receipt is to add', () => {
    const csv = returnCsv(returnOf([], Q4, { receipts: [load({ id: 'rcpt_oil' })] }), { kind: 'agency' })!;
    expect(csv).not.toBe(`${BOM}${RETURN_CSV_COLUMNS.join(',')}\r\n`);
    expect(rowsOf(csv)).toHaveLength(1);
  });
});

describe('the regulator a return goes to', () => {
  it('is the EA for a site in England, with its fees, and says so', () => {
    const ret = returnOf([receivedNote({ id: 'cn_one', code: 'RATPES/00001', received: '2026-10-14' })]);
    expect(ret.regulator).toBe('EA');
    expect(ret.warnings).toEqual([]);
    expect(ret.fee_estimate).toMatchObject({ amount: 10, source: expect.stringContaining('gov.uk') });
  });

  it('is NRW for a site in Wales, whatever nation its waste came from, with no fee estimate', () => {
    for (const postcode of ['CF10 1EP', 'sa1 8pp']) {
      const ret = returnOf(
        [receivedNote({ id: 'cn_one', code: 'RATPES/00001', received: '2026-10-14' })],
        Q4,
        { postcode, receipts: [load({ id: 'rcpt_oil' })] },
      );
      expect(ret.regulator, postcode).toBe('NRW');
      expect(ret.fee_estimate, postcode).toBeNull();
      expect([...Value.Errors(ConsigneeReturn, ret)]).toEqual([]);
      // No fee figure for NRW in the receipts' warning either.
      expect(ret.warnings.map((w) => w.code)).toEqual(['RECEIPTS_TO_ADD']);
      expect(ret.warnings[0].message).not.toContain('£');
    }
    expect(returnOf([], Q4, { postcode: 'CF10 1EP' })).toMatchObject({ regulator: 'NRW', null_return: true });
  });

  it('is the EA for a site in England that received waste from Wales: the consignee’s place decides', () => {
    const ret = returnOf([welsh(receivedNote({ id: 'cn_w', code: 'ABC123/00001', received: '2026-10-14' }))]);
    expect(ret.regulator).toBe('EA');
    expect(ret.fee_estimate).not.toBeNull();
  });

  it('at the border never follows where the waste came from: the district decides, else the caller, else a warning', () => {
    const fromWales = welsh(receivedNote({ id: 'cn_w', code: 'ABC123/00001', received: '2026-10-14' }));
    const fromEngland = receivedNote({ id: 'cn_e', code: 'RATPES/00001', received: '2026-10-15' });
    // Hoole, Chester (England) taking Welsh waste; Deeside (Wales) taking English waste; mid Wales.
    expect(returnOf([fromWales], Q4, { postcode: 'CH2 3AA' })).toMatchObject({
      regulator: 'EA',
      warnings: [],
    });
    expect(returnOf([fromEngland], Q4, { postcode: 'CH5 2LL' })).toMatchObject({
      regulator: 'NRW',
      fee_estimate: null,
      warnings: [],
    });
    expect(returnOf([fromEngland], Q4, { postcode: 'SY23 1AA' })).toMatchObject({ regulator: 'NRW' });
    for (const notes of [[fromWales], [fromEngland], [fromWales, fromEngland]]) {
      // Hay-on-Wye's district is on both sides: whatever the notes say, the return says it assumed.
      const hay = returnOf(notes, Q4, { postcode: 'HR3 5AA' });
      expect(hay.regulator).toBe('EA');
      expect(hay.warnings).toEqual([
        {
          code: 'REGULATOR_ASSUMED',
          message:
            "The site's postcode (HR3 5AA) is in a district on both sides of the England-Wales border, so it does not say which side the site is on: the return is shown for the Environment Agency. A site in Wales makes its return to Natural Resources Wales instead: ask again with regulator=NRW.",
        },
      ]);
      const chepstow = returnOf(notes, Q4, { postcode: 'NP16 7AA' });
      expect(chepstow).toMatchObject({ regulator: 'NRW', fee_estimate: null });
      expect(chepstow.warnings.map((w) => w.code)).toEqual(['REGULATOR_ASSUMED']);
      // Said by the caller, it stands, with no warning.
      const stated = returnOf(notes, Q4, { postcode: 'NP16 7AA', regulator: 'EA' });
      expect(stated).toMatchObject({ regulator: 'EA', warnings: [] });
      expect(stated.fee_estimate).not.toBeNull();
    }
    // Said against a postcode that settles it, it stands too (the district table is not the ONS's), with a warning.
    const cardiff = returnOf([], Q4, { postcode: 'CF10 1EP', regulator: 'EA' });
    expect(cardiff.regulator).toBe('EA');
    expect(cardiff.warnings.map((w) => w.code)).toEqual(['REGULATOR_DIFFERS_FROM_POSTCODE']);
    // A site outside England and Wales: assumed, and said.
    const edinburgh = returnOf([], Q4, { postcode: 'EH1 1AA' });
    expect(edinburgh.warnings[0].message).toContain('is not in England or Wales');
  });

  it("reads the postcode's area: Sheffield's S is not Swansea's SA", () => {
    expect(regulatorOf('SA1 8PP')).toEqual({ regulator: 'NRW', basis: 'site_postcode' });
    expect(regulatorOf('S1 2HH')).toEqual({ regulator: 'EA', basis: 'site_postcode' });
    expect(regulatorOf('HR3 5AA', 'NRW')).toEqual({ regulator: 'NRW', basis: 'given' });
    expect(regulatorOf(null)).toEqual({ regulator: 'EA', basis: 'assumed' });
  });
});
