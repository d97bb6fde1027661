// The 150 commonest business waste descriptions in the UK (data/classification/common-wastes.json,
// written from public statistics and guidance without sight of the engine): every one is coded exactly
// and stated with confidence a compliance manager can accept without a second look. A description that
// names no waste ("mixed") is answered with low confidence and the question of what it is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getCatalogue } from '../../src/classification/catalogue.ts';
import { createClassificationService } from '../../src/classification/service.ts';
import { MemoryCache } from '../../src/platform/cache.ts';
import { systemClock } from '../../src/platform/clock.ts';

interface CommonWaste {
  description: string;
  code: string;
  hazardous: boolean;
  source: string;
}
const list = JSON.parse(
  readFileSync(new URL('../../data/classification/common-wastes.json', import.meta.url), 'utf8'),
) as { sources: Record<string, { title: string; url: string }>; wastes: CommonWaste[] };

const catalogue = getCatalogue();
const service = createClassificationService({
  cache: new MemoryCache({ maxEntries: 1000, clock: systemClock }),
  clock: systemClock,
  catalogue,
});

describe('the 150 commonest business wastes', () => {
  it('are 150, each a code of the List with its hazard flag and a cited source', () => {
    expect(list.wastes).toHaveLength(150);
    for (const w of list.wastes) {
      expect(catalogue.get(w.code)?.is_hazardous, w.description).toBe(w.hazardous);
      expect(list.sources[w.source], w.description).toBeDefined();
    }
  });

  it.each(list.wastes)('"$description" is $code at confidence 0.9 or more', async (w) => {
    const answer = await service.classify({ description: w.description });
    const top = answer.classifications[0];
    expect(top?.ewc_code).toBe(w.code);
    expect(top?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(answer.compliance.flags).not.toContain('LOW_CONFIDENCE');
  });
});

describe('a description that names no waste', () => {
  it.each(['mixed', 'mixed waste', 'Mixed rubbish', 'waste'])(
    '"%s" is answered with low confidence and the question of what it is',
    async (description) => {
      const answer = await service.classify({ description });
      expect(answer.compliance.flags).toContain('LOW_CONFIDENCE');
      expect(answer.compliance.flags).toContain('ASSESSMENT_NEEDED');
      const question = answer.compliance.assessment_needed;
      expect(question?.reason).toBe('not_specific');
      expect(question?.answers.length).toBeGreaterThanOrEqual(3);
      // Each answer, sent back with the same description, settles the code it names.
      for (const a of question?.answers ?? []) {
        const settled = await service.classify({ description, ...a.send });
        expect(settled.classifications[0]?.ewc_code, a.answer).toBe(a.ewc_code);
        expect(settled.compliance.assessment_needed, a.answer).toBeNull();
      }
    },
  );
});
