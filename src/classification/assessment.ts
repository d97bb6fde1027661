// The deciding question (data/classification/questions.json). When the description does not settle the
// code — a mirror entry whose side nothing decided, a composition stated unknown, or a description that
// names no waste — the answer says so and asks: the question in plain English, the code each answer
// leads to, the fields that settle it when sent back with the same description (`assessment` for a
// mirror entry's side, `additional_context` for what the waste is), and what to do meanwhile.
import { readFileSync } from 'node:fs';
import type { Catalogue, EwcEntry } from './catalogue.ts';
import { CLASSIFICATION_DATA } from './data-dir.ts';
import type { Questions } from './data-schemas.ts';
import { partnerOn } from './engine/mirror.ts';
import type { AssessmentAnswerValue, RankedClassification } from './types.ts';

let loaded: Questions | undefined;
export function questions(): Questions {
  if (loaded) return loaded;
  // Its shape is checked by the tests (data-schemas.ts).
  const parsed = JSON.parse(readFileSync(`${CLASSIFICATION_DATA}questions.json`, 'utf8')) as Questions;
  loaded = parsed;
  return parsed;
}

export interface AssessmentAnswer {
  /** The answer as the person on site would choose it. */
  answer: string;
  /** The code this answer leads to. */
  ewc_code: string;
  is_hazardous: boolean;
  /** The fields to send with the same description: the answer then settles the code. */
  send: { assessment?: AssessmentAnswerValue; additional_context?: string };
}

export interface AssessmentNeeded {
  /** mirror_entry: which side of a mirror pair; composition_unknown: stated unknown; not_specific: no waste named. */
  reason: 'mirror_entry' | 'composition_unknown' | 'not_specific';
  question: string;
  answers: AssessmentAnswer[];
  /** What to do until the question is answered (WM3: an unassessed mirror-entry waste is hazardous). */
  until_answered: { ewc_code: string | null; is_hazardous: boolean; guidance: string };
  source: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);

/** Both sides of the first choice's mirror pair, the other side chosen as the verdict would choose it. */
function sides(
  top: RankedClassification,
  catalogue: Catalogue,
): { hazardous: EwcEntry; clean: EwcEntry } | undefined {
  const entry = catalogue.get(top.ewc_code);
  if (!entry || entry.mirror_of.length === 0) return undefined;
  const code = partnerOn(entry, !entry.is_hazardous, new Set(), catalogue);
  const counterpart = code ? catalogue.get(code) : undefined;
  if (!counterpart) return undefined;
  return entry.is_hazardous
    ? { hazardous: entry, clean: counterpart }
    : { hazardous: counterpart, clean: entry };
}

/** The open question of an answer, or null when the description settles the code. */
export function assessmentFor(
  ranking: readonly RankedClassification[],
  flags: ReadonlySet<string>,
  catalogue: Catalogue,
): AssessmentNeeded | null {
  const q = questions();
  const top = ranking[0];
  if (flags.has('DESCRIPTION_NOT_SPECIFIC') || !top) {
    const n = q.not_specific;
    return {
      reason: 'not_specific',
      question: n.question,
      answers: n.answers.map((a) => ({
        answer: a.answer,
        ewc_code: a.ewc_code,
        is_hazardous: catalogue.get(a.ewc_code)?.is_hazardous ?? false,
        send: { additional_context: a.additional_context },
      })),
      until_answered: { ewc_code: null, is_hazardous: false, guidance: n.until_answered },
      source: n.source,
    };
  }
  const unknown = flags.has('COMPOSITION_UNKNOWN');
  if (!top.mirror_undecided && !unknown) return null;
  const pair = sides(top, catalogue);
  if (!pair) return null;
  const m = q.mirror;
  const values = {
    hazardous_code: pair.hazardous.code,
    hazardous_text: pair.hazardous.description,
    clean_code: pair.clean.code,
  };
  const answer = (
    a: { answer: string },
    e: EwcEntry,
    assessment: AssessmentAnswerValue,
  ): AssessmentAnswer => ({
    answer: a.answer,
    ewc_code: e.code,
    is_hazardous: e.is_hazardous,
    send: { assessment },
  });
  return {
    reason: unknown ? 'composition_unknown' : 'mirror_entry',
    question: fill(m.question, values),
    answers: [
      answer(m.hazardous, pair.hazardous, 'hazardous'),
      answer(m.clean, pair.clean, 'non_hazardous'),
      answer(m.unknown, pair.hazardous, 'unknown'),
    ],
    until_answered: {
      ewc_code: pair.hazardous.code,
      is_hazardous: true,
      guidance: fill(m.until_answered, values),
    },
    source: m.source,
  };
}
