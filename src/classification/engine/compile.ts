// Compiles the knowledge (src/classification/knowledge) into term indexes, once at start. Every code
// named in the knowledge is checked against the catalogue here, so a code outside the List of Wastes can
// never be returned.
import type { Catalogue } from '../catalogue.ts';
import type { Knowledge } from '../knowledge/index.ts';
import type {
  ActivityCueDef,
  ConceptDef,
  EvidenceKind,
  EvidenceRedirectDef,
  EvidenceTermDef,
} from '../knowledge/types.ts';
import { buildTermIndex, type GroupEntry, type TermEntry, type TermIndex } from './matcher.ts';
import { createSpellingCorrector, type SpellingCorrector } from './spelling.ts';
import { PROTECTED_WORDS, STOPWORDS, stem, termTokens, tokenize } from './text.ts';

export interface CodeOption {
  code: string;
  weight: number;
  setting?: 'household' | 'business';
  /** Hazardous alternatives of an absolute entry (e.g. 15 01 10* for packaging). */
  alts: string[];
  /** Non-hazardous alternatives of an absolute hazardous entry (e.g. 18 02 03 for 18 02 02*). */
  cleanAlts: string[];
}

export interface CompiledConcept {
  def: ConceptDef;
  options: CodeOption[];
  specificity: number;
}

export interface CompiledEvidence {
  kind: EvidenceKind | 'clean';
  strength: number;
}

export interface CompiledKnowledge {
  concepts: TermIndex<CompiledConcept>;
  /** The co-occurrence groups alone, for matching across the description and the context. */
  conceptGroups: TermIndex<CompiledConcept>;
  cues: TermIndex<ActivityCueDef>;
  /** Activities named by what they make, read in source_industry only. */
  products: CompiledProducts;
  evidence: TermIndex<CompiledEvidence>;
  redirects: readonly EvidenceRedirectDef[];
  speller: SpellingCorrector;
  /** Single-word terms, used to rejoin split compounds ("plaster board"). */
  singleWords: ReadonlySet<string>;
  known: ReadonlySet<string>;
  /**
   * Single-word terms with the words that, directly after them, say they are not a waste word
   * (ConceptDef.notBefore: "fluorescent vests"): such a word is not read against the legal text either.
   */
  notBefore: ReadonlyMap<string, string[][]>;
}

const SPEC = /^(\d\d \d\d \d\d)(?:@([\d.]+))?([hb])?(?:>([\d |]+))?(?:<([\d |]+))?$/;

export function parseCodeSpec(spec: string, catalogue: Catalogue, where: string): CodeOption {
  const m = SPEC.exec(spec.trim());
  if (!m) throw new Error(`knowledge ${where}: malformed code "${spec}"`);
  const [, code, weight, setting, alts, cleanAlts] = m;
  const split = (list?: string) => (list ? list.split('|').map((a) => a.trim()) : []);
  const all = [code, ...split(alts), ...split(cleanAlts)];
  for (const c of all) {
    if (!catalogue.has(c)) throw new Error(`knowledge ${where}: ${c} is not in the List of Wastes`);
  }
  return {
    code,
    weight: weight ? Number(weight) : 1,
    setting: setting === 'h' ? 'household' : setting === 'b' ? 'business' : undefined,
    alts: split(alts),
    cleanAlts: split(cleanAlts),
  };
}

function compileConcepts(defs: readonly ConceptDef[], catalogue: Catalogue) {
  const terms: TermEntry<CompiledConcept>[] = [];
  const groups: GroupEntry<CompiledConcept>[] = [];
  for (const def of defs) {
    const concept: CompiledConcept = {
      def,
      options: def.codes.map((spec) => parseCodeSpec(spec, catalogue, def.id)),
      specificity: def.specificity ?? 1,
    };
    const notBefore = def.notBefore?.map(termTokens);
    for (const term of def.terms) terms.push({ tokens: termTokens(term), term, item: concept, notBefore });
    if (def.cooccur) {
      groups.push({ groups: def.cooccur.map((g) => g.map((w) => stem(w.toLowerCase()))), item: concept });
    }
  }
  return buildTermIndex(terms, groups);
}

