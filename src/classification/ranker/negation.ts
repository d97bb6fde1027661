// Which words of a description are negated: "no plaster or asbestos", "asbestos-free", "tested negative
// for coal tar", "free of oil". The words and the reach of a negation are data
// (data/classification/rules.json), shared by the ranker's features and the hazard check, so "no
// asbestos" never counts as asbestos anywhere.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scanText, type TextScan } from '../engine/text-scan.ts';

export interface NegationRules {
  negators: string[];
  /** Negate the one word after them: "non-hazardous waste" negates "hazardous", not "waste". */
  prefix_negators: string[];
  links: string[];
  post_negators: string[];
  /** Post-negators that reach the whole phrase before them: "treated timber excluded". */
  phrase_post_negators: string[];
  list_words: string[];
  breakers: string[];
  max_reach: number;
}

export interface CodingOrder {
  activity_chapters: string[];
  then: string[];
  last: string[];
  not_otherwise_specified_suffix: string;
}

export interface MixtureRule {
  /** Every named waste's code starts with this prefix... */
  within?: string;
  /** ...or every code is among these (and the mixture code is one of them). */
  among?: string[];
  code: string;
  label: string;
}

export interface ClassifierRules {
  negation: NegationRules;
  coding_order: CodingOrder;
  mixtures: { source: string; rules: MixtureRule[] };
}

export const RULES_PATH = fileURLToPath(new URL('../../../data/classification/rules.json', import.meta.url));

let loaded: ClassifierRules | undefined;

/** Verbs that join a negator to what it negates ("none are", "nothing was"). */
const COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were']);
/**
 * Infection status as HTM 07-01 words it: offensive waste is from patients "not known or suspected to be
 * infectious". For healthcare waste that judgement is the criterion itself; for a substance (asbestos,
 * oil) a belief is no assessment, so "not known to be asbestos" stays a doubt, not an absence.
 */
const BELIEVED: ReadonlySet<string> = new Set(['known', 'suspected', 'believed', 'thought', 'considered']);
const INFECTION: ReadonlySet<string> = new Set(['infectious', 'infected', 'infective']);
/**
 * The infection word of "known or suspected to be infectious" starting at `j` (words of belief joined by
 * "or", then "to be" and the status, in one clause), or -1.
 */
function infectionStatusAt(ws: Word[], j: number): number {
  let k = j;
  while (
    k < ws.length &&
    (BELIEVED.has(ws[k].raw) || ws[k].raw === 'or') &&
    !(k > j && (ws[k].comma || ws[k].stop))
  )
    k++;
  const status = ws.slice(k, k + 3);
  const reads =
    k > j &&
    status.length === 3 &&
    status[0].raw === 'to' &&
    status[1].raw === 'be' &&
    INFECTION.has(status[2].raw) &&
    !status.some((w) => w.stop || w.comma);
  return reads ? k + 2 : -1;
}

/** "does not rule out asbestos", "asbestos has not been excluded": what is not ruled out may be there. */
const RULING_OUT: ReadonlySet<string> = new Set([
  'rule',
  'ruled',
  'exclude',
  'excluded',
  'discount',
  'discounted',
  'eliminate',
  'eliminated',
]);
/**
 * "not tested for asbestos", "isn't known whether": a negated test or knowledge says nothing of what is
 * there (the verdicts read it as an unknown composition).
 */
const KNOWING: ReadonlySet<string> = new Set([
  'tested',
  'test',
  'checked',
  'check',
  'known',
  'know',
  'sampled',
  'surveyed',
  'confirmed',
  'confirm',
  'assessed',
  'analysed',
  'analyzed',
  'sure',
]);
/**
 * "does not contain asbestos", "doesn't have RCF": a verb of having right after "do/does/did not"
 * carries the negation on (elsewhere "have" ends it: "may or may not have asbestos").
 */
const HAVING: ReadonlySet<string> = new Set(['have', 'has', 'contain', 'contains', 'include', 'includes']);
const DO: ReadonlySet<string> = new Set(['do', 'does', 'did']);
/** Words that make a clause a doubt rather than a statement: a negator after them negates nothing. */
const DOUBT: ReadonlySet<string> = new Set([
  'cannot',
  'may',
  'might',
  'unsure',
  'whether',
  'possibly',
  'unless',
  'probably',
  'likely',
  'should',
  'would',
  'could',
  'think',
  'believe',
  'reckon',
  'hopefully',
  'presumably',
  'apparently',
  'assume',
  'assumed',
  'expect',
  'expected',
  'suppose',
  'guess',
]);
/** Words after a negation in its clause that make it a doubt: "doesn't contain asbestos I think". */
const DOUBT_AFTER: ReadonlySet<string> = new Set([
  'think',
  'believe',
  'reckon',
  'guess',
  'unsure',
  'unknown',
]);
/** "other than" negates only after the thing it qualifies ("batteries other than lead"), not after these. */
const NOT_QUALIFIED: ReadonlySet<string> = new Set([
  'nothing',
  'anything',
  'everything',
  'none',
  'no',
  'all',
  'clean',
  'empty',
  'uncontaminated',
  'inert',
  'free',
  'hazardous',
]);
/** Negators that stand for a quantity ("none", "nothing") and the words that place it in a list. */
const QUANTIFIERS: ReadonlySet<string> = new Set(['none', 'nothing']);
const LIST_PLACES: ReadonlySet<string> = new Set(['on', 'in']);

