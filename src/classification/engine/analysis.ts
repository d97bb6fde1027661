// Reads a producer's input the way a waste expert does: which things are named (and which is the head of
// each phrase: "oil drums" are drums, "tins of paint" are paint), what the activity is (source industry,
// context, description), and which words are evidence about contamination.

import type { ActivityCueDef, EvidenceKind } from '../knowledge/types.ts';
import type { CompiledConcept, CompiledEvidence, CompiledKnowledge, CompiledProducts } from './compile.ts';
import { findMatches, type Match } from './matcher.ts';
import { STOPWORDS, stem, type Token, tokenize } from './text.ts';
import { SURVEY_WORDS } from './text-scan.ts';
import type { VerdictReading } from './verdicts.ts';

/**
 * head: the waste named; component: a named thing that is part of a larger named waste (kept with the
 * activity's chapter choice); modifier/qualifier/source: words that describe, contaminate or locate it.
 */
export type Role = 'head' | 'component' | 'modifier' | 'source' | 'qualifier' | 'context';

/** How much a match counts towards a code, by its place in the phrase. */
export const ROLE_FACTOR: Record<Role, number> = {
  head: 1,
  component: 0.6,
  modifier: 0.55,
  source: 0.3,
  qualifier: 0.35,
  context: 0.5,
};

export interface ConceptHit {
  match: Match<CompiledConcept>;
  role: Role;
  /** A substance used as an adjective ("solvent based"): never the head. */
  adjectival?: boolean;
  /** Phrase group (description only); -1 for the additional context. */
  group: number;
  part: 'description' | 'context';
}

export interface EvidenceHit {
  kind: EvidenceKind | 'clean';
  strength: number;
  term: string;
  group: number;
  part: 'description' | 'context';
  positions: number[];
}

export interface CueHit {
  cue: ActivityCueDef;
  term: string;
  weight: number;
  from: 'source_industry' | 'additional_context' | 'description';
}

export interface Analysis {
  description: Token[];
  context: Token[];
  concepts: ConceptHit[];
  evidence: EvidenceHit[];
  cues: CueHit[];
  setting?: 'household' | 'business';
  corrections: Array<{ from: string; to: string }>;
  /** What the input says about an assessment of the waste (set by the engine). */
  verdict?: VerdictReading;
}

/**
 * Words read per field. Waste descriptions are short; the bound keeps the cost of a 2,000-character
 * input (and of repeated words) linear and well under the per-classification budget.
 */
export const MAX_TOKENS = 80;

/** The two words begin a lexicon phrase ("plaster board" is not rejoined when "plaster board" is a term). */
const phraseStarts = (t: Token, next: Token, k: CompiledKnowledge) =>
  (k.concepts.byFirst.get(t.stem) ?? []).some((e) => e.tokens[1] === next.stem);

/** Tokenises, rejoins split compounds ("plaster board") and corrects misspellings ("flourescent"). */
export function prepareTokens(text: string, k: CompiledKnowledge): Token[] {
  // A word is rarely longer than 16 characters: cutting the text first keeps tokenising cheap.
  const raw = tokenize(text.length > MAX_TOKENS * 16 ? text.slice(0, MAX_TOKENS * 16) : text).slice(
    0,
    MAX_TOKENS,
  );
  const out: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = { ...raw[i] };
    const next = raw[i + 1];
    if (next && !next.boundaryBefore) {
      const joined = stem(t.raw + next.raw);
      if (k.singleWords.has(joined) && !phraseStarts(t, next, k)) {
        out.push({ ...t, raw: joined, stem: joined, index: out.length });
        i++;
        continue;
      }
    }
    if (!k.known.has(t.stem) && t.raw.length >= 4) {
      const fixed = k.speller.correct(t.stem);
      if (fixed) {
        t.correctedFrom = t.raw;
        t.stem = fixed;
      }
    }
    t.index = out.length;
    out.push(t);
  }
  return out;
}

type SegmentRole = 'main' | 'source' | 'qualifier';
const SOURCE_WORDS = new Set(['from', 'for', 'after', 'in', 'off', 'on']);
const MAIN_WORDS = new Set([',', 'and', 'or', 'plus', 'including']);
const CONTINUING_WORDS = new Set(['and', 'or', 'plus']);
const ADJECTIVAL = new Set([
  'based',
  'borne',
  'soaked',
  'stained',
  'covered',
  'contaminated',
  'free',
  'filled',
  'containing',
  'type',
]);

const SURVEYED: ReadonlySet<string> = new Set(SURVEY_WORDS);

