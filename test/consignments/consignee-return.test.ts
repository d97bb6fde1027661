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
import { receivedNote, SITE } from './return-fixtures.ts';

const GENERATED_AT = '2027-01-05T09:00:00.000Z';
const Q4 = parseQuarter('2026-Q4')!;
const BOM = '\uFEFF';

function returnOf(notes: ConsignmentNote[], quarter: Quarter = Q4) {
  return buildReturn({ site: SITE, quarter, notes, generatedAt: GENERATED_AT });
}

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
    expect(ret.fee_estimate.amount).toBe(10);
    expect(ret.fee_estimate.paper_amount).toBe(19);
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
    expect(ret.fee_estimate.amount).toBe(30);
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
