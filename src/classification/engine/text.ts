// Text normalisation shared by the lexicon compiler and the matcher, so that a term in the knowledge
// files and the same words in a producer's description always reduce to the same tokens.
import { scanCleaned, scanText } from './text-scan.ts';

/** A word of the input after normalisation; `raw` is what the producer wrote (for the reasoning). */
export interface Token {
  /** Stemmed, lower-case form used for matching. */
  stem: string;
  raw: string;
  /** Index in the token list. */
  index: number;
  /** Set when the token was read as a known word at an edit distance (a misspelling). */
  correctedFrom?: string;
  /** True when a clause boundary (comma, full stop, semicolon, "and", "with", "from"...) precedes it. */
  boundaryBefore: boolean;
  /** The boundary word before this token ("with", "from"...), "," for punctuation or the start, else "". */
  boundary: string;
}

/** Words that never carry meaning for classification on their own. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the of and or to in on at by for from with as is are was were be been being it its this that ' +
    'these those our my your their we i you they he she them us me some any all each per about into off ' +
    'out up over under very just also only bit bits lot lots load loads please etc approx approximately ' +
    'x kg kgs tonne tonnes ton tons bag bags sack sacks skip skips box boxes drum drums quantity qty ' +
    'waste wastes rubbish junk stuff item items thing things various misc miscellaneous mixed general ' +
    'old used spent new other others few several small large big site job work works'
  ).split(' '),
);

/**
 * Words that are never spelling-corrected (common English that is close to lexicon words:
 * "bags" is not "rags", "lamp" is not "damp").
 */
export const PROTECTED_WORDS: ReadonlySet<string> = new Set(
  (
    'bag bags box boxes bin bins tin tins can cans tub tubs pot pots jar jars lid lids pack packs ' +
    'have has had will would could should can cant dont not no non yes off out our ours their there ' +
    'where when what which who whom whose than then them they some same sort type types kind like ' +
    'mainly mostly mixture mix mixed full half empty part parts partly whole area areas unit units ' +
    'room rooms yard yards shop shops shed sheds home homes house houses flat flats office offices ' +
    'found round ground sound wound bound taken token broken spoken removed moved proved stored stared ' +
    'cleared cleaned cleaner created collected connected corrected selected protected rejected ' +
    'leaking leaning loading leading reading heading landing lending sending bending mending ' +
    'during string strong spring sprung stripped striped shipped shopped dropped dripped chipped ' +
    'stacked stocked packed picked ticked locked linked lined mined wined fined filled fitted ' +
    'builders building buildings brought bought thought through though throughout rough tough ' +
    'another mother bother other either neither whether weather leather feather father ' +
    'garden gardens warden market markets basket baskets bucket buckets pocket rocket socket sockets ' +
    'replacing replaced replacement removal disposal dispose disposed collection collections ' +
    'amount amounts weekly monthly daily annually regularly usually normally generally ' +
    'customer customers client clients tenant tenants landlord contract contracts project projects ' +
    'slat slats bale bales deal deals stop pots spot post tops plot hose shoe shoes'
  ).split(' '),
);

export { stem } from './text-scan.ts';

const BOUNDARY_WORDS: ReadonlySet<string> = new Set([
  'and',
  'with',
  'from',
  'containing',
  'contain',
  'contains',
  'which',
  'that',
  'including',
  'plus',
  'or',
  'for',
  'after',
  'held',
  'previously',
  'soak',
  'in',
  'by',
  'off',
  'on',
]);

const OFF_COMPOUNDS = new Set([
  'spec',
  'specification',
  'cut',
  'cuts',
  'site',
  'white',
  'grade',
  'road',
  'line',
  'shelf',
]);

/** Words after "out of" that make it a state, not a source: "out of date", "out of spec". */
const OUT_OF_COMPOUNDS = new Set([
  'date',
  'spec',
  'specification',
  'service',
  'use',
  'order',
  'action',
  'commission',
  'hours',
  'stock',
  'shape',
  'range',
  'code',
  'life',
  'hand',
]);
/** Verbs before "out of" that name a material: "made out of oak". */
const MADE = new Set(['made', 'built', 'cut', 'carved', 'formed']);

const CLAUSE_PUNCTUATION = /[,.;:()!?/|+]/;
const SPACED_DASH = /\s-+\s|\s-+$|^-+\s|[\u2013\u2014]/;

/** Words that separate one noun phrase from the next; also used by the matcher. */
export function isBoundaryWord(raw: string): boolean {
  return BOUNDARY_WORDS.has(raw);
}

/** Lower-cases, folds punctuation and splits into tokens, marking clause boundaries. */
export function tokenize(text: string): Token[] {
  let scan = scanText(text);
  // "5%" reads as "5 percent" (a figure's unit is a word of its own here).
  if (scan.cleaned.includes('%')) scan = scanCleaned(scan.cleaned.replace(/(\d)\s*%/g, '$1 percent'));
  const { raws, stems, before } = scan;
  const tokens: Token[] = new Array(raws.length);
  let boundary = ',';
  for (let i = 0; i < raws.length; i++) {
    const piece = raws[i];
    const sep = before[i];
    // Punctuation and a spaced dash ("mixed packaging - plastic, card") separate clauses.
    if (sep !== '' && (CLAUSE_PUNCTUATION.test(sep) || SPACED_DASH.test(sep))) boundary = ',';
    // "off" starts a source clause ("tyres off customer cars") but not in "off spec" or "off cuts".
    if (boundary === 'off' && OFF_COMPOUNDS.has(piece)) boundary = '';
    tokens[i] = {
      stem: stems[i],
      raw: piece,
      index: i,
      boundaryBefore: boundary !== '',
      boundary,
    };
    const prev = i > 0 ? raws[i - 1] : undefined;
    boundary = BOUNDARY_WORDS.has(piece) || (piece === 'by' && prev === 'contaminated') ? piece : '';
    // "blocks out of the comms room UPS": where the waste came from, as "from" says; not "out of date"
    // or "made out of oak".
    if (
      piece === 'of' &&
      prev === 'out' &&
      !OUT_OF_COMPOUNDS.has(raws[i + 1] ?? '') &&
      !MADE.has(raws[i - 2] ?? '')
    )
      boundary = 'from';
  }
  return tokens;
}

/** Tokens of a lexicon term, stemmed exactly as the input is. */
export function termTokens(term: string): string[] {
  return tokenize(term).map((t) => t.stem);
}