export function classifierRules(): ClassifierRules {
  loaded ??= JSON.parse(readFileSync(RULES_PATH, 'utf8')) as ClassifierRules;
  return loaded;
}

/** A word of the input: `stop` when a full stop, semicolon, colon or bracket precedes it, `comma` for a comma. */
export interface Word {
  raw: string;
  stem: string;
  stop: boolean;
  comma: boolean;
  /** The comma is a slash between two words ("plasterboard/asbestos"): a list, like "or". */
  slash?: boolean;
  negated: boolean;
}

const STOP = /[.;:!?()[\]{}|]/;
const SPACED_DASH = /\s[-\u2013\u2014]+\s/;

/** The punctuation before each word of a scanned text: 1 a stop, 2 a comma, 3 a slash, 0 neither. */
function punctuation(scan: TextScan): Uint8Array {
  if (scan.punctuation) return scan.punctuation;
  const marks = new Uint8Array(scan.before.length);
  for (let i = 0; i < marks.length; i++) {
    const sep = scan.before[i];
    if (sep === ' ') continue;
    if (STOP.test(sep) || SPACED_DASH.test(sep)) marks[i] = 1;
    else if (sep.includes(',')) marks[i] = 2;
    else if (sep === '/') marks[i] = 3;
    else if (sep.includes('/')) marks[i] = 2;
  }
  scan.punctuation = marks;
  return marks;
}

/** Lower-cases, folds accents and splits into words, remembering the punctuation between them. */
export function words(text: string): Word[] {
  const scan = scanText(text);
  const { raws, stems } = scan;
  const marks = punctuation(scan);
  const out: Word[] = new Array(raws.length);
  for (let i = 0; i < raws.length; i++) {
    // The text's start counts as a full stop.
    out[i] = {
      raw: raws[i],
      stem: stems[i],
      stop: i === 0 || marks[i] === 1,
      comma: marks[i] >= 2,
      slash: marks[i] === 3,
      negated: false,
    };
  }
  return out;
}

/** True when a list word ("or", "nor") comes before the scope ends, so a comma continues the list. */
function listContinues(ws: Word[], from: number, sets: CompiledNegation): boolean {
  for (let j = from; j < ws.length && j < from + sets.reach; j++) {
    if (ws[j].stop || sets.breakers.has(ws[j].raw)) return false;
    if (ws[j].raw === 'or' || ws[j].raw === 'nor') return true;
  }
  return false;
}

interface CompiledNegation {
  negators: Set<string>;
  prefixes: Set<string>;
  links: Set<string>;
  post: Set<string>;
  phrasePost: Set<string>;
  list: Set<string>;
  breakers: Set<string>;
  reach: number;
}

let compiled: CompiledNegation | undefined;
function negationSets(): CompiledNegation {
  if (compiled) return compiled;
  const n = classifierRules().negation;
  compiled = {
    negators: new Set(n.negators),
    prefixes: new Set(n.prefix_negators),
    links: new Set(n.links),
    post: new Set(n.post_negators),
    phrasePost: new Set(n.phrase_post_negators),
    list: new Set(n.list_words),
    breakers: new Set(n.breakers),
    reach: n.max_reach,
  };
  return compiled;
}

/** Words that say a part was taken out of the waste before it was handed over. */
const REMOVED = new Set(['removed', 'stripped']);
/** The parts taken out of equipment before it is discarded (WEEE treatment, depollution). */
const COMPONENTS = new Set([
  'battery',
  'batteries',
  'pack',
  'packs',
  'cells',
  'cell',
  'nicd',
  'nimh',
  'compressor',
  'compressors',
  'capacitor',
  'capacitors',
  'ballast',
  'ballasts',
  'tubes',
  'lamps',
  'bulbs',
  'cartridges',
  'toner',
  'toners',
  'refrigerant',
  'gas',
  'switches',
  'boards',
  'pcbs',
  'airbags',
  'catalyst',
  'catalysts',
]);
/** Words between a part and "removed" that say nothing of it ("NiCd packs already removed"). */
const REMOVED_FILLER = new Set([
  'already',
  'all',
  'been',
  'have',
  'has',
  'had',
  'were',
  'was',
  'are',
  'now',
  'previously',
]);

