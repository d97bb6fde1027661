// The shapes of the engine's hand-written data files in data/classification/: the deciding questions,
// the assessment verdicts and the named hazardous substances. The engine reads them without checking
// (this module's library took longer to load than the engine takes to compile, in every `wcs classify`
// and every engine thread); the tests check every shipped file against these schemas (dataFileProblems),
// so a file that does not match them never ships. The corpus and the entry knowledge, which `npm run
// train` reads, keep their check where they are read (ranker/corpus.ts).
import { readFileSync } from 'node:fs';
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { CLASSIFICATION_DATA } from './data-dir.ts';

const Answer = Type.Object({ answer: Type.String() });
export const QuestionsFile = Type.Object({
  mirror: Type.Object({
    question: Type.String(),
    hazardous: Answer,
    clean: Answer,
    unknown: Answer,
    until_answered: Type.String(),
    source: Type.String(),
    presumed_clean: Type.Object({ codes: Type.Array(Type.String()), source: Type.String() }),
  }),
  not_specific: Type.Object({
    question: Type.String(),
    answers: Type.Array(
      Type.Object({ answer: Type.String(), ewc_code: Type.String(), additional_context: Type.String() }),
    ),
    until_answered: Type.String(),
    source: Type.String(),
  }),
});
export type Questions = Static<typeof QuestionsFile>;

const Subject = Type.Object({
  kind: Type.String(),
  substance: Type.String(),
  terms: Type.Array(Type.String()),
});
const Measure = Type.Object({
  kind: Type.String(),
  substance: Type.String(),
  terms: Type.Array(Type.String(), { minItems: 1 }),
  mg_per_kg: Type.Number({ exclusiveMinimum: 0 }),
  /**
   * False when a figure below mg_per_kg does not make the waste clean: the threshold is one property's
   * (lead compounds' HP10) and another may be reached lower, depending on the compound.
   */
  clears: Type.Optional(Type.Boolean()),
  source: Type.String(),
  note: Type.String(),
});
export const VerdictFile = Type.Object({
  sources: Type.Record(Type.String(), Type.Object({ title: Type.String(), url: Type.String() })),
  hazardous: Type.Array(Type.String()),
  clean: Type.Array(Type.String()),
  clean_assessment: Type.Array(Type.String()),
  unknown: Type.Array(Type.String()),
  leaching: Type.Array(Type.String()),
  subjects: Type.Array(Subject),
  cytotoxic: Type.Object({ source: Type.String(), terms: Type.Array(Type.String()) }),
  documents: Type.Array(Type.String()),
  document_says: Type.Array(Type.String()),
  spans: Type.Object({
    hazardous: Type.Array(Type.String()),
    clean: Type.Array(Type.String()),
    fillers: Type.Array(Type.String()),
    ends: Type.Array(Type.String()),
    reach: Type.Integer({ minimum: 1 }),
  }),
  measures: Type.Array(Measure),
  flash_point: Type.Object({ below_celsius: Type.Number(), source: Type.String() }),
  ph: Type.Object({ at_most: Type.Number(), at_least: Type.Number(), source: Type.String() }),
});
export type VerdictData = Static<typeof VerdictFile>;

const SubstanceSchema = Type.Object({
  substance: Type.String(),
  flag: Type.Optional(Type.String()),
  specific: Type.Boolean(),
  /**
   * Named, and not negated or cleared by a verdict, the substance alone makes the waste hazardous: its
   * code comes first over any non-hazardous answer, however little weight the blend gave it.
   */
  decides: Type.Optional(Type.Boolean()),
  /**
   * With `decides`: it also takes the place of a hazardous answer that does not carry it (equipment with
   * its batteries in is the equipment, not the batteries). Without, a hazardous answer stands ("soil with
   * asbestos fibres at 0.2%" stays 17 05 03*).
   */
  over_hazardous: Type.Optional(Type.Boolean()),
  /**
   * Named, and not negated or cleared by a verdict, the substance puts the hazardous side of the first
   * choice's own mirror pair first, however little weight the blend gave it: a mirror-entry waste that
   * holds it and was not assessed is hazardous (WM3 chapter 3). For substances whose name means the waste
   * holds them ("chromate rinse water"); not for those often named as the producer's trade ("acid plant").
   */
  presumes: Type.Optional(Type.Boolean()),
  terms: Type.Array(Type.String(), { minItems: 1 }),
  not_after: Type.Optional(Type.Array(Type.String())),
  not_before: Type.Optional(Type.Array(Type.String())),
  /**
   * Words that, anywhere in the same text and not negated, say the substance's hazard is not there
   * ("sealed, unused, out-of-date hypodermic needles": the needles were never used).
   */
  not_with: Type.Optional(Type.Array(Type.String())),
  codes: Type.Array(Type.String()),
  source: Type.String(),
});
export const SubstancesFile = Type.Object({ substances: Type.Array(SubstanceSchema) });
export type SubstancesFile = Static<typeof SubstancesFile>;
export type SubstanceDef = Static<typeof SubstanceSchema>;

/** Each checked file of data/classification/ and its schema. */
export const DATA_FILES: ReadonlyArray<{ file: string; schema: TSchema }> = [
  { file: 'questions.json', schema: QuestionsFile },
  { file: 'verdicts.json', schema: VerdictFile },
  { file: 'hazardous-substances.json', schema: SubstancesFile },
];

/** What in `value` does not match `schema`: "file /path: message", at most `max` of them. */
export function problemsOf(file: string, schema: TSchema, value: unknown, max = 5): string[] {
  if (Value.Check(schema, value)) return [];
  return [...Value.Errors(schema, value)]
    .slice(0, max)
    .map((e) => `${file} ${e.instancePath || '/'}: ${e.message}`);
}

/** Every shipped data file's problems (none when all match their schemas). */
export function dataFileProblems(dir = CLASSIFICATION_DATA): string[] {
  return DATA_FILES.flatMap(({ file, schema }) =>
    problemsOf(file, schema, JSON.parse(readFileSync(`${dir}${file}`, 'utf8'))),
  );
}
