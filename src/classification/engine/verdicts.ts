// What a description says about an assessment of the waste (data/classification/verdicts.json): a
// verdict ("tested non-hazardous", "asbestos not detected", "copper above threshold, HP14"), a figure
// with its unit matched to the substance it measures ("TPH 12,000 mg/kg"), a statement that the
// composition is unknown, or leaching (WAC) results, which WM3 says cannot classify a waste. The engine
// reads a verdict ahead of the words that merely name a substance: it decides the side of a mirror pair.
import type { VerdictData } from '../data-schemas.ts';
import type { EvidenceKind } from '../knowledge/types.ts';
import { doubted, markNegation, type Word, words } from '../ranker/negation.ts';
import type { AssessmentAnswerValue } from '../types.ts';
import { VERDICTS_PATH, verdictFile } from './verdict-file.ts';

export function loadVerdictData(path = VERDICTS_PATH): VerdictData {
  // Its shape is checked by the tests (data-schemas.ts), not at each start: the check's library alone
  // took longer to load than the engine takes to compile.
  const parsed = verdictFile(path) as VerdictData;
  for (const m of [
    ...parsed.measures,
    { substance: 'flash point', source: parsed.flash_point.source },
    { substance: 'pH', source: parsed.ph.source },
    { substance: 'cytotoxic medicines', source: parsed.cytotoxic.source },
  ]) {
    if (!parsed.sources[m.source])
      throw new Error(`verdicts.json: ${m.substance} cites unknown source ${m.source}`);
  }
  return parsed;
}

/** A figure read from the text and compared with its substance's threshold. */
export interface Measurement {
  substance: string;
  kind: EvidenceKind;
  /** The figure as written ("TPH 12,000 mg/kg"). */
  text: string;
  mg_per_kg: number;
  threshold_mg_per_kg: number;
  above: boolean;
  source: string;
}

export type VerdictSide = 'hazardous' | 'clean' | 'unknown';

export interface VerdictReading {
  /**
   * hazardous: a figure above its threshold or a hazardous verdict; clean: a verdict about the whole
   * waste; unknown: the composition is stated unknown, or only leaching results are given (WM3: treat a
   * mirror-entry waste as hazardous until assessed). null: nothing about the whole waste was said.
   */
  side: VerdictSide | null;
  /** Evidence kinds a hazardous verdict or figure names (picks the hazardous entry). */
  kinds: EvidenceKind[];
  /** Evidence kinds a clean verdict or a figure below its threshold cleared ("asbestos not detected"). */
  cleared: EvidenceKind[];
  /** Names of hazardous-substances.json substances cleared the same way. */
  clearedSubstances: string[];
  leaching: boolean;
  unknown: boolean;
  /** The verdict words as the producer wrote them, for the reasoning. */
  terms: string[];
  measurements: Measurement[];
  /**
   * The only hazardous finding is one that decides the side of a mirror pair and nothing else (a stated
   * pH): it never moves an absolute entry to another.
   */
  mirrorOnly?: boolean;
}

export const NO_VERDICT: VerdictReading = {
  side: null,
  kinds: [],
  cleared: [],
  clearedSubstances: [],
  leaching: false,
  unknown: false,
  terms: [],
  measurements: [],
};

type PhraseList = 'hazardous' | 'clean' | 'unknown' | 'leaching';
interface Phrase {
  stems: string[];
  list: PhraseList;
  assessment: boolean;
}
interface SubjectTerm {
  stems: string[];
  kind: EvidenceKind;
  substance: string;
}

const stemsOf = (text: string) => words(text).map((w) => w.stem);

function matchesAt(ws: Word[], at: number, stems: string[]): boolean {
  if (at < 0 || at + stems.length > ws.length) return false;
  for (let k = 0; k < stems.length; k++) if (ws[at + k].stem !== stems[k]) return false;
  // A phrase does not run across a full stop, semicolon or bracket.
  for (let k = 1; k < stems.length; k++) if (ws[at + k].stop) return false;
  return true;
}

/** "non-hazardous" alone, as an adjective: a label, not the statement of an assessment. */
const BARE_LABELS = new Set(['non hazardous', 'non haz', 'nonhazardous', 'nonhaz', 'not hazardous']);
/** Words that join another waste to the one a label describes. */
const JOINS = new Set(['plus', 'including', 'inc', 'incl', 'and', 'with', 'also', 'alongside', 'together']);

