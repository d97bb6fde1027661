import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import { pageTexts } from '../wtn/pdf-text.ts';
import { type ConsignmentApp, consignmentApp, garageBody } from './consignment-app.ts';

const clock = new ManualClock('2026-11-27T10:00:00Z');
let t: ConsignmentApp;
beforeAll(async () => {
  t = await consignmentApp({ clock });
});
afterAll(async () => {
  await t.close();
});

/** A garage's note whose premises (Part A2) are at `postcode`, with the fields of `extra`. */
function at(postcode: string, extra: Record<string, unknown> = {}, producer: Record<string, unknown> = {}) {
  return garageBody({
    ...extra,
    producer: { ...(garageBody().producer as object), name: 'Cardiff Garage Ltd', postcode, ...producer },
  });
}

async function refusal(body: Record<string, unknown>) {
  const stored = await t.stored();
  const response = await t.post('/v1/consignment-notes', body);
  expect(response.statusCode).toBe(422);
  expect(await t.stored()).toBe(stored);
  const { error } = response.json();
  expect(error.code).toBe('CONSIGNMENT_NOTE_INVALID');
  expect(error.details).toEqual([{ field: '/nation', issue: expect.any(String) }]);
  return error as { message: string; details: { issue: string }[] };
}

describe('the nation a note is made under follows the premises the waste is removed from', () => {
  it('refuses Welsh premises without a nation, rather than make them an English note', async () => {
    const error = await refusal(at('cf10 4rt'));
    expect(error.details[0].issue).toContain('CF10 4RT (Part A2) is in Wales');
    expect(error.details[0].issue).toContain('send nation "wales" with the premises code NRW issued');
    expect(error.message).toBe(`nation ${error.details[0].issue}.`);
    // Every other problem is answered with it, but none that hang on the nation (the code's prefix, a
    // SIC 2003 code NRW takes).
    const welshForm = at('CF10 4RT', { consignment_code: 'CFG123/00001' }, { sic_code: '5020' });
    const consignee = { ...(garageBody().consignee as object), permit_number: undefined };
    const both = await t.post('/v1/consignment-notes', { ...welshForm, consignee });
    expect(both.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      '/nation',
      '/consignee/permit_number',
    ]);
    for (const postcode of ['SA1 1AA', 'LL30 2PE', 'NP20 1AA', 'LD1 5AA']) {
      const refused = await refusal(at(postcode));
      expect(refused.details[0].issue, postcode).toContain('send nation "wales"');
    }
  });

  it('refuses "england" for premises in an area wholly in Wales, as a contradiction', async () => {
    const error = await refusal(at('CF10 4RT', { nation: 'england' }));
    expect(error.details[0].issue).toMatch(/^is "england", but CF10 4RT .* is in Wales/);
    expect(error.details[0].issue).toContain('not SI 2005/894 (reg 1(3))');
  });

  it('makes the Welsh note when told, under the Welsh regulations with the NRW premises code', async () => {
    const note = await t.create(at('CF10 4RT', { nation: 'wales' }, { premises_code: 'cfg123' }));
    expect(note).toMatchObject({ nation: 'wales', consignment_code: 'CFG123/00001' });
    expect(note.producer).toMatchObject({ postcode: 'CF10 4RT', premises_code: 'CFG123' });
    const pdf = (await pageTexts((await t.get(`/v1/consignment-notes/${note.id}/pdf`)).rawPayload)).join(' ');
    expect(pdf).toContain('Hazardous Waste (Wales) Regulations 2005');
    expect(pdf).not.toContain('SI 2005/894');
  });

  it('asks which nation for a postcode district on both sides of the border, and takes either answer', async () => {
    for (const postcode of [
      'CH4 8AA',
      'SY10 7AA',
      'HR3 5AA',
      'NP16 7AA',
      'LD7 1AA',
      'LL14 5AA',
      'LL13 7AA',
    ]) {
      const error = await refusal(at(postcode));
      expect(error.details[0].issue, postcode).toContain('a postcode district on both sides of the border');
      expect(error.details[0].issue, postcode).toContain('send nation "england", or "wales"');
    }
    // Sedbury, Gloucestershire (NP16) and Hay-on-Wye, Powys (HR3): each on the side it says.
    const english = await t.create(at('NP16 7AA', { nation: 'england' }, { name: 'Sedbury Motors' }));
    expect(english).toMatchObject({ nation: 'england', consignment_code: 'SEDBUR/00001' });
    const welsh = await t.create(at('HR3 5AA', { nation: 'wales' }, { premises_code: 'HAY456' }));
    expect(welsh).toMatchObject({ nation: 'wales', consignment_code: 'HAY456/00001' });
  });

  it('takes the side of a district wholly on one side of the border, in an area that is not', async () => {
    // Chester's Hoole, the Wirral, Shrewsbury and Hereford are England's: the default holds.
    for (const [postcode, name] of [
      ['CH2 3AA', 'Hoole Motors'],
      ['CH41 1AA', 'Birkenhead Motors'],
      ['SY1 1AA', 'Shrewsbury Motors'],
      ['HR1 2AA', 'Hereford Motors'],
    ]) {
      expect((await t.create(at(postcode, {}, { name }))).nation, postcode).toBe('england');
    }
    // Deeside and Aberystwyth are Wales's: "england" there is a contradiction.
    for (const postcode of ['CH5 2LL', 'SY23 1AA']) {
      const error = await refusal(at(postcode, { nation: 'england' }));
      expect(error.details[0].issue, postcode).toMatch(/^is "england", but .* is in Wales/);
    }
  });

  it('asks for premises outside England and Wales rather than make them an English note', async () => {
    for (const postcode of ['EH1 1AA', 'BT1 1AA', 'TD15 1AA', 'JE2 3AB', 'IM1 1AA', 'GY1 1AA']) {
      const error = await refusal(at(postcode));
      expect(error.details[0].issue, postcode).toContain('is not in England or Wales');
    }
    // Berwick-upon-Tweed (TD15) is in England: said so, it is made.
    const berwick = await t.create(at('TD15 1AA', { nation: 'england' }, { name: 'Berwick Motors' }));
    expect(berwick.nation).toBe('england');
  });

  it('keeps England the default elsewhere, whatever the consignee or A5 postcode', async () => {
    const note = await t.create(
      garageBody({
        consignee: { ...(garageBody().consignee as object), postcode: 'CF10 4RT' },
        waste_producer: {
          name: 'Welsh Contractor Ltd',
          address: '1 Dock Road, Cardiff',
          postcode: 'CF10 5AA',
        },
      }),
    );
    expect(note.nation).toBe('england');
    // Only a UK postcode says where: one that is not is refused for itself, not guessed at.
    const bad = await t.post('/v1/consignment-notes', at('nowhere'));
    expect(bad.json().error.details).toEqual([
      { field: '/producer/postcode', issue: expect.stringContaining('not a UK postcode') },
    ]);
  });
});