const APPROXIMATELY = new Set([
  'approx',
  'approximately',
  'about',
  'around',
  'circa',
  'c',
  'ca',
  'est',
  'estimated',
]);
const DIGITS = /^\d/;

const CONCENTRATION_UNITS = new Set(['mg', 'ppm', 'percent', 'ug', 'mgkg', 'ppb']);

/**
 * The clause at `i` opens with a quantity ("1 x", "205l", "approx 3t") or states a concentration ("PCB
 * <2 mg/kg", "TPH 450 mg/kg", "Pb 1.2%"): it qualifies the waste before it.
 */
function qualifiesWaste(tokens: Token[], i: number): boolean {
  const first = tokens[i].raw;
  if (DIGITS.test(first)) return true;
  if (APPROXIMATELY.has(first) && DIGITS.test(tokens[i + 1]?.raw ?? '')) return true;
  // The figure comes within the clause's first three words: "PCB <2 mg/kg", "lab PCB 120 mg/kg".
  for (let j = i; j < Math.min(tokens.length, i + 3) && (j === i || tokens[j].boundary !== ','); j++) {
    if (DIGITS.test(tokens[j].raw) && CONCENTRATION_UNITS.has(tokens[j + 1]?.raw ?? '')) return true;
  }
  return false;
}

/**
 * Splits the description into clauses and groups each main clause with its "from/with" qualifiers.
 * `firstNamed`: where the first named waste starts; a quantity clause qualifies only a waste named
 * before it ("Factory rewire - 2 pallets of PLC panels": the panels are the waste).
 */
function clauses(tokens: Token[], firstNamed = 0): Array<{ role: SegmentRole; group: number }> {
  const out: Array<{ role: SegmentRole; group: number }> = [];
  let group = -1;
  let role: SegmentRole = 'main';
  let quantity = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.boundaryBefore) {
      // "contaminated with oil and paint": "and" continues the qualifier; a comma starts a new waste.
      const continues = CONTINUING_WORDS.has(t.boundary) && role !== 'main' && !quantity && group >= 0;
      if (!continues) {
        role = MAIN_WORDS.has(t.boundary) ? 'main' : SOURCE_WORDS.has(t.boundary) ? 'source' : 'qualifier';
        // "waste oil, 1 x IBC", "acetone, approx 4 x 205L drums", "oil, PCB <2 mg/kg": a note line's
        // quantity, container or lab figure qualifies the waste before it; it is not a second waste.
        quantity =
          role === 'main' && t.boundary === ',' && group >= 0 && firstNamed < i && qualifiesWaste(tokens, i);
        if (quantity) role = 'qualifier';
        if (role === 'main' || group < 0) group++;
      }
    }
    out.push({ role, group: Math.max(group, 0) });
  }
  return out;
}

const firstStart = (matches: ReadonlyArray<{ start: number }>) =>
  matches.reduce((min, m) => Math.min(min, m.start), Number.POSITIVE_INFINITY);

/** Marks the head of each phrase group: the right-most named thing of its main clause. */
function assignRoles(matches: Match<CompiledConcept>[], tokens: Token[]): ConceptHit[] {
  const info = clauses(tokens, firstStart(matches));
  const hits: ConceptHit[] = matches.map((match) => {
    const seg = info[match.start];
    // Word groups name the waste when one of their words is in a main clause; words only in "from ..."
    // or "held ..." clauses describe where it came from or what it held.
    const inMain = match.positions.some((p) => info[p]?.role === 'main');
    const role: Role =
      match.kind === 'cooccur'
        ? inMain
          ? 'head'
          : (info[match.positions[0]]?.role as Role)
        : seg.role === 'main'
          ? 'modifier'
          : seg.role;
    return { match, role, group: info[match.start].group, part: 'description' };
  });
  // "solvent based", "oil soaked", "asbestos free": a substance used as an adjective is not the waste;
  // nor is one a survey or a test is of ("asbestos survey clear", "no PCB test").
  for (const h of hits) {
    const after = tokens[h.match.end];
    const next = after?.raw;
    const surveyed = SURVEYED.has(next) && !after.boundaryBefore;
    if (h.match.item.def.evidence && next && (ADJECTIVAL.has(next) || surveyed)) {
      h.role = 'qualifier';
      h.adjectival = true;
    }
  }
  const rightmost = (pool: ConceptHit[]) =>
    pool.reduce<ConceptHit | undefined>(
      (best, h) => (!best || h.match.end > best.match.end ? h : best),
      undefined,
    );
  const eligible = hits.filter((h) => h.match.kind !== 'cooccur' && !h.adjectival);
  for (const g of new Set(hits.map((h) => h.group))) {
    const head = rightmost(eligible.filter((h) => h.group === g && h.role === 'modifier'));
    if (head) head.role = 'head';
  }
  // "contaminated diesel", "sludge from the interceptor": when no main clause names a waste, the first
  // named one is the waste.
  if (!hits.some((h) => h.role === 'head')) {
    const ordered = [...eligible].sort((a, b) => a.match.start - b.match.start);
    const first = ordered.find((h) => h.role !== 'source') ?? ordered[0];
    if (first) first.role = 'head';
  }
  // A phrase inside a co-occurrence ("diesel" in "diesel ... misfuelled") is part of that waste.
  for (const h of hits) {
    if (h.role !== 'head' || h.match.kind === 'cooccur') continue;
    const within = hits.some(
      (c) =>
        c.match.kind === 'cooccur' &&
        (c.match.related ?? c.match.positions).length > h.match.positions.length &&
        h.match.positions.every((p) => (c.match.related ?? c.match.positions).includes(p)),
    );
    if (within) h.role = 'component';
  }
  // "mixed packaging - plastic, card, tins": the listed materials are components of the collective.
  if (hits.some((h) => h.role === 'head' && h.match.item.def.collective)) {
    for (const h of hits) if (h.role === 'head' && !h.match.item.def.collective) h.role = 'modifier';
  }
  return hits;
}

