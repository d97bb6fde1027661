// The engine's answer from the rule engine's ranking and the learned ranker's probabilities: blended,
// checked for named hazardous substances, calibrated, and explained in words an auditor can follow.

import { questions } from '../assessment.ts';
import type { Catalogue, EwcEntry } from '../catalogue.ts';
import { partnerOn } from '../engine/mirror.ts';
import { STOPWORDS } from '../engine/text.ts';
import { NO_VERDICT, type VerdictReading, type VerdictSide } from '../engine/verdicts.ts';
import { flagsForEntry } from '../guidance.ts';
import type { Flag } from '../knowledge/types.ts';
import {
  type ClassifyInput,
  classificationOf,
  type EngineResult,
  type RankedClassification,
} from '../types.ts';
import {
  applySubstances,
  type BlendCandidate,
  blend,
  calibrated,
  followEvidence,
  lastResort,
  shares,
} from './blend.ts';
import { type PreparedInput, prepare } from './features.ts';
import { type NamedSubstance, reflects, type SubstanceFinder } from './hazards.ts';
import type { RankerModel } from './model.ts';
import { words } from './negation.ts';

/** The engine answers with at most this many codes (the service cuts to max_results). */
export const MAX_RANKING = 5;

export interface CombineDeps {
  model: RankerModel | null;
  substances: SubstanceFinder;
  catalogue: Catalogue;
}