/**
 * "non-hazardous packaging waste including oily rags", "non haz waste plus 3 drums of thinners": a bare
 * label before other wastes joined to it describes only the first, so it clears nothing as a whole.
 */
function labelsOnePart(ws: Word[], phrase: { stems: string[] }, end: number): boolean {
  if (!BARE_LABELS.has(phrase.stems.join(' '))) return false;
  for (let j = end + 1; j < ws.length; j++) if (JOINS.has(ws[j].raw)) return true;
  return false;
}

/** Words between the subjects of one verdict: "metals & PAH", "lead, zinc and TPH". */
const LIST_JOINS = new Set(['and', 'or', 'nor', 'plus']);

/** Words after a verdict that introduce what it is about: "negative for asbestos", "free of oil". */
const SUBJECT_AFTER = new Set(['for', 'of', 'with', 'by']);

/**
 * "not contaminated with medicines": a verdict about something it names after "with" or "by" that is not
 * a substance the reader knows says nothing of the rest of the waste.
 */
function scopedElsewhere(ws: Word[], end: number, subject: unknown, assessment: boolean): boolean {
  const next = ws[end];
  if (subject || next === undefined || next.stop) return false;
  // "classed non-haz by the foundry's assessment": after an assessment, "by" names who assessed.
  return next.raw === 'with' || (next.raw === 'by' && !assessment);
}

/** A hazardous property's code ("HP14", "HP 3"). */
const HP_CODE = /^hp ?\d{1,2}$/;
const TEST_WORDS = new Set([
  'test',
  'tested',
  'testing',
  'tests',
  'assessed',
  'assessment',
  'checked',
  'check',
  'screened',
  'screen',
]);

const LIST_WORDS = new Set(['and', 'or', 'hp']);
/** A word of a list of properties: "HP3", "HP 14", "and". */
const inPropertyList = (raw: string) => HP_CODE.test(raw) || /^\d{1,2}$/.test(raw) || LIST_WORDS.has(raw);

/**
 * "HP14 tested", "tested for HP14", "checked for HP3 and HP14": the code of a property the waste was
 * tested for, which says nothing of what the test found.
 */
function propertyTestedFor(ws: Word[], start: number, end: number, raw: string): boolean {
  if (!HP_CODE.test(raw)) return false;
  const next = ws[end];
  if (next && !next.stop && TEST_WORDS.has(next.raw)) return true;
  // Back over other codes and "and"/"or" to the word before the list: "tested for HP3 and HP14".
  let k = start - 1;
  while (k >= 0 && !ws[k + 1].stop && inPropertyList(ws[k].raw)) k--;
  return k >= 1 && !ws[k + 1].stop && !ws[k].stop && ws[k].raw === 'for' && TEST_WORDS.has(ws[k - 1].raw);
}

/** Words after a property's code that put it below its limit: "HP14 sum well under 25%". */
const BELOW_WORDS = new Set(['under', 'below', 'less', 'within', 'passed', 'pass', 'clear', 'negative']);
/** How far after a property's code a word of BELOW_WORDS still speaks of it. */
const BELOW_REACH = 4;

/** "HP14 sum well under 25%", "HP3 below limit": the code of a property found below its limit. */
function propertyBelowLimit(ws: Word[], end: number, raw: string): boolean {
  if (!HP_CODE.test(raw)) return false;
  for (let j = end; j < ws.length && j < end + BELOW_REACH; j++) {
    if (ws[j].stop || (ws[j].comma && !HP_CODE.test(ws[j].raw))) return false;
    if (BELOW_WORDS.has(ws[j].raw)) return true;
  }
  return false;
}

/** Words that make a comparison with a limit one about every result: "all under", "every ... below". */
const EVERY = new Set(['all', 'every', 'each', 'both']);

/** Words that end the heading of an assessment: "HP assessment: cadmium and fluoride below limits". */
const ASSESSMENT_HEADS = new Set(['assessment', 'assessed', 'wm3', 'classification', 'analysis', 'results']);

/**
 * The clause of the verdict at `start` follows a heading that names an assessment ("WM3 assessment:",
 * "HP assessment -"): the substances it names below their limits are the assessment's findings, so
 * the waste as a whole was assessed clean.
 */
