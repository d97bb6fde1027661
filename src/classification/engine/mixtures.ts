// Mixtures: when a description lists several construction materials or several packaging materials,
// the List of Wastes has a mixture entry for them (17 01 07 concrete/bricks/tiles, 17 09 04 mixed C&D,
// 15 01 06 mixed packaging). EA Using the List of Wastes: mixed loads take the mixture code unless the
// fractions are kept separate.
import type { Analysis, ConceptHit } from './analysis.ts';
import type { CompiledConcept } from './compile.ts';

interface MixtureRule {
  /** All heads' codes start with this prefix... */
  within?: string;
  /** ...or are all among these codes (and the mixture code is one of them). */
  among?: string[];
  code: string;
  label: string;
}

const MIXTURE_RULES: MixtureRule[] = [
  { within: '17 01', code: '17 01 07', label: 'a mixture of concrete, bricks, tiles or ceramics' },
  { within: '17 04', code: '17 04 07', label: 'a mixture of metals' },
  // A load of electrical equipment with a hazardous item in it is hazardous (GOV.UK WEEE guidance).
  {
    among: ['20 01 35', '20 01 36', '20 01 21', '20 01 23'],
    code: '20 01 35',
    label: 'electrical equipment including hazardous items',
  },
  {
    among: ['16 02 13', '16 02 14', '16 02 11', '16 02 09'],
    code: '16 02 13',
    label: 'electrical equipment including hazardous items',
  },
  { within: '17', code: '17 09 04', label: 'a mixture of construction and demolition materials' },
  { within: '15 01', code: '15 01 06', label: 'a mixture of packaging materials' },
];

function applies(rule: MixtureRule, codes: Set<string>): boolean {
  if (rule.among) return codes.has(rule.code) && [...codes].every((c) => rule.among?.includes(c));
  return [...codes].every((c) => c.startsWith(rule.within ?? ''));
}

/** The code a head names for this origin (household or business). */
function headCode(h: ConceptHit, setting: Analysis['setting']): string | undefined {
  const options = h.match.item.options;
  return (options.find((o) => !o.setting || o.setting === setting) ?? options[0])?.code;
}

const SOURCE = 'EA Using the List of Wastes: mixed loads are coded with the mixture entry';

export function mixtureHit(analysis: Analysis): ConceptHit | undefined {
  const heads = analysis.concepts.filter(
    (h) =>
      h.role === 'head' &&
      h.part === 'description' &&
      h.match.kind !== 'cooccur' &&
      h.match.item.specificity >= 0.85 &&
      !h.match.item.def.evidence,
  );
  const groups = new Set(heads.map((h) => h.group));
  if (groups.size < 2) return undefined;
  const codes = new Set(
    heads.map((h) => headCode(h, analysis.setting)).filter((c): c is string => Boolean(c)),
  );
  if (codes.size < 2) return undefined;
  const rule = MIXTURE_RULES.find((r) => applies(r, codes));
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