/** The input as the ranker read it, computed once per classification. */
interface Reading {
  prepared: PreparedInput;
  features: Map<string, number>;
  /** Per class index, the features that pushed towards it (for the codes the ranker explains). */
  evidence: Map<number, Array<[string, number]>>;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const quote = (s: string) => `"${s}"`;

/** The input's words that pushed the ranker towards a class, as the producer wrote them. */
function evidenceWords(evidence: Array<[string, number]>, prepared: PreparedInput) {
  const all = [...prepared.description, ...prepared.context];
  const byWord = new Map<string, number>();
  const industry = new Map<string, number>();
  const credit = (map: Map<string, number>, word: string, v: number) =>
    map.set(word, (map.get(word) ?? 0) + v);
  for (const [key, v] of evidence) {
    const body = key.slice(2);
    if (key.startsWith('i:')) {
      const w = prepared.industry.find((x) => body.split(' ').includes(x.stem));
      if (w) credit(industry, w.raw, v);
    } else if (key.startsWith('c:')) {
      const gram = body.replace(/[<>]/g, '');
      const w = all.find((x) => !x.negated && x.raw.includes(gram));
      if (w) credit(byWord, w.raw, v);
    } else if (key.startsWith('b:')) {
      const [a, b] = body.split(' ');
      const i = all.findIndex((x, n) => x.stem === a && all[n + 1]?.stem === b);
      if (i >= 0) credit(byWord, `${all[i].raw} ${all[i + 1].raw}`, v);
    } else {
      const w = all.find((x) => x.stem === body) ?? prepared.industry.find((x) => x.stem === body);
      if (w) credit(byWord, key.startsWith('n:') ? `no ${w.raw}` : w.raw, v);
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([w]) => w);
  return { words: top(byWord, 3), industry: top(industry, 1) };
}

function listWords(ws: string[]): string {
  const q = ws.map(quote);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} and ${q.at(-1)}`;
}

function rankerReasoning(c: BlendCandidate, entry: EwcEntry, deps: CombineDeps, read: Reading): string {
  const parts: string[] = [];
  const model = deps.model;
  const idx = model?.classIndex.get(c.code);
  if (model && idx !== undefined) {
    const ev = evidenceWords(read.evidence.get(idx) ?? [], read.prepared);
    const why = ev.words.length > 0 ? `: the words ${listWords(ev.words)} point to it most` : '';
    parts.push(
      `The statistical ranker (trained on ${model.meta.training.corpus} labelled descriptions covering every entry of the List of Wastes) gives this entry ${pct(c.p)}${why}.`,
    );
    if (ev.industry.length > 0) {
      parts.push(
        `The source industry ${listWords(ev.industry)} supports sub-chapter ${entry.subchapter} (${entry.subchapter_title}).`,
      );
    }
  }
  parts.push(`Entry ${entry.code}${entry.is_hazardous ? '*' : ''}: ${entry.description}.`);
  return parts.join(' ');
}

function substanceReasoning(c: BlendCandidate, entry: EwcEntry): string {
  const s = c.substance;
  if (!s) return '';
  const verb = s.presumed
    ? 'and nothing says the waste was assessed, so the hazardous side of the mirror pair is put first'
    : s.action === 'promoted'
      ? 'so this hazardous entry is put first'
      : 'so this hazardous entry is offered';
  return ` The description names ${s.named.substance} (${quote(s.named.term)}), ${verb}: ${entry.code}* carries it. Confirm by assessment (WM3) before coding it otherwise.`;
}

function toRanked(
  c: BlendCandidate,
  confidence: number,
  rules: Map<string, RankedClassification>,
  deps: CombineDeps,
  read: Reading,
): RankedClassification {
  const entry = deps.catalogue.get(c.code) as EwcEntry;
  const fromRules = rules.get(c.code);
  const agreement = fromRules && deps.model ? ` The statistical ranker gives this entry ${pct(c.p)}.` : '';
  const reasoning =
    (fromRules ? fromRules.reasoning + agreement : rankerReasoning(c, entry, deps, read)) +
    substanceReasoning(c, entry);
  const flags = new Set<Flag>(fromRules?.flags ?? flagsForEntry(entry));
  if (c.substance?.named.flag) flags.add(c.substance.named.flag);
  return {
    ...classificationOf(entry, confidence, reasoning),
    flags: [...flags],
    notes: fromRules?.notes ?? [],
    mirror_undecided: fromRules?.mirror_undecided ?? false,
  };
}

/** Made on first use: a process's first formatter loads the locale data (tens of ms at start). */
let mgPerKg: Intl.NumberFormat | undefined;
const mgkg = (x: number) => {
  mgPerKg ??= new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
  return `${mgPerKg.format(x)} mg/kg`;
};

/** Why the verdict put this side of the mirror pair first, in the producer's own words. */
export function verdictReasoning(
  verdict: VerdictReading,
  side: VerdictSide,
  code: string,
  said: string,
): string {
  const parts: string[] = [];
  for (const m of verdict.measurements) {
    parts.push(
      `${quote(m.text)} is ${m.above ? 'at or above' : 'below'} the ${mgkg(m.threshold_mg_per_kg)} at which ${m.substance} makes a waste hazardous (${m.source}).`,
    );
  }
  const words = verdict.terms.length > 0 ? ` (${listWords(verdict.terms.slice(0, 3))})` : '';
  // The rules' own reasoning may already have named the verdict as evidence for this side.
  const named = verdict.terms.length > 0 && verdict.terms.every((t) => said.includes(quote(t)));
  if (side === 'unknown')
    parts.push(
      `The composition is not known${words}: WM3 treats a mirror-entry waste as hazardous until it is assessed, so ${code}* applies meanwhile.`,
    );
  else if (!named && side === 'hazardous')
    parts.push(
      `The description states a hazardous finding${words}, so the hazardous entry ${code}* applies.`,
    );
  else if (!named)
    parts.push(
      `The description states that the waste was found not hazardous${words}, so the non-hazardous entry ${code} applies.`,
    );
  if (verdict.leaching)
    parts.push(
      'Leaching (WAC) results decide whether a landfill may accept the waste; they cannot classify it (WM3).',
    );
  return parts.length > 0 ? ` ${parts.join(' ')}` : '';
}

/**
 * Where the producing activity decides the sub-chapter (what households hand in at a council site is
 * municipal waste, 20 01 27* paint rather than a trade's 08 01 11*; a farm's or a vet's sharps are
 * 18 02 02* rather than 18 01 03*), the rules' entries there outweigh the ranker's for the same material
 * by this factor. Eight: on the blind batches every such item the rules coded there came first, and no
 * other answer moved.
 */
const DECIDED_BY_ACTIVITY = Math.log(8);

/**
 * "Used fix from the X-ray film processor": the ranker reads the film; the rules read that it is where
 * the fix came from. A code only the source names loses this factor, unless the rules chose it.
 */
const ONLY_THE_SOURCE = Math.log(0.3);

function notTheSource(blended: BlendCandidate[], codes: readonly string[], rulesTop: string): void {
  for (const c of blended) if (c.code !== rulesTop && codes.includes(c.code)) c.score += ONLY_THE_SOURCE;
  blended.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
}

/** A sibling sub-chapter's entry the activity rules out stays only as a distant alternative. */
const RULED_OUT = Math.log(1e-4);

function activityFirst(blended: BlendCandidate[], prefixes: readonly string[]): void {
  // A sub-chapter the activity decides ("18 02": animal healthcare) rules out the rest of its chapter.
  const subchapters = prefixes.filter((p) => p.length === 5);
  for (const c of blended) {
    if (c.rule > 0 && prefixes.some((p) => c.code.startsWith(p))) c.score += DECIDED_BY_ACTIVITY;
    else if (subchapters.some((p) => c.code.startsWith(p.slice(0, 2)) && !c.code.startsWith(p)))
      c.score += RULED_OUT;
  }
  blended.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
}

/** Entries the input rules out stay only as distant alternatives, the blend re-ordered. */
function ruleOut(blended: BlendCandidate[], out: (code: string) => boolean): void {
  let moved = false;
  for (const c of blended)
    if (out(c.code)) {
      c.score += RULED_OUT;
      moved = true;
    }
  if (moved) blended.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
}

/**
 * A substance the input clears ("PCB <2 mg/kg", "asbestos survey clear") cannot be what makes the waste
 * the List's entry for it: the entries whose legal text names it ("insulating oils containing PCBs",
 * 13 03 01*) are ruled out, though the ranker read the word.
 */
function clearedOut(blended: BlendCandidate[], cleared: NamedSubstance[], catalogue: Catalogue): void {
  const names = (code: string) => {
    const text = catalogue.get(code)?.description.toLowerCase() ?? '';
    return (
      !text.includes('for example') &&
      cleared.some((s) => s.codes.includes(code) && text.includes(s.term.toLowerCase()))
    );
  };
  ruleOut(blended, names);
}

/** The ranker alone, without the rules, names a code only above this probability. */
const MIN_ALONE = 0.1;

/** A code below this fraction of the first choice's share is not worth a reader's time. */
const MIN_SHARE = 0.03;

/** A mirror entry that nothing in the input decided is never stated at 0.9 or more (WM3: assess it). */
const UNDECIDED_MIRROR_CAP = 0.85;

/** A hazardous entry chosen for a verdict when the blend's entry has no hazardous partner: needs a look. */
const UNPAIRED_CAP = 0.6;

/** Mirror entries whose hazardous side applies only when contamination is known (questions.json). */
const PRESUMED_CLEAN: ReadonlySet<string> = new Set(questions().mirror.presumed_clean.codes);

/**
 * A code that nothing the engine knows of the List supports (no entry, synonym or guidance matched a
 * waste in the words, no hazardous substance was named, no assessment was given) rests on the ranker's
 * word statistics alone: "orange" in "orange peel" is the colour of an infectious-waste bag, and
 * "traps" in "chairside traps" (dental amalgam, hazardous) reads as a grease trap. It is never stated at
 * 0.9 or more, where an answer is accepted without a look, on either side.
 */
const WORDS_ALONE_CAP = 0.85;
const WORDS_ALONE_REASONING =
  ' No entry of the List, and none of the guidance the engine holds, matched a waste in these words: this code rests on word statistics alone. Check what the waste is before relying on it.';

/** A description that names no waste ("mixed waste") is answered below the LOW_CONFIDENCE line. */
const VAGUE_CAP = 0.3;

/** True when every word of the description and the context is one that never names a waste. */
export function namesNoWaste(input: ClassifyInput): boolean {
  const all = words(`${input.description} ${input.additional_context ?? ''}`);
  return all.every((w) => STOPWORDS.has(w.raw) || /^\d+$/.test(w.raw));
}

/** Whether the description itself (not the producer's name) holds a word the ranker was trained on. */
function describesKnownWords(input: ClassifyInput, model: NonNullable<CombineDeps['model']>): boolean {
  const own = { description: input.description, additional_context: input.additional_context };
  return model.knownWords(model.features(own, prepare(own))) > 0;
}

/** The input with the misspellings the rules corrected, so the ranker and the substance check read them too. */
export function corrected(input: ClassifyInput, corrections: EngineResult['corrections']): ClassifyInput {
  if (!corrections || corrections.length === 0) return input;
  const fix = (text: string | undefined) => {
    if (!text) return text;
    let out = text;
    for (const c of corrections) {
      out = out.replace(new RegExp(`\\b${c.from.replace(/[^a-z0-9]/gi, '')}\\b`, 'gi'), c.to);
    }
    return out;
  };
  return {
    ...input,
    description: fix(input.description) ?? '',
    additional_context: fix(input.additional_context),
  };
}

function mirrorAlternative(
  ranked: BlendCandidate[],
  partners: Set<string>,
  probs: Float64Array | null,
  model: RankerModel | null,
): BlendCandidate | undefined {
  const known = ranked.find((c) => partners.has(c.code));
  if (known) return known;
  const code = [...partners][0];
  const idx = model?.classIndex.get(code);
  return { code, p: probs && idx !== undefined ? probs[idx] : 0, rule: 0, score: -Infinity };
}

/**
 * Blend, check, calibrate and explain. `anchor`: the first choice for the same input without its `assessment` answer, so an answer decides the
 * side of the pair the question was about and never moves the answer to another waste.
 */
export function combine(
  original: ClassifyInput,
  rulesResult: EngineResult,
  deps: CombineDeps,
  anchor?: string,
): EngineResult {
  const rulesRanking = rulesResult.ranking;
  const input = corrected(original, rulesResult.corrections);
  const prepared = prepare(input);
  const model = deps.model;
  const read: Reading = {
    prepared,
    features: model ? model.features(input, prepared) : new Map(),
    evidence: new Map(),
  };
  const probs = model ? model.probabilities(read.features) : null;
  const ruleWeight = model?.meta.ruleWeight ?? 1;
  const blended = blend(
    probs,
    model?.meta.classes ?? [],
    model?.classIndex ?? new Map(),
    rulesRanking.map((r) => ({ code: r.ewc_code, confidence: r.confidence })),
    ruleWeight,
  );
  if (rulesResult.decisivePrefixes?.length) activityFirst(blended, rulesResult.decisivePrefixes);
  const notTheTrade = rulesResult.notTheTrade ?? [];
  if (notTheTrade.length > 0) ruleOut(blended, (code) => notTheTrade.some((p) => code.startsWith(p)));
  if (rulesResult.sourceOnly?.length && rulesRanking[0])
    notTheSource(blended, rulesResult.sourceOnly, rulesRanking[0].ewc_code);
  const verdict = rulesResult.verdict ?? NO_VERDICT;
  // A substance a verdict cleared ("asbestos not detected", "TPH 450 mg/kg") or a waste assessed clean
  // as a whole is not a named hazard any more.
  // A word inside a verdict that is not a hazardous one ("hazardous" in "all under WM3 hazardous
  // limits") names nothing; one inside a hazardous verdict ("carcinogenic") still names its property.
  const inVerdict = (s: NamedSubstance) =>
    verdict.side !== 'hazardous' && verdict.terms.some((t) => ` ${t} `.includes(` ${s.term.toLowerCase()} `));
  const found = deps.substances.find(input).filter((s) => !inVerdict(s));
  const named =
    verdict.side === 'clean' && verdict.kinds.length === 0
      ? []
      : found.filter((s) => !verdict.clearedSubstances.includes(s.substance));
  const cleared = found.filter((s) => s.specific && verdict.clearedSubstances.includes(s.substance));
  if (cleared.length > 0) clearedOut(blended, cleared, deps.catalogue);
  // The rules' first choice, or choices: codes tied at the top are equally first.
  const rulesFirst = new Set(
    rulesRanking.filter((r) => r.confidence >= (rulesRanking[0]?.confidence ?? 0)).map((r) => r.ewc_code),
  );
  // The rules' reading of hazardous evidence counts over the ranker's clean first choice only when it is
  // one of the rules' own first choices, its evidence is a hazardous substance named (and not negated),
  // and nothing assessed the waste.
  const moves =
    !verdict.side && verdict.cleared.length === 0
      ? (rulesResult.evidenceMoves ?? []).filter(
          (m) =>
            rulesFirst.has(m.to) &&
            named.some((s) => m.terms.includes(s.term.toLowerCase()) && reflects(m.to, s, deps.catalogue)),
        )
      : [];
  const substanced = applySubstances(blended, named, deps.catalogue);
  const followed = followEvidence(substanced.ranked, moves, deps.catalogue);
  const unreflected = substanced.unreflected.filter(
    (s) => !reflects(followed[0]?.code ?? '', s, deps.catalogue),
  );
  const side = verdictSide(verdict, rulesRanking[0], deps.catalogue);
  const { ranked, moved, unpaired } = applyVerdict(followed, side, verdict, deps.catalogue, anchor);
  // Nothing the rules know and nothing the ranker is sure of ("xyzzy", "stuff", "waste"): no code
  // rather than a guess.
  // A description that names no waste the engine knows is not guessed at, unless the producer is given:
  // a real waste from a named activity gets the ranker's best reading, at the low confidence it earns.
  const unknown =
    !model ||
    model.knownWords(read.features) === 0 ||
    ((blended[0]?.p ?? 0) < MIN_ALONE &&
      (!input.source_industry?.trim() || namesNoWaste(input) || !describesKnownWords(input, model)));
  if (rulesRanking.length === 0 && unknown && named.length === 0) {
    return {
      ranking: [],
      flags: [...rulesResult.flags],
      hazardous_substances: [],
      corrections: rulesResult.corrections,
    };
  }
  const allShares = shares(ranked.slice(0, MAX_RANKING));
  // Only codes with a real chance of being right, any code a named substance put there, and the other
  // side of the first choice's mirror pair (WM3: the alternative a reader must rule out).
  const partners = new Set(deps.catalogue.get(ranked[0]?.code ?? '')?.mirror_of ?? []);
  const keep = ranked
    .slice(0, MAX_RANKING)
    .filter(
      (c, i) =>
        i === 0 ||
        c.substance ||
        (partners.has(c.code) && c.rule > 0) ||
        allShares[i] >= MIN_SHARE * allShares[0],
    );
  // The other side of a mirror pair is always offered, even when the blend gives it little weight.
  const partner =
    partners.size > 0 && !keep.some((c) => partners.has(c.code))
      ? mirrorAlternative(ranked, partners, probs, model)
      : undefined;
  if (partner) keep.splice(Math.min(keep.length, MAX_RANKING - 1), 0, partner);
  const top = keep.slice(0, MAX_RANKING);
  const share = top.map((c) => {
    const at = ranked.indexOf(c);
    return at >= 0 && at < allShares.length ? allShares[at] : 0;
  });
  const agree = rulesRanking[0]?.ewc_code === top[0]?.code;
  const rules = new Map(rulesRanking.map((r) => [r.ewc_code, r]));
  // A verdict that moved the answer to the other side of its mirror pair: the pair's weight is the
  // answer's (the blend chose the waste, the verdict the side).
  // A substance that decides the side by itself (aerosols, equipment with its batteries in) took the
  // place of the waste the blend named: the answer carries that weight, never more than an undecided
  // mirror entry's.
  const decided = top[0]?.substance?.action === 'promoted' && top[0].substance.named.decides;
  // The same presumption when the blend itself chose the hazardous side of the pair (the rules read the
  // substance as evidence): the same answer as when the substance moved it there, the question kept.
  const presumes =
    !side &&
    top[0] &&
    !top[0].substance &&
    deps.catalogue.get(top[0].code)?.is_hazardous &&
    isMirror(top[0].code, deps.catalogue)
      ? named.find((s) => s.presumes && reflects(top[0].code, s, deps.catalogue))
      : undefined;
  if (presumes) top[0].substance = { named: presumes, action: 'promoted', presumed: true };
  // A substance named in a mirror-entry waste nobody assessed: the pair's weight, at the side presumed.
  const presumed = top[0]?.substance?.presumed === true;
  // Evidence the rules read put the hazardous entry in place of the clean one: the pair's weight too.
  const evidenced = top[0]?.evidenceFrom !== undefined && !top[0].substance;
  // The first choice took the place of the blend's own, which applySubstances or followEvidence left
  // second: together they carry the answer's weight, stated no higher than an undecided mirror entry.
  const replaced = decided || presumed || evidenced;
  const decidedShare = moved
    ? (share[0] ?? 0) + (allShares[ranked.indexOf(moved)] ?? 0)
    : replaced
      ? Math.min((share[0] ?? 0) + displacedShare(ranked, allShares, presumes ? partners : undefined), 1)
      : (share[0] ?? 0);
  let topConfidence = model
    ? calibrated(decidedShare, agree || moved !== undefined, model.meta.calibration)
    : (rulesRanking[0]?.confidence ?? 0);
  // A pH alone settles the side only until reserve testing or an assessment is done (WM3 HP8).
  const indicated =
    verdict.mirrorOnly === true && side === 'hazardous' && isMirror(top[0]?.code, deps.catalogue);
  const undecided = top[0]
    ? presumed || indicated || mirrorUndecided(top[0], side, rules, named, deps.catalogue)
    : false;
  if (undecided || replaced) topConfidence = Math.min(topConfidence, UNDECIDED_MIRROR_CAP);
  // The verdict chose the side but no partner of the blend's entry: which hazardous entry is a guess.
  if (unpaired) topConfidence = Math.min(topConfidence, UNPAIRED_CAP);
  // A "99" entry is right only when no other entry fits. Unless the engine's knowledge names it (offensive
  // waste is 20 01 99 in GOV.UK's guidance), the words alone cannot show that: a person checks.
  if (top[0] && lastResort(top[0])) topConfidence = Math.min(topConfidence, UNPAIRED_CAP);
  // Said whatever the confidence: the reader should know the code rests on words alone.
  const wordsAlone = rulesRanking.length === 0 && named.length === 0 && !side && top[0] !== undefined;
  if (wordsAlone) topConfidence = Math.min(topConfidence, WORDS_ALONE_CAP);
  // "mixed", "rubbish", "waste": no waste is named, so no code is stated with any confidence.
  const vague = namesNoWaste(input);
  if (vague) topConfidence = Math.min(topConfidence, VAGUE_CAP);
  if (model) {
    const explained = top.filter((c) => !rules.has(c.code)).map((c) => model.classIndex.get(c.code) ?? -1);
    if (explained.length > 0) read.evidence = model.evidence(read.features, explained);
  }
  const ranking = top.map((c, i) => {
    // When a verdict or a deciding substance chose the first answer, the others are what it ruled out:
    // never more than half as likely.
    const settled = moved !== undefined || replaced;
    const conf =
      i === 0
        ? topConfidence
        : Math.min(
            settled ? topConfidence / 2 : topConfidence,
            (share[i] / ((settled ? decidedShare : share[0]) || 1)) * topConfidence,
          );
    const ranked = toRanked(c, conf, rules, deps, read);
    if (i === 0 && wordsAlone) ranked.reasoning += WORDS_ALONE_REASONING;
    if (i === 0) {
      ranked.mirror_undecided = undecided;
      if (side && isMirror(c.code, deps.catalogue))
        ranked.reasoning += verdictReasoning(verdict, side, c.code, ranked.reasoning);
    } else if (side) ranked.mirror_undecided = false;
    return ranked;
  });
  const flags = new Set<Flag>(rulesResult.flags);
  if (verdict.leaching) flags.add('LEACHING_RESULTS_DO_NOT_CLASSIFY');
  if (vague) flags.add('DESCRIPTION_NOT_SPECIFIC');
  if (side === 'unknown' && isMirror(top[0]?.code, deps.catalogue)) flags.add('COMPOSITION_UNKNOWN');
  if (unreflected.length > 0) flags.add('HAZARDOUS_SUBSTANCE_NAMED');
  // A substance named stays named: its flag (ASBESTOS, MERCURY, PCBS...) holds whether or not the answer
  // reflects it ("acetylene bottles containing asbestos" is 15 01 11*, and still asbestos).
  for (const s of named) if (s.flag) flags.add(s.flag);
  return {
    ranking,
    flags: [...flags],
    hazardous_substances: named.map((s) => s.substance),
    candidates: ranked.filter((c) => !keep.includes(c)).map((c) => c.code),
    corrections: rulesResult.corrections,
    verdict,
  };
}

/**
 * The share of the answer the first choice displaced: the second's, or, when the blend itself put the
 * presumed side first, the best-ranked other side of its pair's (none when the pair's other side is not
 * ranked).
 */
function displacedShare(
  ranked: BlendCandidate[],
  allShares: number[],
  partners?: ReadonlySet<string>,
): number {
  const at = partners ? ranked.findIndex((c, i) => i > 0 && partners.has(c.code)) : 1;
  return at > 0 ? (allShares[at] ?? 0) : 0;
}

function isMirror(code: string | undefined, catalogue: Catalogue): boolean {
  return (catalogue.get(code ?? '')?.mirror_of.length ?? 0) > 0;
}

/**
 * The side the input's verdict decides: its own, or clean when a verdict cleared the only substances
 * named and the rules, reading what is left, chose the non-hazardous side of a mirror pair.
 */
function verdictSide(
  verdict: VerdictReading,
  rulesTop: RankedClassification | undefined,
  catalogue: Catalogue,
): VerdictSide | null {
  if (verdict.side) return verdict.side;
  if (
    verdict.cleared.length > 0 &&
    rulesTop &&
    !rulesTop.is_hazardous &&
    isMirror(rulesTop.ewc_code, catalogue)
  )
    return 'clean';
  return null;
}

/**
 * A verdict decides the side of the first choice's mirror pair ahead of the words that name a substance:
 * the partner on the decided side goes first (the one the blend ranks best, or the one whose legal text
 * names the substance). `moved` is the code it displaced.
 */
export function applyVerdict(
  ranked: BlendCandidate[],
  side: VerdictSide | null,
  verdict: VerdictReading,
  catalogue: Catalogue,
  anchor?: string,
): { ranked: BlendCandidate[]; moved?: BlendCandidate; unpaired?: boolean } {
  const top = ranked[0];
  let entry = catalogue.get(anchor ?? top?.code ?? '');
  if (!side || !top || !entry) return { ranked };
  // A finding that speaks only of a mirror pair's side (a stated pH) leaves an absolute entry alone.
  if (verdict.mirrorOnly && entry.mirror_of.length === 0) return { ranked };
  // "IBC of unknown liquid, not yet sampled": an unknown composition speaks of a mirror entry. When the
  // first choice has no mirror pair (the IBC) and the rules read a mirror entry (the liquid), WM3's worst
  // case applies to that one.
  if (side === 'unknown' && !anchor && !entry.is_hazardous && entry.mirror_of.length === 0) {
    const mirrored = ranked.find((c) => c.rule > 0 && (catalogue.get(c.code)?.mirror_of.length ?? 0) > 0);
    if (mirrored) entry = catalogue.get(mirrored.code) ?? entry;
  }
  const wantHazardous = side !== 'clean';
  const code =
    entry.is_hazardous === wantHazardous
      ? entry.code
      : (partnerOn(entry, wantHazardous, new Set(verdict.kinds), catalogue) ??
        cleanNeighbour(ranked, entry, side, catalogue));
  if (!code) {
    const hazardous = hazardousNeighbour(ranked, entry, side, catalogue);
    if (!hazardous) return { ranked };
    return { ranked: [hazardous, ...ranked.filter((c) => c !== hazardous)], moved: top, unpaired: true };
  }
  if (code === top.code) {
    // Already on the verdict's side: the verdict chose between this entry and its partner, so the pair's
    // weight is the answer's, as when it moves the answer.
    const partner = ranked.find((c) => entry.mirror_of.includes(c.code));
    return partner && code === entry.code ? { ranked, moved: partner } : { ranked };
  }
  const pick: BlendCandidate = ranked.find((c) => c.code === code) ?? {
    code,
    p: 0,
    rule: 0,
    score: top.score,
  };
  return { ranked: [pick, ...ranked.filter((c) => c !== pick)], moved: top };
}

/**
 * A waste stated hazardous ("the WM3 assessment gives HP14") whose first choice is a non-hazardous entry
 * with no hazardous partner (10 01 02, coal fly ash): the best-ranked hazardous candidate, of the same
 * sub-chapter if there is one, else of the same chapter, else any. The assessment settles the side; the
 * List's entry for it is the blend's next best guess, which a person should check.
 */
function hazardousNeighbour(
  ranked: BlendCandidate[],
  entry: EwcEntry,
  side: VerdictSide,
  catalogue: Catalogue,
): BlendCandidate | undefined {
  if (side !== 'hazardous' || entry.is_hazardous) return undefined;
  const hazardous = ranked.filter((c) => catalogue.get(c.code)?.is_hazardous);
  return (
    hazardous.find((c) => catalogue.get(c.code)?.subchapter === entry.subchapter) ??
    hazardous.find((c) => catalogue.get(c.code)?.chapter === entry.chapter) ??
    hazardous[0]
  );
}

/**
 * A hazardous entry the List pairs with no one entry ("packaging containing residues of hazardous
 * substances", 15 01 10*, against every kind of packaging in 15 01): assessed clean, the best-ranked
 * non-hazardous candidate of its own sub-chapter.
 */
function cleanNeighbour(
  ranked: BlendCandidate[],
  entry: EwcEntry,
  side: VerdictSide,
  catalogue: Catalogue,
): string | undefined {
  if (side !== 'clean' || !entry.is_hazardous) return undefined;
  return ranked.find((c) => {
    const e = catalogue.get(c.code);
    return e !== undefined && !e.is_hazardous && e.subchapter === entry.subchapter && !c.code.endsWith('99');
  })?.code;
}

/** The first choice is a mirror entry and nothing in the input decided its side. */
function mirrorUndecided(
  top: BlendCandidate,
  side: VerdictSide | null,
  rules: Map<string, RankedClassification>,
  named: NamedSubstance[],
  catalogue: Catalogue,
): boolean {
  if (side === 'unknown') return isMirror(top.code, catalogue);
  if (side || top.substance || !isMirror(top.code, catalogue) || PRESUMED_CLEAN.has(top.code)) return false;
  // A named substance this entry carries decided it ("part-full aerosols": 16 05 04*).
  if (named.some((s) => s.codes.includes(top.code))) return false;
  const fromRules = rules.get(top.code);
  if (fromRules) return fromRules.mirror_undecided;
  // The ranker alone chose it: its hazardous side was chosen on the input's words; its clean side was not.
  return !catalogue.get(top.code)?.is_hazardous;
}
