// The labelled corpus and the entry knowledge in data/classification/, read and checked against their
// schemas and the List of Wastes. Both are data a waste professional can read and correct: one JSON
// line per description (corpus/*.jsonl), and per file of knowledge/*.json the everyday names of each
// entry and the trades, sites and processes that produce each sub-chapter, with sources.
import { readdirSync, readFileSync } from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Catalogue } from '../catalogue.ts';
import { CLASSIFICATION_DATA } from '../data-dir.ts';

const Code = Type.String({ pattern: '^\\d{2} \\d{2} \\d{2}$' });
const Text = Type.String({ minLength: 1, maxLength: 2000 });
const OptionalText = Type.Optional(Type.Union([Text, Type.Null()]));

export const CorpusLine = Type.Object({
  code: Code,
  description: Text,
  source_industry: OptionalText,
  additional_context: OptionalText,
  style: Type.Optional(Type.String()),
});
export type CorpusLine = Static<typeof CorpusLine>;

const Source = Type.Object({ title: Type.String(), url: Type.Optional(Type.String()) });

export const KnowledgeFile = Type.Object({
  scope: Type.Optional(Type.String()),
  subchapters: Type.Record(
    Type.String(),
    Type.Object({ producers: Type.Array(Text, { minItems: 1 }), sources: Type.Array(Source) }),
  ),
  entries: Type.Record(
    Type.String(),
    Type.Object({ names: Type.Array(Text, { minItems: 1 }), sources: Type.Array(Source) }),
  ),
});
export type KnowledgeFile = Static<typeof KnowledgeFile>;

export interface LabelledText {
  code: string;
  description: string;
  source_industry?: string;
  additional_context?: string;
  /** Where it came from: "corpus/ch17-18-20.jsonl:12", "knowledge:17 01 01". */
  origin: string;
  style?: string;
}

export interface EntryKnowledge {
  /** code -> everyday names. */
  names: Map<string, string[]>;
  /** sub-chapter "17 01" -> producers. */
  producers: Map<string, string[]>;
  /** How many sources are cited per code or sub-chapter. */
  sources: Map<string, number>;
}

function files(dir: string, ext: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .sort();
  } catch {
    return [];
  }
}

/** Every corpus line; throws naming the file and line of the first problem. */
export function loadCorpus(catalogue: Catalogue, dir = `${CLASSIFICATION_DATA}corpus/`): LabelledText[] {
  const out: LabelledText[] = [];
  for (const file of files(dir, '.jsonl')) {
    const lines = readFileSync(dir + file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const where = `corpus/${file}:${i + 1}`;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new Error(`${where}: not JSON`);
      }
      if (!Value.Check(CorpusLine, parsed)) {
        const first = [...Value.Errors(CorpusLine, parsed)][0];
        throw new Error(`${where}: ${first?.instancePath ?? ''} ${first?.message ?? 'invalid'}`);
      }
      if (!catalogue.get(parsed.code))
        throw new Error(`${where}: ${parsed.code} is not in the List of Wastes`);
      out.push({
        code: parsed.code,
        description: parsed.description,
        source_industry: parsed.source_industry ?? undefined,
        additional_context: parsed.additional_context ?? undefined,
        origin: where,
        style: parsed.style,
      });
    });
  }
  return out;
}

/** The entry names and sub-chapter producers of every knowledge file, merged. */
export function loadEntryKnowledge(
  catalogue: Catalogue,
  dir = `${CLASSIFICATION_DATA}knowledge/`,
): EntryKnowledge {
  const names = new Map<string, string[]>();
  const producers = new Map<string, string[]>();
  const sources = new Map<string, number>();
  for (const file of files(dir, '.json')) {
    const parsed: unknown = JSON.parse(readFileSync(dir + file, 'utf8'));
    if (!Value.Check(KnowledgeFile, parsed)) {
      const first = [...Value.Errors(KnowledgeFile, parsed)][0];
      throw new Error(`knowledge/${file}: ${first?.instancePath ?? ''} ${first?.message ?? 'invalid'}`);
    }
    for (const [code, e] of Object.entries(parsed.entries)) {
      if (!catalogue.get(code)) throw new Error(`knowledge/${file}: ${code} is not in the List of Wastes`);
      names.set(code, [...(names.get(code) ?? []), ...e.names]);
      sources.set(code, (sources.get(code) ?? 0) + e.sources.length);
    }
    for (const [sub, s] of Object.entries(parsed.subchapters)) {
      if (!/^\d{2} \d{2}$/.test(sub)) throw new Error(`knowledge/${file}: ${sub} is not a sub-chapter`);
      producers.set(sub, [...(producers.get(sub) ?? []), ...s.producers]);
      sources.set(sub, (sources.get(sub) ?? 0) + s.sources.length);
    }
  }
  return { names, producers, sources };
}
