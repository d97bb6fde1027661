// One reading of a text into words for every reader of it: the rule engine's tokens (text.ts), the
// ranker's and the hazard check's words and the verdict reader's (ranker/negation.ts) all start from the
// same lower-cased, accent-folded split. A classification reads its few texts several times over, so
// the last texts' splits are kept and each reader only builds its own view of them.

import { verdictFile } from './verdict-file.ts';

/** A text split into words, with the separator that came before each word ('' at the start). */
export interface TextScan {
  /** Lower-cased, accents folded, "&" read as "and". */
  cleaned: string;
  raws: string[];
  stems: string[];
  /** The separator piece just before each word; '' for a word at the very start. */
  before: string[];
  /** What follows the last word (all of `cleaned` when it has no word). */
  after: string;
  /** Set by the first reader that needs it: the kind of punctuation before each word (ranker/negation.ts). */
  punctuation: Uint8Array | null;
}

const SPLIT = /([^a-z0-9]+)/;
/** The texts of one classification (description, context, industry, corrected forms) and a margin. */
const KEPT = 24;
const recent = new Map<string, TextScan>();

/**
 * Light English stemmer: folds plurals and a few inflections so "batteries", "battery", "tubes" and
 * "tube" meet. Deliberately conservative: over-stemming merges unrelated trade words.
 */
export function stem(word: string): string {
  const w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('ves') && w.length > 4 && !w.endsWith('oves')) return `${w.slice(0, -3)}f`;
  if (/(ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('oes') && w.length > 4) return w.slice(0, -2);
  // "batterys", "lorrys": a plural of a consonant and "y" misspelt; the word is the singular.
  if (/[^aeiouy]ys$/.test(w) && w.length > 4) return w.slice(0, -1);
  if (w.endsWith('s') && !/(ss|us|is|ys)$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * "doesn't contain asbestos?": a statement put as a question is a doubt, read as a word; a real question
 * ("can we code it as...?", "what do I put?") is not. A text with no question mark is not searched.
 */
function markDoubts(text: string): string {
  if (!text.includes('?')) return text;
  return text.replace(ASKED, (sentence) =>
    QUESTION_WORD.test(sentence) ? sentence : sentence.replace(/\?$/, ' unsure?'),
  );
}

export function cleanText(text: string): string {
  return (
    markDoubts(
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/&/g, ' and '),
    )
      // "isn't", "doesn't": the negation as a word of its own, as every reader of "not" expects it;
      // "can't" is a doubt ("can't say"), not a negation of what follows.
      .replace(CONTRACTED_NOT, '$1 not')
      .replace(CANNOT, 'cannot')
      // "no asbestos survey": the survey was not done, which rules nothing out; not "no asbestos".
      .replace(noSurveyPattern(), '$1 $2 not done')
  );
}

/** What a survey or a test is called: a substance named just before one is what it looked for. */
export const SURVEY_WORDS: readonly string[] = [
  'survey',
  'surveys',
  'test',
  'tests',
  'testing',
  'analysis',
  'sampling',
  'assessment',
  'screening',
  'report',
];

/**
 * "no asbestos survey", "no PCB test": the substance a survey or test looks for (a subject of
 * data/classification/verdicts.json), then the survey or test, after "no": the test was not done.
 */
let noSurvey: RegExp | undefined;

/** Built at the first text cleaned: a command that classifies nothing never reads verdicts.json. */
function noSurveyPattern(): RegExp {
  if (noSurvey) return noSurvey;
  const { subjects } = verdictFile() as { subjects: Array<{ terms: string[] }> };
  const term = subjects
    .flatMap((s) => s.terms)
    .sort((a, b) => b.length - a.length)
    .map((t) => t.replace(/ /g, '\\s+'))
    .join('|');
  noSurvey = new RegExp(
    `\\bno ((?:${term})(?: (?:or|and) (?:${term}))?) (${SURVEY_WORDS.join('|')})(?: done| carried out| undertaken| completed)?\\b`,
    'g',
  );
  return noSurvey;
}

const CONTRACTED_NOT = /\b(is|are|was|were|do|does|did|has|have|had|could|should|would|need)n['\u2019]?t\b/g;
const CANNOT = /\bcan['\u2019]t\b/g;
// A sentence ending in a question mark. It starts at the text's start or after a sentence's end (the
// look-behind), so a long sentence is read once, not again from each of its characters.
const ASKED = /(?<![^.!?;])[^.!?;]*\?/g;
const QUESTION_WORD =
  /\b(?:what|which|how|why|can|could|should|would|will|shall|may|is|are|do|does|did|where|who|whether|code|ewc)\b/;

/** The words of already-cleaned text: split on every run of characters other than a-z and 0-9. */
export function scanCleaned(cleaned: string): TextScan {
  const pieces = cleaned.split(SPLIT);
  const raws: string[] = [];
  const stems: string[] = [];
  const before: string[] = [];
  // Split with a capture group puts text at even places (a word, or '' at either end) and the
  // separators between them at odd places.
  let at = 0;
  let end = 0;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    at += piece.length;
    if (i % 2 === 1 || piece === '') continue;
    raws.push(piece);
    stems.push(stem(piece));
    before.push(i > 0 ? pieces[i - 1] : '');
    end = at;
  }
  return { cleaned, raws, stems, before, after: cleaned.slice(end), punctuation: null };
}

const EMPTY = scanCleaned('');

/**
 * The scan of `a + " " + b` from the scans of a and b: cleaning and splitting work character by
 * character and a space joins no words, so the words are a's then b's, with the separator across the join.
 */
function joinScans(a: TextScan, b: TextScan): TextScan {
  const join = `${a.after} ${b.raws.length > 0 ? b.before[0] : b.after}`;
  const before = a.before.concat(b.before);
  if (b.raws.length > 0) before[a.raws.length] = join;
  return {
    cleaned: `${a.cleaned} ${b.cleaned}`,
    raws: a.raws.concat(b.raws),
    stems: a.stems.concat(b.stems),
    before,
    after: b.raws.length > 0 ? b.after : join,
    punctuation: null,
  };
}

/** "description context", as the ranker's check for a description that names no waste reads them. */
function joinedFromRecent(text: string): TextScan | undefined {
  for (const key of recent.keys()) {
    if (text.length <= key.length || text.charCodeAt(key.length) !== 32 || !text.startsWith(key)) continue;
    const rest = text.slice(key.length + 1);
    const b = rest === '' ? EMPTY : recent.get(rest);
    if (b) return joinScans(recent.get(key) as TextScan, b);
  }
  return undefined;
}

/** The scan of a text, shared by every reader of the same text in a classification. */
export function scanText(text: string): TextScan {
  const known = recent.get(text);
  if (known) return known;
  const scan = joinedFromRecent(text) ?? scanCleaned(cleanText(text));
  if (recent.size >= KEPT) recent.delete(recent.keys().next().value as string);
  recent.set(text, scan);
  return scan;
}
