// The deciding question, over the whole List: for every non-hazardous mirror entry named as producers
// name it, an open question's every answer, sent back with the same description, settles the code it
// names; a presumed-clean building material is not questioned.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { questions } from '../../src/classification/assessment.ts';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createClassificationService } from '../../src/classification/service.ts';
import { MemoryCache } from '../../src/platform/cache.ts';
import { systemClock } from '../../src/platform/clock.ts';

const catalogue = getCatalogue();
const service = createClassificationService({
  cache: new MemoryCache({ maxEntries: 5000, clock: systemClock }),
  clock: systemClock,
  catalogue,
});
const dir = new URL('../../data/classification/knowledge/', import.meta.url);
const names = new Map<string, string>();
for (const file of readdirSync(dir)) {
  const data = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as {
    entries: Record<string, { names: string[] }>;
  };
  for (const [code, e] of Object.entries(data.entries)) if (e.names[0]) names.set(code, e.names[0]);
}
const mirrors = catalogue.entries
  .filter((e) => !e.is_hazardous && e.mirror_of.length > 0 && names.has(e.code))
  .map((e) => ({ code: e.code, description: names.get(e.code) as string }));

describe('the deciding question over every mirror pair', () => {
  it('covers the List: every non-hazardous mirror entry with an everyday name', () => {
    expect(mirrors.length).toBeGreaterThan(150);
  });

  it.each(mirrors)('$code "$description": each answer settles the code it names', async ({ description }) => {
    const first = await service.classify({ description });
    const question = first.compliance.assessment_needed;
    if (!question) return; // the description settles the code (its evidence, or a presumed-clean material)
    expect(first.compliance.flags).toContain('ASSESSMENT_NEEDED');
    expect(first.classifications[0].confidence).toBeLessThan(0.9);
    if (question.reason === 'not_specific') return;
    expect(question.until_answered.is_hazardous).toBe(true);
    for (const a of question.answers) {
      const settled = await service.classify({ description, ...a.send });
      expect(settled.classifications[0]?.ewc_code, a.answer).toBe(a.ewc_code);
      const open = a.send.assessment === 'unknown';
      expect(settled.compliance.assessment_needed === null, a.answer).toBe(!open);
    }
  });

  it.each(questions().mirror.presumed_clean.codes.filter((c) => names.has(c)))(
    'does not question %s, a material GOV.UK presumes clean unless contamination is known',
    async (code) => {
      const answer = await service.classify({ description: names.get(code) as string });
      if (answer.classifications[0]?.ewc_code !== code) return; // named as another waste: not this rule
      expect(answer.compliance.assessment_needed).toBeNull();
      expect(answer.classifications.some((c) => catalogue.get(code)?.mirror_of.includes(c.ewc_code))).toBe(
        true,
      );
    },
  );
});
