// The local classification engine: deterministic, in-process, no network and no downloaded model.
// Knowledge is compiled once; a classification is a few map look-ups and a small scoring pass.
import type { Catalogue, EwcEntry } from '../catalogue.ts';
import { disposalNotes, flagsForEntry } from '../guidance.ts';
import { knowledge as defaultKnowledge, type Knowledge } from '../knowledge/index.ts';
import type { Flag } from '../knowledge/types.ts';
import { FLAGS } from '../knowledge/types.ts';
import { MODEL_VERSION } from '../model-version.ts';
import { combine, MAX_RANKING } from '../ranker/combine.ts';
import { createSubstanceFinder, loadSubstances } from '../ranker/hazards.ts';
import { type RankerModel, shippedRanker } from '../ranker/model.ts';
import {
  type ClassifyInput,
  classificationOf,
  type EngineResult,
  type LocalEngine,
  type RankedClassification,
} from '../types.ts';
import { type Analysis, analyse, type ConceptHit } from './analysis.ts';
import { compileKnowledge } from './compile.ts';
import { isAlternativeOnly, rankingConfidences } from './confidence.ts';
import { createLegalTextIndex, type LegalTextIndex } from './legal-text.ts';
import { followedBy, isNegated } from './matcher.ts';
import { resolveOption } from './mirror.ts';
import { mixtureHit } from './mixtures.ts';
import { explain } from './reasoning.ts';
import { type Candidate, chapterFit, scoreConcepts, withVerdict } from './scoring.ts';
import type { Token } from './text.ts';
import { createVerdictReader, withAnswer } from './verdicts.ts';

const LEGAL_TEXT_WEIGHT = 0.5;
const LEGAL_TEXT_SUPPORT = 0.2;
const MIN_SIMILARITY = 0.35;
const STRONG_SIMILARITY = 0.6;

/**
 * Adds candidates from the legal text. When the lexicon already named the waste, only close legal-text
 * matches are added (so a stray word does not put an unrelated code in the ranking).
 */
function legalTextSide(code: string, analysis: Analysis, catalogue: Catalogue): string {
  const evidence = withVerdict(
    analysis.evidence.map((e) => ({ kind: e.kind, strength: e.strength, term: e.term })),
    analysis.verdict,
  );
  const option = { code, weight: 1, alts: [], cleanAlts: [] };
  return resolveOption(option, evidence, catalogue, [])[0]?.code ?? code;
}

function addLegalText(
  candidates: Map<string, Candidate>,
  analysis: Analysis,
  index: LegalTextIndex,
  catalogue: Catalogue,
  notBefore: ReadonlyMap<string, string[][]>,
): void {
  const named = Math.max(0, ...[...candidates.values()].map((c) => c.score));
  const threshold = named >= 0.6 ? STRONG_SIMILARITY : MIN_SIMILARITY;
  // Negated words ("not asbestos") are not read against the legal text either, nor a word the knowledge
  // reads as no waste word where it stands ("fluorescent" in "fluorescent vests" is a colour).
  const read = (field: Token[]) =>
    field.filter((t) => {
      if (isNegated(field, t.index, t.index + 1)) return false;
      const after = notBefore.get(t.stem);
      return !after || !followedBy(field, t.index + 1, after);
    });
  const tokens = [...read(analysis.description), ...read(analysis.context)];
  const rawOf = (stem: string) => tokens.find((t) => t.stem === stem)?.raw ?? stem;
  for (const m of index.search(tokens, 4)) {
    if (m.similarity < threshold) continue;
    const fit = chapterFit(m.entry.code, analysis.cues).factor;
    // The legal text names both sides of a mirror pair alike: the evidence decides the side here too.
    const code = legalTextSide(m.entry.code, analysis, catalogue);
    const existing = candidates.get(code);
    if (existing) existing.score += LEGAL_TEXT_SUPPORT * m.similarity * fit;
    else {
      candidates.set(code, {
        code,
        score: LEGAL_TEXT_WEIGHT * m.similarity * fit,
        contributions: [],
        legalText: { words: m.words.map(rawOf), similarity: m.similarity },
      });
    }
  }
}

function rank(candidates: Map<string, Candidate>): Candidate[] {
  const sorted = [...candidates.values()].sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
  const top = sorted[0]?.score ?? 0;
  return sorted.filter((c) => c.score >= Math.max(0.08, 0.25 * top)).slice(0, MAX_RANKING);
}

