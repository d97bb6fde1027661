// Named hazardous substances (data/classification/hazardous-substances.json): asbestos, coal tar, oil,
// solvents, PCBs, mercury, infectious or cytotoxic material... A substance named in the description or
// the additional context, and not negated ("no plaster or asbestos"), must be reflected by the answer:
// a missed hazardous code is a legal failure for the producer (Waste (England and Wales) Regulations
// 2011, reg 35; Hazardous Waste Regulations 2005), while an extra candidate costs a reader a glance.
import { readFileSync } from 'node:fs';
import type { Catalogue } from '../catalogue.ts';
import { CLASSIFICATION_DATA } from '../data-dir.ts';
import type { SubstanceDef, SubstancesFile } from '../data-schemas.ts';
import type { Flag } from '../knowledge/types.ts';
import type { ClassifyInput } from '../types.ts';
import { markNegation, type Word, words } from './negation.ts';

export interface NamedSubstance {
  substance: string;
  /** The words as the producer wrote them. */
  term: string;
  flag?: Flag;
  specific: boolean;
  /** See SubstanceDef.decides. */
  decides: boolean;
  /** See SubstanceDef.over_hazardous. */
  overHazardous: boolean;
  /** See SubstanceDef.presumes. */
  presumes: boolean;
  codes: string[];
}

interface CompiledTerm {
  stems: string[];
  def: SubstanceDef;
  notAfter: string[][];
  notBefore: string[][];
  notWith: string[][];
}

const stemsOf = (text: string) => words(text).map((w) => w.stem);

export function loadSubstances(catalogue: Catalogue, flags: readonly string[]): SubstanceDef[] {
  // Its shape is checked by the tests (data-schemas.ts); what the List says of its codes, here.
  const parsed = JSON.parse(
    readFileSync(`${CLASSIFICATION_DATA}hazardous-substances.json`, 'utf8'),
  ) as SubstancesFile;
  for (const s of parsed.substances) {
    for (const code of s.codes) {
      if (!catalogue.get(code)?.is_hazardous)
        throw new Error(`${s.substance}: ${code} is not a hazardous entry`);
    }
    if (s.flag && !flags.includes(s.flag)) throw new Error(`${s.substance}: unknown flag ${s.flag}`);
  }
  return parsed.substances;
}

function matchesAt(ws: Word[], at: number, stems: string[]): boolean {
  for (let k = 0; k < stems.length; k++) if (ws[at + k]?.stem !== stems[k]) return false;
  return true;
}

/** True when one of the phrases stands anywhere in the words, not negated. */
function anywhere(ws: Word[], phrases: string[][]): boolean {
  for (const p of phrases) {
    for (let i = 0; i + p.length <= ws.length; i++) {
      if (matchesAt(ws, i, p) && !ws[i].negated) return true;
    }
  }
  return false;
}

function neighbourIs(ws: Word[], at: number, phrases: string[][], before: boolean): boolean {
  return phrases.some((p) => (before ? matchesAt(ws, at - p.length, p) : matchesAt(ws, at, p)));
}

export interface SubstanceFinder {
  find(input: ClassifyInput): NamedSubstance[];
}

export function createSubstanceFinder(defs: SubstanceDef[]): SubstanceFinder {
  const byFirst = new Map<string, CompiledTerm[]>();
  for (const def of defs) {
    const notAfter = (def.not_after ?? []).map(stemsOf);
    const notBefore = (def.not_before ?? []).map(stemsOf);
    const notWith = (def.not_with ?? []).map(stemsOf);
    for (const term of def.terms) {
      const stems = stemsOf(term);
      if (stems.length === 0) continue;
      byFirst.set(stems[0], [...(byFirst.get(stems[0]) ?? []), { stems, def, notAfter, notBefore, notWith }]);
    }
  }
  const scan = (text: string | undefined, found: Map<string, NamedSubstance>) => {
    if (!text) return;
    const ws = markNegation(words(text).slice(0, 200));
    for (let i = 0; i < ws.length; i++) {
      for (const t of byFirst.get(ws[i].stem) ?? []) {
        if (found.has(t.def.substance) || !matchesAt(ws, i, t.stems)) continue;
        const span = ws.slice(i, i + t.stems.length);
        if (span.some((w) => w.negated)) continue;
        if (neighbourIs(ws, i, t.notAfter, true) || neighbourIs(ws, i + t.stems.length, t.notBefore, false))
          continue;
        if (t.notWith.length > 0 && anywhere(ws, t.notWith)) continue;
        found.set(t.def.substance, {
          substance: t.def.substance,
          term: span.map((w) => w.raw).join(' '),
          flag: t.def.flag as Flag | undefined,
          specific: t.def.specific,
          decides: t.def.decides === true,
          presumes: t.def.presumes === true,
          overHazardous: t.def.over_hazardous === true,
          codes: t.def.codes,
        });
      }
    }
  };
  return {
    find(input) {
      const found = new Map<string, NamedSubstance>();
      scan(input.description, found);
      scan(input.additional_context, found);
      return [...found.values()];
    },
  };
}

/** True when the code answers for the substance: one of its own codes, or any hazardous code for a general one. */
export function reflects(code: string, substance: NamedSubstance, catalogue: Catalogue): boolean {
  if (substance.codes.includes(code)) return true;
  return !substance.specific && Boolean(catalogue.get(code)?.is_hazardous);
}