function underAssessmentHeading(ws: Word[], start: number): boolean {
  let k = start;
  while (k > 0 && !ws[k].stop) k--;
  return k > 0 && ASSESSMENT_HEADS.has(ws[k - 1].raw);
}

/** How near (in words, within the clause) a leaching word makes a clean verdict a leaching result. */
const LEACHING_REACH = 4;

/** A word of a leaching phrase stands within LEACHING_REACH words of [start, end), in the same clause. */
function nearLeaching(ws: Word[], leachingAt: number[], start: number, end: number): boolean {
  return leachingAt.some((k) => {
    // "WAC: non-hazardous": a leaching word just before the verdict heads it, across the colon.
    if ((k >= start && k < end) || k === start - 1) return true;
    const [from, to] = k < start ? [k, start] : [end - 1, k];
    if (to - from > LEACHING_REACH) return false;
    for (let j = from + 1; j <= to; j++) if (ws[j].stop) return false;
    return true;
  });
}

/** How far back (in words, within the clause) a verdict looks for what it is about. */
const SUBJECT_REACH = 6;
/** How far (in characters) a figure may stand from the name of what it measures. */
const FIGURE_REACH = 40;

const NUMBER_UNIT =
  /(<|>|≤|≥|less than|below|under|above|over|up to)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(mg\s*\/\s*kg|mg\s+kg|mgkg|mg\s*\/\s*l\b|mg\s+l\b|ppm|%|g\s*\/\s*kg|[µu]g\s*\/\s*kg)/g;
const BELOW = new Set(['<', '≤', 'less than', 'below', 'under', 'up to']);
/**
 * Quantities a laboratory or a producer reports that are not a substance's concentration (loss on
 * ignition, moisture, dry solids, organic carbon): a figure after one of them is that quantity's.
 */
const OTHER_QUANTITY =
  /\b(?:loi|loss on ignition|moisture|water content|dry solids|dry matter|ds|toc|doc|organic carbon|organic matter|organics|ash content|calorific value|cv|ph|density|solids|fines|passing)\b/;

/** "flash point 27 °C", "flashpoint <23C", "f.p. 35 deg C". */
const FLASH_POINT =
  /\b(?:flash\s*-?\s*point|f\.?\s?p\.?)\s*(?:of|is|at|:|=)?\s*(<|≤|below|under|less than)?\s*(-?\d+(?:\.\d+)?)\s*(?:°|º|deg(?:rees)?)?\s*c\b/g;

/**
 * A stated pH: "pH 12.8", "ph of 1", "pH=13", "pH > 12", "pH value of about 12.5", "pH 12-13". The
 * comparison or word before it is kept ("below pH 11.5", "to pH 7.5").
 */
const PH =
  /(below|under|less than|<|to|down to)?\s*\b(ph)\s*(?:value)?\s*(?:of|is|at|was|:|=)?\s*(?:approx\.?|approximately|about|around|c\.|ca\.?|~)?\s*(<|>|≤|≥)?\s*(\d{1,2}(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d{1,2}(?:\.\d+)?))?(?![\d.])/gi;
/** "As 0.5%", "As: 1,200 mg/kg", "As <10 mg/kg": the symbol of arsenic before its figure. */
const ARSENIC_SYMBOL = /\bAs(?=\s*(?:[:=]\s*)?(?:[<>≤≥]\s*)?\d)/g;
/** Words that say the corrosivity was tested, which a pH alone cannot outweigh (WM3 HP8). */
const RESERVE = /\b(?:reserve|buffer(?:ing)? capacity|not corrosive|non[- ]?corrosive|no hp ?8)\b/i;

/** "except", "apart from", "other than", "besides" within a few words after a clean verdict, in its clause. */
function exceptionFollows(ws: Word[], end: number): boolean {
  for (let j = end; j < ws.length && j < end + 3; j++) {
    if (ws[j].stop || (ws[j].comma && j > end)) return false;
    const w = ws[j].raw;
    if (w === 'except' || w === 'besides' || w === 'excluding') return true;
    if ((w === 'apart' && ws[j + 1]?.raw === 'from') || (w === 'other' && ws[j + 1]?.raw === 'than'))
      return true;
  }
  return false;
}