/**
 * "light fittings, NiCd packs already removed", "fridges with compressors removed": the part named
 * before "removed" in a clause after the waste is not in the load. Not "batteries removed from
 * forklifts", where what was removed is the waste, nor a clause that opens the description. Marks the
 * part negated; false when the words do not read so.
 */
function removedPart(ws: Word[], i: number): boolean {
  if (ws[i].stop || ws[i].comma) return false;
  const next = ws[i + 1]?.raw;
  if (next === 'from' || next === 'off' || next === 'out' || next === 'of' || next === 'by') return false;
  const part: number[] = [];
  let j = i - 1;
  for (; j >= 0 && part.length < 4; j--) {
    if (ws[j].raw === 'with' || ws[j].raw === 'and') break;
    if (!REMOVED_FILLER.has(ws[j].raw)) part.push(j);
    if (ws[j].stop || ws[j].comma) break;
  }
  // The clause must follow the waste it qualifies: a comma or "with" before it, not the text's start.
  const opens = j >= 0 && (ws[j].raw === 'with' || ws[j].comma);
  if (!opens || !part.some((k) => COMPONENTS.has(ws[k].raw))) return false;
  for (const k of part) ws[k].negated = true;
  return true;
}

const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/**
 * A word of doubt in the clause of the word at `i`: before it ("cannot say", "may or may not", "probably
 * doesn't"), or after it ("doesn't contain asbestos I think", "... asbestos?").
 */
export function doubted(ws: Word[], i: number): boolean {
  if (inClauseBefore(ws, i, (w) => DOUBT.has(w.raw))) return true;
  for (let j = i + 1; j < ws.length && !ws[j].stop && !(ws[j].comma && !ws[j].slash); j++) {
    if (DOUBT_AFTER.has(ws[j].raw)) return true;
  }
  return false;
}

/** Words that state what is there: after a slashed item they make it a statement of its own. */
const STATED: ReadonlySet<string> = new Set([
  'present',
  'painted',
  'treated',
  'contaminated',
  'found',
  'detected',
  'visible',
  'throughout',
  'included',
]);

/**
 * A slash that lists words ("no plasterboard/asbestos", "no cytotoxic/cytostatic items"), not one that
 * starts a statement of its own ("no asbestos/hydrocarbons present", "not treated/lead painted").
 */
function slashList(ws: Word[], j: number): boolean {
  const next = ws[j + 1];
  return !next || next.stop || next.comma || !STATED.has(next.raw);
}

/**
 * A word before `i` in its clause that passes `test`, within `reach` words; a slash ends the clause only
 * when `acrossSlash` is false.
 */
function inClauseBefore(
  ws: Word[],
  i: number,
  test: (w: Word) => boolean,
  reach = Number.POSITIVE_INFINITY,
  acrossSlash = false,
): boolean {
  for (let j = i - 1; j >= 0 && i - j <= reach; j--) {
    if (test(ws[j])) return true;
    if (ws[j].stop || (ws[j].comma && !(acrossSlash && ws[j].slash))) return false;
  }
  return false;
}

/** A negator anywhere before `i` in its clause ("no preservatives or treatment other than creosote"). */
const negatorInClause = (ws: Word[], i: number, sets: CompiledNegation) =>
  inClauseBefore(ws, i, (w) => sets.negators.has(w.raw), Number.POSITIVE_INFINITY, true);

/** Words between a negator and what it negates that say only how it is known ("not known to be free"). */
const HOW_KNOWN: ReadonlySet<string> = new Set([
  'to',
  'be',
  'been',
  'known',
  'shown',
  'proven',
  'proved',
  'confirmed',
  'certified',
  'guaranteed',
  'thought',
  'believed',
  'said',
]);

/**
 * A negator, or "cannot", within the three words before `i` in its clause, not counting words that say
 * how it is known: "isn't asbestos free", and "not known to be free of asbestos", which is no absence.
 */
function negatedBefore(ws: Word[], i: number, sets: CompiledNegation): boolean {
  let counted = 0;
  for (let j = i - 1; j >= 0 && counted < 3; j--) {
    if (sets.negators.has(ws[j].raw) || ws[j].raw === 'cannot') return true;
    if (ws[j].stop || ws[j].comma) return false;
    if (!HOW_KNOWN.has(ws[j].raw)) counted++;
  }
  return false;
}

