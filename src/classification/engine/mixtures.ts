// Mixtures: when a description lists several construction materials or several packaging materials,
// the List of Wastes has a mixture entry for them (17 01 07 concrete/bricks/tiles, 17 09 04 mixed C&D,
// 15 01 06 mixed packaging). EA Using the List of Wastes: mixed loads take the mixture code unless the
// fractions are kept separate.
import type { Analysis, ConceptHit } from './analysis.ts';
import type { CompiledConcept } from './compile.ts';

const MIXTURE_RULES: Array<{ within: string; code: string; label: string }> = [
  { within: '17 01', code: '17 01 07', label: 'a mixture of concrete, bricks, tiles or ceramics' },
  { within: '17', code: '17 09 04', label: 'a mixture of construction and demolition materials' },
  { within: '15 01', code: '15 01 06', label: 'a mixture of packaging materials' },
];

const SOURCE = 'EA Using the List of Wastes: mixed loads are coded with the mixture entry';

export function mixtureHit(analysis: Analysis): ConceptHit | undefined {
  const heads = analysis.concepts.filter(
    (h) =>
      h.role === 'head' &&
      h.part === 'description' &&
      h.match.kind !== 'cooccur' &&
      h.match.item.specificity >= 0.9 &&
      !h.match.item.def.evidence,
  );
  const groups = new Set(heads.map((h) => h.group));
  if (groups.size < 2) return undefined;
  const codes = new Set(heads.map((h) => h.match.item.options[0]?.code).filter(Boolean));
  if (codes.size < 2) return undefined;
  const rule = MIXTURE_RULES.find((r) => [...codes].every((c) => c.startsWith(r.within)));
  if (!rule) return undefined;
  const item: CompiledConcept = {
    def: { id: `mixture-${rule.code}`, terms: [], codes: [rule.code], source: SOURCE },
    options: [{ code: rule.code, weight: 1.2, alts: [], cleanAlts: [] }],
    specificity: 0.9,
  };
  const positions = heads.flatMap((h) => h.match.positions);
  return {
    match: {
      item,
      term: heads.map((h) => h.match.term).join(' + '),
      positions,
      start: Math.min(...positions),
      end: Math.max(...positions) + 1,
      quality: 1,
      kind: 'phrase',
    },
    role: 'head',
    group: -2,
    part: 'description',
  };
}