/**
 * The last pH the text states, when it is at either HP8 extreme: "neutralised from pH 12.5 to pH 7.5" is
 * 7.5; "dosed to below pH 11.5" and "pH < 12" state no extreme; "PH 1" or "Ph2" (a phase of the works,
 * written so) count only with a decimal or a value at the high extreme.
 */
function readPh(text: string, limits: { at_most: number; at_least: number }): string | undefined {
  let last: { term: string; extreme: boolean } | undefined;
  for (const m of text.matchAll(PH)) {
    const [whole, before, word, comparison, low, high] = m;
    const value = Number(low);
    const upper = high === undefined ? value : Number(high);
    if (word !== 'pH' && word !== 'ph' && !low.includes('.') && value < limits.at_least) continue;
    if (value > 14 || upper > 14) continue;
    const below =
      before !== undefined && before.toLowerCase() !== 'to' ? true : comparison === '<' || comparison === '≤';
    const above = comparison === '>' || comparison === '≥';
    const acid = Math.max(value, upper) <= limits.at_most && !above;
    const alkali = Math.min(value, upper) >= limits.at_least && !below;
    last = { term: whole.trim(), extreme: acid || alkali };
  }
  return last?.extreme ? last.term : undefined;
}

/**
 * A liquid waste, whose own concentration is given in mg/l ("bund water, TPH 4 mg/l"); unless the text
 * speaks of a leaching test, whose eluate is also measured in mg/l.
 */
const LIQUID =
  /\b(?:water|waters|rainwater|washwater|effluent|run-?off|liquor|liquors|liquid|liquids|bilge|condensate)\b/;
const LEACHING_TEST = /\b(?:wac|leach\w*|eluate|acceptance criteria)\b/;

/**
 * A figure in mg/kg. mg/l is the waste's own concentration in a liquid (a litre of water weighs a
 * kilogram), and otherwise a leaching result, which cannot classify a waste (WM3).
 */