/** The description names more than one waste and they code differently (one note per waste is better). */
function multipleWastes(ranked: Candidate[], analysis: Analysis): boolean {
  const [a, b] = ranked;
  if (!a || !b || isAlternativeOnly(b) || b.score < 0.7 * a.score) return false;
  const ta = a.contributions[0]?.term;
  const tb = b.contributions[0]?.term;
  return Boolean(
    ta &&
      tb &&
      ta !== tb &&
      a.code.slice(0, 2) !== b.code.slice(0, 2) &&
      a.contributions[0].role === 'head' &&
      b.contributions[0].role === 'head' &&
      !sameWords(a, b, analysis),
  );
}

/**
 * Two readings of the same words, not two wastes: "rinse water" (16 10) and "rinse + anodising" (11 01)
 * in "rinse water from the anodising line" both hold "rinse". A word the description repeats proves
 * nothing ("vegetable oil and engine oil" is two wastes): a reading may have taken either occurrence.
 */
function sameWords(a: Candidate, b: Candidate, analysis: Analysis): boolean {
  const words = analysis.description;
  const once = (p: number) => words.filter((t) => t.stem === words[p]?.stem).length === 1;
  const wordsOf = (c: Candidate) => {
    const { conceptId, term } = c.contributions[0];
    const hits = analysis.concepts.filter(
      (h) => h.match.item.def.id === conceptId && h.part === 'description',
    );
    const hit = hits.find((h) => h.match.term === term) ?? hits[0];
    return hit?.match.positions ?? [];
  };
  const first = new Set(wordsOf(a));
  return wordsOf(b).some((p) => first.has(p) && once(p));
}

function toRanked(
  c: Candidate,
  confidence: number,
  analysis: Analysis,
  catalogue: Catalogue,
): RankedClassification {
  const entry = catalogue.get(c.code) as EwcEntry;
  const live = c.contributions.filter((x) => x.decision !== 'partner' && x.decision !== 'demoted');
  const concepts = live.map(
    (x) => analysis.concepts.find((h) => h.match.item.def.id === x.conceptId)?.match.item.def,
  );
  const flags = new Set<Flag>(flagsForEntry(entry));
  const notes: string[] = [];
  for (const def of concepts) {
    for (const f of def?.flags ?? []) flags.add(f);
    if (def?.note) notes.push(def.note);
  }
  const best = c.contributions[0];
  if (best?.decision === 'hazardous' && best.from) flags.add('HAZARDOUS_BY_CONTAMINATION');
  return {
    ...classificationOf(entry, confidence, explain(c, analysis, catalogue)),
    flags: [...flags],
    notes: [...new Set(notes)],
    mirror_undecided: best?.decision === 'undecided',
  };
}

/** Where strong hazardous evidence moved a named waste's entry to its hazardous one (see EngineResult). */
function evidenceMoves(ranked: Candidate[]): NonNullable<EngineResult['evidenceMoves']> {
  const moves: NonNullable<EngineResult['evidenceMoves']> = [];
  for (const c of ranked)
    for (const x of c.contributions)
      if (x.decision === 'hazardous' && x.from && !x.weakEvidence)
        moves.push({ from: x.from, to: c.code, terms: x.evidence.map((e) => e.term.toLowerCase()) });
  return moves;
}

/** The codes of things the description names only as where the waste came from. */
function sourceOnly(analysis: Analysis): string[] {
  const named = new Set<string>();
  const sources = new Set<string>();
  for (const h of analysis.concepts)
    for (const o of h.match.item.options) (h.role === 'source' ? sources : named).add(o.code);
  return [...sources].filter((c) => !named.has(c));
}

/**
 * Chapter 20's separately collected chemicals (solvents, acids, alkalines, photochemicals, pesticides,
 * paints, detergents, medicines) as households and municipal-type premises discard them.
 */
const MUNICIPAL_CHEMICALS: readonly string[] = [
  '20 01 13',
  '20 01 14',
  '20 01 15',
  '20 01 17',
  '20 01 19',
  '20 01 27',
  '20 01 28',
  '20 01 29',
  '20 01 30',
];

/**
 * Entries the named producer's activity rules out (LoW coding order: the activity's chapter, then
 * chapters 13-16). When every activity the input shows is a trade's or an industry's, named as its
 * producer (source_industry), and none is one whose waste the List codes in chapter 20 (household,
 * municipal-type premises, a council site), chapter 20's separately collected chemicals are not its
 * entries. (Ruling out the chemical industries' chapters 06 and 07 for other trades as well lost more
 * answers than it won: a producer's name does not always show that it makes chemicals.)
 */