/** Each lexicon matched once per field. */
interface FieldMatches {
  tokens: Token[];
  concepts: Match<CompiledConcept>[];
  cues: Match<ActivityCueDef>[];
  evidence: Match<CompiledEvidence>[];
}

const inside = (small: number[], big: number[]) =>
  big.length > small.length && small.every((p) => big.includes(p));

function matchField(tokens: Token[], k: CompiledKnowledge): FieldMatches {
  const cues = findMatches(tokens, k.cues);
  const evidence = findMatches<CompiledEvidence>(tokens, k.evidence);
  // Concept words inside a longer activity phrase ("car" in "from car dismantling") name the activity,
  // unless every word of the phrase names waste ("sand and gravel"); inside a longer evidence phrase
  // ("metals" in "heavy metals") they describe contamination.
  const all = findMatches(tokens, k.concepts);
  const named = new Set(all.flatMap((m) => m.positions));
  const activities = cues.filter((c) =>
    c.positions.some((p) => !named.has(p) && !STOPWORDS.has(tokens[p].stem)),
  );
  const concepts = all.filter(
    (m) =>
      !activities.some((c) => inside(m.positions, c.positions)) &&
      !evidence.some((e) => inside(m.positions, e.positions)),
  );
  return { tokens, concepts, cues, evidence };
}

/**
 * Word groups split between the description and the context ("swarf" + "aluminium and brass"): matched
 * on both together and kept as description matches on their description words.
 */
function acrossFields(desc: Token[], ctx: Token[], k: CompiledKnowledge): Match<CompiledConcept>[] {
  if (desc.length === 0 || ctx.length === 0) return [];
  const joined = [...desc, ...ctx.map((t) => ({ ...t, index: t.index + desc.length }))];
  const out: Match<CompiledConcept>[] = [];
  for (const m of findMatches(joined, k.conceptGroups)) {
    const own = m.positions.filter((p) => p < desc.length);
    if (own.length === 0 || own.length === m.positions.length) continue;
    out.push({ ...m, positions: own, related: own, start: Math.min(...own), end: Math.max(...own) + 1 });
  }
  return out;
}

function cueHits(field: FieldMatches, from: CueHit['from'], weight: number, named: boolean): CueHit[] {
  // In the description and context, words that name the waste ("textiles") are not the activity.
  const cover = named ? field.concepts.map((m) => m.positions) : [];
  return field.cues
    .filter(
      (m) => !cover.some((c) => c.length >= m.positions.length && m.positions.every((p) => c.includes(p))),
    )
    .map((m) => ({ cue: m.item, term: m.term, weight, from }));
}

function evidenceHits(
  field: FieldMatches,
  part: EvidenceHit['part'],
  groupOf: (p: number) => number,
): EvidenceHit[] {
  return field.evidence.map((m) => ({
    kind: m.item.kind,
    strength: m.item.strength,
    term: m.term,
    group: part === 'context' ? -1 : groupOf(m.start),
    part,
    positions: m.positions,
  }));
}

function decideSetting(cues: CueHit[]): 'household' | 'business' | undefined {
  let household = 0;
  let business = 0;
  for (const c of cues) {
    if (c.cue.setting === 'household') household = Math.max(household, c.weight);
    if (c.cue.setting === 'business') business = Math.max(business, c.weight);
  }
  if (household === 0 && business === 0) return undefined;
  return household >= business ? 'household' : 'business';
}