function compileCues(defs: readonly ActivityCueDef[], catalogue: Catalogue) {
  const terms: TermEntry<ActivityCueDef>[] = [];
  for (const def of defs) {
    for (const [prefix] of def.prefixes) {
      if (!catalogue.entries.some((e) => e.code.startsWith(prefix))) {
        throw new Error(`activity cue ${def.label}: no entry under ${prefix}`);
      }
    }
    for (const term of def.terms) terms.push({ tokens: termTokens(term), term, item: def });
  }
  return buildTermIndex(terms);
}

/** The products of activity cues and the words of making beside them (MakingWords), as stems. */
export interface CompiledProducts {
  byStem: Map<string, ActivityCueDef>;
  makers: Set<string>;
  verbs: Set<string>;
  sites: Set<string>;
}

function compileProducts(knowledge: Knowledge): CompiledProducts {
  const stems = (words: readonly string[] = []) => new Set(words.map((w) => stem(w.toLowerCase())));
  const byStem = new Map<string, ActivityCueDef>();
  if (knowledge.making) {
    for (const def of knowledge.cues) {
      for (const word of def.products ?? []) {
        const key = stem(word.toLowerCase());
        const other = byStem.get(key);
        if (other && other !== def)
          throw new Error(`product "${word}" is in both ${other.label} and ${def.label}`);
        byStem.set(key, def);
      }
    }
  }
  return {
    byStem,
    makers: stems(knowledge.making?.makers),
    verbs: stems(knowledge.making?.verbs),
    sites: stems(knowledge.making?.sites),
  };
}

function compileEvidence(defs: readonly EvidenceTermDef[]) {
  const terms: TermEntry<CompiledEvidence>[] = [];
  for (const def of defs) {
    const item: CompiledEvidence = { kind: def.kind, strength: def.strength ?? 1 };
    for (const term of def.terms) terms.push({ tokens: termTokens(term), term, item });
  }
  return buildTermIndex(terms);
}

function collectVocabulary(knowledge: Knowledge): Set<string> {
  const words = new Set<string>();
  const add = (term: string) => {
    for (const t of termTokens(term)) words.add(t);
  };
  for (const c of knowledge.concepts) c.terms.forEach(add);
  for (const c of knowledge.cues) {
    c.terms.forEach(add);
    c.products?.forEach(add);
  }
  const { makers = [], verbs = [], sites = [] } = knowledge.making ?? {};
  [...makers, ...verbs, ...sites].forEach(add);
  for (const e of knowledge.evidence) e.terms.forEach(add);
  return words;
}

export function compileKnowledge(knowledge: Knowledge, catalogue: Catalogue): CompiledKnowledge {
  for (const r of knowledge.redirects) {
    if (!catalogue.has(r.to)) throw new Error(`redirect to ${r.to}: not in the List of Wastes`);
  }
  const vocabulary = collectVocabulary(knowledge);
  const known = new Set<string>([...vocabulary, ...STOPWORDS, ...PROTECTED_WORDS]);
  for (const w of PROTECTED_WORDS) known.add(stem(w));
  for (const e of catalogue.entries) for (const t of tokenize(e.description)) known.add(t.stem);
  const concepts = compileConcepts(knowledge.concepts, catalogue);
  // The single-word terms, read from the compiled index (tokenised once), with the word sequences that
  // rule each out (a concept's sequences are one list, so a word named twice gets them once).
  const singleWords = new Set<string>();
  const notBefore = new Map<string, string[][]>();
  for (const [first, entries] of concepts.byFirst) {
    for (const entry of entries) {
      if (entry.tokens.length !== 1) continue;
      singleWords.add(first);
      const ruled = notBefore.get(first) ?? [];
      for (const sequence of entry.notBefore ?? []) if (!ruled.includes(sequence)) ruled.push(sequence);
      if (ruled.length > 0) notBefore.set(first, ruled);
    }
  }
  return {
    concepts,
    conceptGroups: buildTermIndex([], concepts.groups),
    cues: compileCues(knowledge.cues, catalogue),
    products: compileProducts(knowledge),
    evidence: compileEvidence(knowledge.evidence),
    redirects: knowledge.redirects,
    speller: createSpellingCorrector(vocabulary, known),
    singleWords,
    known,
    notBefore,
  };
}