function notTheTrade(analysis: Analysis): readonly string[] {
  const named = analysis.cues.some((c) => c.from === 'source_industry');
  const prefixes = analysis.cues.flatMap((c) => c.cue.prefixes.map(([p]) => p));
  const trade = analysis.cues.every((c) => c.cue.setting !== 'household' && !c.cue.householdSite);
  if (!named || !trade || prefixes.some((p) => p.startsWith('20'))) return [];
  return MUNICIPAL_CHEMICALS;
}

/** A cue's prefix weight from which the activity decides the sub-chapter (activity-cues.ts). */
const DECISIVE_WEIGHT = 2;

/**
 * What the rules decide and the blend follows: a sub-chapter the producing activity settles, and the
 * List's mixture entry for a load that mixes several materials of one family (15 01 06, 17 01 07).
 */
function decisivePrefixes(analysis: Analysis, mixture: ConceptHit | undefined): string[] {
  const out = new Set<string>();
  if (mixture) out.add(mixture.match.item.options[0].code);
  for (const { cue } of analysis.cues) {
    if (cue.householdSite) out.add('20');
    for (const [prefix, weight] of cue.prefixes) if (weight >= DECISIVE_WEIGHT) out.add(prefix);
  }
  return [...out];
}

export interface LocalEngineOptions {
  catalogue: Catalogue;
  knowledge?: Knowledge;
  /** The learned ranker; defaults to the shipped model. null: the rules alone (used in training). */
  ranker?: RankerModel | null;
}

/** The rule engine alone: lexicon, activity cues, mirror evidence and the legal text. */
export function createRuleEngine(options: Omit<LocalEngineOptions, 'ranker'>): LocalEngine {
  const { catalogue } = options;
  const compiled = compileKnowledge(options.knowledge ?? defaultKnowledge, catalogue);
  const legalText = createLegalTextIndex(catalogue);
  const verdicts = createVerdictReader();

  return {
    version: MODEL_VERSION,
    classify(input: ClassifyInput): EngineResult {
      const analysis = analyse(input, compiled);
      analysis.verdict = withAnswer(verdicts.read(input), input.assessment);
      const mixture = mixtureHit(analysis);
      if (mixture) analysis.concepts.push(mixture);
      const candidates = scoreConcepts(analysis, compiled, catalogue);
      addLegalText(candidates, analysis, legalText, catalogue, compiled.notBefore);
      const ranked = rank(candidates);
      const multiple = multipleWastes(ranked, analysis);
      const conflict = ranked[0] ? chapterFit(ranked[0].code, analysis.cues).conflict : false;
      const confidences = rankingConfidences(ranked, { multipleWastes: multiple, chapterConflict: conflict });
      const ranking = ranked.map((c, i) => toRanked(c, confidences[i], analysis, catalogue));
      // Every word the speller read as a known one, not only those that matched: the ranker reads them too.
      const corrections = [...analysis.description, ...analysis.context]
        .filter((t) => t.correctedFrom)
        .map((t) => ({ from: t.correctedFrom as string, to: t.stem }));
      return {
        ranking,
        flags: multiple ? ['MULTIPLE_WASTE_TYPES'] : [],
        corrections,
        verdict: analysis.verdict,
        decisivePrefixes: decisivePrefixes(analysis, mixture),
        evidenceMoves: evidenceMoves(ranked),
        sourceOnly: sourceOnly(analysis),
        notTheTrade: notTheTrade(analysis),
      };
    },
  };
}

/**
 * The local engine: the rule engine's ranking blended with the learned ranker's, checked for named
 * hazardous substances and calibrated (src/classification/ranker).
 */
export function createLocalEngine(options: LocalEngineOptions): LocalEngine {
  const rules = createRuleEngine(options);
  const deps = {
    model: options.ranker === undefined ? shippedRanker() : options.ranker,
    substances: createSubstanceFinder(loadSubstances(options.catalogue, FLAGS)),
    catalogue: options.catalogue,
  };
  return {
    version: MODEL_VERSION,
    classify(input: ClassifyInput): EngineResult {
      // An answer to the deciding question settles the side of the pair the question was about: the
      // same input without the answer names the waste.
      const anchor = input.assessment
        ? combine(
            { ...input, assessment: undefined },
            rules.classify({ ...input, assessment: undefined }),
            deps,
          ).ranking[0]?.ewc_code
        : undefined;
      return combine(input, rules.classify(input), deps, anchor);
    },
  };
}

export { disposalNotes };

/**
 * One misspelt description through a new engine, for a server that will answer requests with it: the
 * speller builds its index at the first word it does not know (spelling.ts), and a request should not
 * wait for that. A one-off command (`wcs classify`) skips it.
 */
export function warmUp(engine: LocalEngine): void {
  engine.classify({ description: 'flourescent tubes' });
}