/** How far after a site's verb of making its product may come: "factory making bagged ready to eat salads". */
const PRODUCT_REACH = 5;

/**
 * A trade named by its product beside a word of making (knowledge MakingWords): the product right before
 * a maker ("salad packer", "bacon factory"), or within a few words after a site and its verb ("plant
 * producing sausages"), in one clause. Not "fish tank manufacturer" (the tank is made), nor "sandwich
 * shop making salads" (a shop is no site of making).
 */
function tradeMatches(tokens: Token[], products: CompiledProducts): Match<ActivityCueDef>[] {
  const out: Match<ActivityCueDef>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const cue = products.byStem.get(tokens[i].stem);
    if (!cue) continue;
    const next = tokens[i + 1];
    // The first word of the trade's name: the product before its maker, else the site before its verb.
    let from = next && !next.boundaryBefore && products.makers.has(next.stem) ? i : -1;
    for (let j = i - 1; from === -1 && j >= 1 && i - j <= PRODUCT_REACH; j--) {
      if (tokens[j + 1].boundary === ',') break;
      if (products.verbs.has(tokens[j].stem) && products.sites.has(tokens[j - 1].stem)) from = j - 1;
    }
    if (from === -1) continue;
    const to = from === i ? i + 1 : i;
    const positions = from === i ? [i, i + 1] : [from, from + 1, i];
    out.push({
      item: cue,
      term: tokens
        .slice(from, to + 1)
        .map((t) => t.raw)
        .join(' '),
      positions,
      start: from,
      end: to + 1,
      quality: 1,
      kind: 'cooccur',
    });
  }
  return out;
}

export function analyse(
  input: { description: string; source_industry?: string; additional_context?: string },
  k: CompiledKnowledge,
): Analysis {
  const desc = matchField(prepareTokens(input.description, k), k);
  const ctx = matchField(prepareTokens(input.additional_context ?? '', k), k);
  const industry = matchField(prepareTokens(input.source_industry ?? '', k), k);
  // An activity named by what it makes ("salad packer", "factory making bagged salads"), when no phrase
  // named it.
  for (const m of tradeMatches(industry.tokens, k.products)) {
    if (!industry.cues.some((c) => c.item === m.item)) industry.cues.push(m);
  }
  const description = desc.tokens;
  const context = ctx.tokens;
  const concepts = assignRoles([...desc.concepts, ...acrossFields(desc.tokens, ctx.tokens, k)], description);
  const ctxMatches = ctx.concepts;
  // A generic description ("chemicals", "batteries") named more specifically in the context ("chlorine
  // granules", "lead acid") is the context's waste: the generic word becomes a modifier.
  const ctxClauses = clauses(context);
  if (ctxMatches.some((m) => m.item.specificity >= 0.9 && ctxClauses[m.start]?.role === 'main')) {
    for (const h of concepts) {
      if (h.role === 'head' && h.match.item.specificity < 0.8 && !h.match.item.def.collective)
        h.role = 'modifier';
    }
  }
  const described = concepts.some((h) => h.role === 'head');
  // A generic description ("batteries", "soil") is made specific by the context ("lead acid").
  const specific = concepts.some((h) => h.role === 'head' && h.match.item.specificity >= 0.8);
  // "skip of mixed waste" with "wood, plasterboard, plastic" in the context: those are its components.
  const collective = concepts.some((h) => h.role === 'head' && h.match.item.def.collective);
  for (const match of ctxMatches) {
    // A substance named in the context of a named waste qualifies it ("filters" + "solvent paint").
    const role: Role =
      described && match.item.def.evidence
        ? 'qualifier'
        : collective
          ? 'modifier'
          : specific
            ? 'context'
            : 'head';
    concepts.push({ match, role, group: -1, part: 'context' });
  }
  const info = clauses(description, firstStart(desc.concepts));
  const evidence = [
    ...evidenceHits(desc, 'description', (p) => info[p]?.group ?? 0),
    ...evidenceHits(ctx, 'context', () => -1),
  ];
  const cues = [
    ...cueHits(industry, 'source_industry', 1, false),
    ...cueHits(ctx, 'additional_context', 0.8, true),
    ...cueHits(desc, 'description', 0.6, true),
  ];
  const used = new Set<Token>();
  for (const h of concepts)
    for (const p of h.match.positions) used.add((h.part === 'context' ? context : description)[p]);
  const corrections = [...used]
    .filter((t) => t?.correctedFrom)
    .map((t) => ({ from: t.correctedFrom as string, to: t.stem }));
  return { description, context, concepts, evidence, cues, setting: decideSetting(cues), corrections };
}
