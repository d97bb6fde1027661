import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// What a user reads before making a note, in the API reference (/openapi.json) and the guide: the words
// that decide what they type and what they keep.

interface Described {
  description?: string;
  properties?: Record<string, Described>;
  items?: Described;
}

let t: TestApp;
let request: Described;
let returned: Described;
let guide: string;
beforeAll(async () => {
  t = await createTestApp();
  const openapi = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  request = openapi.paths['/v1/consignment-notes'].post.requestBody.content['application/json'].schema;
  returned = openapi.components.schemas.ConsignmentNote;
  guide = (await t.app.inject({ method: 'GET', url: '/docs/guides/consignment-notes' })).body;
});
afterAll(() => t.close());

const create = () => request.properties!;
const note = () => returned.properties!;

describe('what the reference and the guide tell a user making a consignment note', () => {
  it('asks for the SIC code of the process giving rise to the waste (B2), not of the business', () => {
    const sic = create().producer.properties!.sic_code.description!;
    expect(sic).toContain('SIC 2007 code of the process giving rise to the waste');
    expect(sic).not.toContain('of the business');
    expect(guide).toContain(
      'B2: the five-digit SIC 2007 code of the <strong>process</strong> giving rise to the waste',
    );
  });

  it('presents retain_until as the least the producer keeps the note, with the consignee returns', () => {
    const retain = note().retain_until.description!;
    expect(retain).toContain('must keep the note at least until this date');
    expect(retain).toContain('consignee returns');
    expect(guide).not.toContain('may discard');
    expect(guide).toContain('the day until which the producer must at least keep the note');
  });

  it('says a note is refused, not made English, for premises whose postcode may be Welsh', () => {
    const nation = create().nation.description!;
    expect(nation).toContain('reg 1(3)');
    expect(nation).toContain('a Welsh district (the CF, SA, LL, NP and LD areas, CH5-CH8, SY16-SY25)');
  });

  it('says when A4 needs no permit number, and that special handling left out prints "Not given"', () => {
    expect(create().consignee.properties!.permit_number.description).toContain(
      'Required, except on a further note (`rejected_from`)',
    );
    expect(note().consignee.properties!.returned_to_producer.description).toContain('no permit number');
    const transport = create().lines.items!.properties!.transport.properties!;
    expect(transport.special_handling.description).toContain('the PDF prints "Not given", not "None"');
  });

  it('says plainly that a movement with more than one carrier needs a paper schedule of carriers', () => {
    expect(guide).toContain('id="what-the-service-does-not-do"');
    expect(guide).toMatch(/more than one carrier[^<]*<\/strong>/);
    expect(guide).toContain('schedule of carriers');
    expect(guide).toContain('reg 37');
  });
});
