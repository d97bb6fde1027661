// Mixtures: when a description lists several construction materials or several packaging materials,
// the List of Wastes has a mixture entry for them (17 01 07 concrete/bricks/tiles, 17 09 04 mixed C&D,
// 15 01 06 mixed packaging). EA Using the List of Wastes: mixed loads take the mixture code unless the
// fractions are kept separate.

import { classifierRules, type MixtureRule } from '../ranker/negation.ts';
import type { Analysis, ConceptHit } from './analysis.ts';
import type { CompiledConcept } from './compile.ts';

// The rules themselves are data: data/classification/rules.json, "mixtures".
const { rules: MIXTURE_RULES, source: SOURCE } = classifierRules().mixtures;

function applies(rule: MixtureRule, codes: Set<string>): boolean {
  if (rule.among) return codes.has(rule.code) && [...codes].every((c) => rule.among?.includes(c));
  return [...codes].every((c) => c.startsWith(rule.within ?? ''));
}

/** The code a head names for this origin (household or business). */
function headCode(h: ConceptHit, setting: Analysis['setting']): string | undefined {
  const options = h.match.item.options;
  return (options.find((o) => !o.setting || o.setting === setting) ?? options[0])?.code;
}

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