/** Marks negated words in place and returns them. */
export function markNegation(ws: Word[]): Word[] {
  const sets = negationSets();
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i].raw;
    if (sets.prefixes.has(w)) {
      const next = ws[i + 1];
      if (next && !next.stop) next.negated = true;
      continue;
    }
    const before = ws[i - 1]?.raw ?? '';
    // "batteries other than lead or mercury types": what is named after it is not in the waste. Not at a
    // clause's start ("other than the lead paint, the timber is clean") nor after "nothing".
    const otherThan =
      w === 'than' &&
      before === 'other' &&
      i >= 2 &&
      !ws[i - 1].stop &&
      !ws[i - 1].comma &&
      !NOT_QUALIFIED.has(ws[i - 2].raw) &&
      !ws[i - 2].negated &&
      !negatorInClause(ws, i - 1, sets) &&
      !sets.breakers.has(ws[i - 2].raw);
    const forward =
      sets.negators.has(w) ||
      otherThan ||
      // "free of oil", but not "not free of asbestos".
      (sets.post.has(w) && sets.links.has(ws[i + 1]?.raw ?? '') && !negatedBefore(ws, i, sets));
    // "can't say they don't have asbestos", "may or may not have asbestos": a doubt, not a negation.
    if (forward && !otherThan && doubted(ws, i)) continue;
    if (forward) {
      // "not known or suspected to be infectious" (HTM 07-01): the negation is of the infection status
      // alone, not of what the list goes on to name ("… or cytotoxic" stays a doubt).
      const status = sets.negators.has(w) ? infectionStatusAt(ws, i + 1) : -1;
      if (status !== -1) {
        ws[status].negated = true;
        continue;
      }
      let reach = sets.reach;
      const marked: Word[] = [];
      for (let j = i + 1; j < ws.length && reach > 0; j++) {
        const t = ws[j];
        // "none are cytotoxic", "nothing was hazardous": a copula right after the negator carries it on.
        if (j === i + 1 && COPULAS.has(t.raw) && !t.comma && !t.stop) continue;
        // "does not contain asbestos", but not "doesn't include the asbestos sheets", which are there;
        // any other verb is what "do not" negates ("does not exceed", "didn't pass the haz assessment",
        // "doesn't meet PAS 110"), not what follows it.
        if (j === i + 1 && w === 'not' && DO.has(before)) {
          if (HAVING.has(t.raw) && !t.comma && !t.stop && !ARTICLES.has(ws[j + 1]?.raw ?? '')) continue;
          if (!t.stop && !t.comma && !RULING_OUT.has(t.raw) && !KNOWING.has(t.raw)) t.negated = true;
          break;
        }
        // "haven't got time to take the batteries out": what follows "to" is another verb's.
        if (t.raw === 'to') break;
        // "not tested for asbestos", "never checked": says nothing of what is there.
        if (j === i + 1 && (w === 'not' || w === 'never') && KNOWING.has(t.raw)) break;
        // "none on the cytotoxic list", "nothing in the hazardous category": a quantifier's list.
        if (j === i + 1 && QUANTIFIERS.has(w) && LIST_PLACES.has(t.raw) && ws[j + 1]?.raw === 'the') {
          j++;
          continue;
        }
        if (t.stop || sets.breakers.has(t.raw) || RULING_OUT.has(t.raw)) break;
        // "anything other than asbestos cement": the exception is there.
        if (t.raw === 'other' && ws[j + 1]?.raw === 'than') break;
        if (t.comma && !(t.slash && slashList(ws, j)) && !listContinues(ws, j, sets)) break;
        // "isn't asbestos free": two negations, nothing negated.
        if (sets.post.has(t.raw)) {
          for (const m of marked) m.negated = false;
          break;
        }
        if (sets.links.has(t.raw) || sets.list.has(t.raw) || sets.negators.has(t.raw)) continue;
        t.negated = true;
        marked.push(t);
        reach--;
      }
      continue;
    }
    if (REMOVED.has(w) && removedPart(ws, i)) continue;
    // "asbestos not excluded", "cannot be excluded", "isn't asbestos free": a negated post-negator
    // negates nothing.
    if (sets.post.has(w) && i > 0 && !ws[i].stop && !ws[i].comma && !negatedBefore(ws, i, sets)) {
      // "asbestos free", "oil and solvent free": the words before, across "and"/"or".
      for (let j = i - 1; j >= 0 && j >= i - 5; j--) {
        if (sets.list.has(ws[j].raw)) continue;
        ws[j].negated = true;
        if (ws[j].stop || ws[j].comma) break;
        // "oil and solvent free": across "and"/"or"; "treated timber excluded": the whole phrase.
        if (!sets.list.has(ws[j - 1]?.raw ?? '') && !sets.phrasePost.has(w)) break;
      }
    }
  }
  return ws;
}