function toMgPerKg(value: number, unit: string, liquid: boolean): number | 'leachate' {
  const u = unit.replace(/\s+/g, '');
  if (u === '%') return value * 10_000;
  if (u === 'g/kg') return value * 1000;
  if (u === 'µg/kg' || u === 'ug/kg') return value / 1000;
  if (u === 'mg/l' || u === 'mgl') return liquid ? value : 'leachate';
  return value;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface VerdictReader {
  read(input: { description: string; additional_context?: string }): VerdictReading;
}

export function createVerdictReader(data: VerdictData = loadVerdictData()): VerdictReader {
  const assessment = new Set(data.clean_assessment.map((p) => stemsOf(p).join(' ')));
  const byFirst = new Map<string, Phrase[]>();
  const addPhrase = (text: string, list: PhraseList) => {
    const stems = stemsOf(text);
    if (stems.length === 0) return;
    const p: Phrase = { stems, list, assessment: assessment.has(stems.join(' ')) };
    byFirst.set(stems[0], [...(byFirst.get(stems[0]) ?? []), p]);
  };
  for (const list of ['hazardous', 'clean', 'unknown', 'leaching'] as const)
    for (const text of data[list]) addPhrase(text, list);
  for (const list of byFirst.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  const cytotoxic = new Set(data.cytotoxic.terms.map((t) => stemsOf(t).join(' ')));
  const documents = data.documents.map(stemsOf);
  const says = new Set(data.document_says.map((w) => stemsOf(w).join(' ')));
  /**
   * The name of a safety data sheet ends just before `i` (across a colon), or before a word saying what
   * it says: "SDS: no classification", "SDS says no classification", "safety data sheets give none".
   */
  const afterDocument = (ws: Word[], i: number) =>
    documents.some(
      (d) =>
        matchesAt(ws, i - d.length, d) ||
        (i > 0 && says.has(ws[i - 1].stem) && !ws[i - 1].stop && matchesAt(ws, i - 1 - d.length, d)),
    );
  const spanStarts = new Map<string, PhraseList>([
    ...data.spans.hazardous.map((w): [string, PhraseList] => [w, 'hazardous']),
    ...data.spans.clean.map((w): [string, PhraseList] => [w, 'clean']),
  ]);
  const spanFillers = new Set(data.spans.fillers);
  const spanEnds = new Set(data.spans.ends);
  /** "all under WM3 hazardous limits", "below every hazardous threshold": a comparison with a limit. */
  const spanAt = (ws: Word[], i: number): Phrase | undefined => {
    const list = spanStarts.get(ws[i].raw);
    if (!list) return undefined;
    for (let j = i + 1; j < ws.length && j <= i + data.spans.reach; j++) {
      // A list of property codes may be joined by commas or slashes: "below HP4/HP14 limits".
      if (ws[j].stop || (ws[j].comma && !HP_CODE.test(ws[j].raw))) return undefined;
      if (spanEnds.has(ws[j].raw)) {
        // "results all under WM3 limits", "below every hazardous threshold": every result was compared,
        // so the waste as a whole was assessed.
        const every = [ws[i - 1], ...ws.slice(i + 1, j)].some((w) => w && !w.stop && EVERY.has(w.raw));
        return { stems: ws.slice(i, j + 1).map((w) => w.stem), list, assessment: every };
      }
      if (!spanFillers.has(ws[j].raw) && !HP_CODE.test(ws[j].raw)) return undefined;
    }
    return undefined;
  };
  const subjects: SubjectTerm[] = data.subjects
    .flatMap((s) =>
      s.terms.map((t) => ({ stems: stemsOf(t), kind: s.kind as EvidenceKind, substance: s.substance })),
    )
    .sort((a, b) => b.stems.length - a.stems.length);
  const measureTerms = data.measures.map((m) => ({
    measure: m,
    re: new RegExp(
      `\\b(?:${m.terms.map((t) => escapeRegExp(t).replace(/\\?\s+/g, '[\\s\\-\\[\\]()]*')).join('|')})\\b`,
      'g',
    ),
  }));

  const leachingWords = (ws: Word[]): number[] => {
    const at: number[] = [];
    for (let i = 0; i < ws.length; i++) {
      const phrase = byFirst.get(ws[i].stem)?.find((p) => p.list === 'leaching' && matchesAt(ws, i, p.stems));
      if (phrase) at.push(i, i + phrase.stems.length - 1);
    }
    return at;
  };

  const subjectEndingAt = (ws: Word[], end: number): SubjectTerm | undefined =>
    subjects.find((s) => matchesAt(ws, end - s.stems.length + 1, s.stems));
  const subjectStartingAt = (ws: Word[], at: number): SubjectTerm | undefined =>
    subjects.find((s) => matchesAt(ws, at, s.stems));

  /**
   * What the verdict at [start, end) is about: the nearest subject before it in its clause and after the
   * previous verdict (floor), or the subject just after "for"/"of".
   */
  const subjectsOf = (ws: Word[], start: number, end: number, floor: number): SubjectTerm[] => {
    for (let k = start - 1; k >= floor && k >= start - SUBJECT_REACH; k--) {
      const s = subjectEndingAt(ws, k);
      if (s) return [s, ...listedBefore(ws, k - s.stems.length + 1, floor)];
      // The subject stands in the verdict's own part of a list: "TPH 140 mg/kg, herbicides below
      // detection" is about the herbicides, not the oil.
      if (ws[k].stop || ws[k].comma) break;
    }
    const next = ws[end];
    if (next && !next.stop && SUBJECT_AFTER.has(next.raw)) {
      const after = subjectStartingAt(ws, end + 1);
      if (after) return [after];
    }
    return [];
  };

  /** Subjects listed before the one at `at`: "metals & PAH under limits", "lead, zinc and TPH below". */
  const listedBefore = (ws: Word[], at: number, floor: number): SubjectTerm[] => {
    const out: SubjectTerm[] = [];
    let k = at - 1;
    while (k >= floor && !ws[k + 1].stop) {
      if (LIST_JOINS.has(ws[k].raw)) {
        k--;
        continue;
      }
      const s = subjectEndingAt(ws, k);
      if (!s) break;
      out.push(s);
      k -= s.stems.length;
    }
    return out;
  };

  const readFigures = (text: string, out: VerdictReading) => {
    // "As 0.5%": arsenic's symbol, written with its capital just before a figure (a bare "as" is a word).
    const lower = text.replace(ARSENIC_SYMBOL, 'arsenic').toLowerCase();
    const liquid = LIQUID.test(lower) && !LEACHING_TEST.test(lower);
    for (const m of lower.matchAll(NUMBER_UNIT)) {
      const at = m.index ?? 0;
      const value = Number((m[2] + (m[3] ?? '')).replace(/,/g, ''));
      const mg = toMgPerKg(value, m[4], liquid);
      if (mg === 'leachate') {
        out.leaching = true;
        continue;
      }
      // The substance named nearest before the figure in its clause, else just after it.
      const before = lower.slice(Math.max(0, at - FIGURE_REACH), at);
      const clauseStart = Math.max(before.lastIndexOf('.'), before.lastIndexOf(';'));
      const window = clauseStart >= 0 ? before.slice(clauseStart + 1) : before;
      let best: { measure: VerdictData['measures'][number]; distance: number } | undefined;
      for (const { measure, re } of measureTerms) {
        for (const hit of window.matchAll(re)) {
          const distance = window.length - (hit.index ?? 0);
          // "asbestos not detected, LOI 7%": another quantity named after the substance owns the figure.
          if (OTHER_QUANTITY.test(window.slice((hit.index ?? 0) + hit[0].length))) continue;
          if (!best || distance < best.distance) best = { measure, distance };
        }
      }
      if (!best) {
        const after = lower.slice(at + m[0].length, at + m[0].length + 25).split(/[.;,]/)[0];
        for (const { measure, re } of measureTerms) {
          re.lastIndex = 0;
          if (re.test(after)) {
            best = { measure, distance: 0 };
            break;
          }
        }
      }
      if (!best) continue;
      const below = m[1] !== undefined && BELOW.has(m[1]);
      const threshold = best.measure.mg_per_kg;
      const above = !below && mg >= threshold;
      if (!above && best.measure.clears === false) continue;
      out.measurements.push({
        substance: best.measure.substance,
        kind: best.measure.kind as EvidenceKind,
        text: text.slice(Math.max(0, at - best.distance), at + m[0].length).trim(),
        mg_per_kg: mg,
        threshold_mg_per_kg: threshold,
        above,
        source: data.sources[best.measure.source].title,
      });
    }
  };

  return {
    read(input) {
      const out: VerdictReading = {
        ...NO_VERDICT,
        kinds: [],
        cleared: [],
        clearedSubstances: [],
        terms: [],
        measurements: [],
      };
      let hazardous = false;
      let globalClean = false;
      let phTerm: string | undefined;
      let cleanTests = false;
      const cleared = new Map<EvidenceKind, string>();
      const kinds = new Set<EvidenceKind>();
      for (const text of [input.description, input.additional_context ?? '']) {
        if (!text) continue;
        readFigures(text, out);
        for (const m of text.toLowerCase().matchAll(FLASH_POINT)) {
          // HP3: below the limit is flammable; a figure at or above it clears nothing.
          if (Number(m[2]) < data.flash_point.below_celsius) {
            hazardous = true;
            out.terms.push(m[0].trim());
          }
        }
        const ph = readPh(text, data.ph);
        if (ph) phTerm = ph;
        const ws = markNegation(words(text).slice(0, 200));
        const leachingAt = leachingWords(ws);
        let floor = 0;
        for (let i = 0; i < ws.length; i++) {
          const phrase = byFirst.get(ws[i].stem)?.find((p) => matchesAt(ws, i, p.stems)) ?? spanAt(ws, i);
          if (!phrase) {
            // "no asbestos", "coal tar free": a negated subject is cleared.
            const named = ws[i].negated ? subjectStartingAt(ws, i) : undefined;
            if (named) cleared.set(named.kind, named.substance);
            continue;
          }
          const end = i + phrase.stems.length;
          const raw = ws
            .slice(i, end)
            .map((w) => w.raw)
            .join(' ');
          const named = subjectsOf(ws, i, end, floor);
          const subject = named[0];
          floor = end;
          // "HP14 tested", "checked for HP3": a property tested for is not a property found; nor is one
          // stated below its limit ("HP14 sum well under 25%").
          if (
            phrase.list === 'hazardous' &&
            (propertyTestedFor(ws, i, end, raw) || propertyBelowLimit(ws, end, raw))
          ) {
            i = end - 1;
            continue;
          }
          // "SDS: no classification" is what the sheet says of the product: its clean assessment, not a
          // missing one.
          const sheetSays = phrase.list === 'unknown' && afterDocument(ws, i);
          // "no hazardous substances above the threshold", "does not exceed": a negated hazardous verdict
          // is a clean one, about its subject when it names one.
          const list = (phrase.list === 'hazardous' && ws[i].negated) || sheetSays ? 'clean' : phrase.list;
          // "we can't say it isn't hazardous", "may or may not be non-hazardous": a doubt states nothing.
          // "no contamination except diesel": the exception is there, so the waste is not clean.
          if (list === 'clean' && (doubted(ws, i) || exceptionFollows(ws, end))) {
            i = end - 1;
            continue;
          }
          if ((list === 'hazardous' || list === 'clean') && nearLeaching(ws, leachingAt, i, end)) {
            // "passes non-haz WAC", "WAC: phenol index over the inert limit": a leaching result either
            // way, which says what a landfill may accept, not what the waste is (WM3).
            out.leaching = true;
            out.terms.push(raw);
          } else if (list === 'hazardous') {
            hazardous = true;
            for (const s of named) kinds.add(s.kind);
            if (cytotoxic.has(phrase.stems.join(' '))) kinds.add('cytotoxic');
            out.terms.push(raw);
          } else if (
            list === 'clean' &&
            (labelsOnePart(ws, phrase, end) || scopedElsewhere(ws, end, subject, phrase.assessment))
          ) {
            // A label of one part of the load: the rest is read on its own words.
          } else if (list === 'clean') {
            const assessed = phrase.assessment || sheetSays;
            if (subject && !assessed) {
              for (const s of named) cleared.set(s.kind, s.substance);
              // "WM3 assessment: metals and PAH under limits": the assessment's findings.
              if (underAssessmentHeading(ws, i)) globalClean = true;
            } else if (assessed) globalClean = true;
            else cleanTests = true;
            out.terms.push(raw);
          } else if (list === 'unknown') {
            out.unknown = true;
            out.terms.push(raw);
          } else out.leaching = true;
          i = end - 1;
        }
      }
      for (const m of out.measurements) {
        if (m.above) {
          hazardous = true;
          kinds.add(m.kind);
        } else cleared.set(m.kind, m.substance);
      }
      // Leaching results cannot classify a waste: a "pass" or "below the limits" beside them says nothing
      // of its composition, unless the words state an assessment of the waste itself.
      if (cleanTests && !out.leaching) globalClean = true;
      // HP8: a pH at either extreme is corrosive until reserve testing or an assessment shows otherwise,
      // and it speaks only of the side of a mirror pair.
      if (
        phTerm &&
        !hazardous &&
        !globalClean &&
        !RESERVE.test(`${input.description} ${input.additional_context ?? ''}`)
      ) {
        hazardous = true;
        out.mirrorOnly = true;
        out.terms.push(phTerm);
      }
      out.kinds = [...kinds];
      for (const kind of kinds) cleared.delete(kind);
      out.cleared = [...cleared.keys()];
      out.clearedSubstances = [...new Set(cleared.values())];
      if (hazardous) out.side = 'hazardous';
      else if (globalClean) out.side = 'clean';
      else if (out.unknown || (out.leaching && cleared.size === 0)) out.side = 'unknown';
      return out;
    },
  };
}

const ANSWERED: Record<AssessmentAnswerValue, VerdictSide> = {
  hazardous: 'hazardous',
  non_hazardous: 'clean',
  unknown: 'unknown',
};

/**
 * The input's own answer to the deciding question (`assessment`) decides ahead of anything the text
 * says: it is the producer's statement of what the assessment found.
 */
export function withAnswer(
  reading: VerdictReading,
  answer: AssessmentAnswerValue | undefined,
): VerdictReading {
  if (!answer) return reading;
  const side = ANSWERED[answer];
  return {
    ...reading,
    side,
    kinds: side === 'hazardous' ? reading.kinds : [],
    cleared: side === 'clean' ? reading.cleared : [],
    unknown: side === 'unknown',
    terms: [`assessed ${answer === 'unknown' ? 'not yet' : answer.replace('_', '-')}`, ...reading.terms],
  };
}
