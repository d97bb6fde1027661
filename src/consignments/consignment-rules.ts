import { ApiError, type ErrorCode, type ErrorDetail } from '../platform/errors.ts';
import { BLANK, isBlank, printedTextProblem } from '../platform/person-name.ts';
import { normalisePostcode } from '../receipts/dwt-formats.ts';
import { sicEntry } from '../wtn/sic-codes.ts';
import { codeProblem, englandPrefix, type Nation, normaliseCode, premisesCode } from './consignment-code.ts';
import type { CreateConsignmentNoteBody } from './consignment-schemas.ts';

/** From the most to the least specific: the code a refusal carries when it has several problems. */
const PRECEDENCE: ErrorCode[] = [
  'NOT_HAZARDOUS_WASTE',
  'CONSIGNMENT_CODE_INVALID',
  'CONSIGNMENT_NOTE_INVALID',
];

/** Every problem with a request, collected so the client hears of all of them at once. */
export class Issues {
  readonly #found: { code: ErrorCode; detail: ErrorDetail }[] = [];

  add(code: ErrorCode, field: string, issue: string): void {
    this.#found.push({ code, detail: { field, issue } });
  }

  get empty(): boolean {
    return this.#found.length === 0;
  }

  /** Throws one refusal naming every problem, under the most specific code among them. */
  throwIfAny(): void {
    if (this.empty) return;
    const code = PRECEDENCE.find((c) => this.#found.some((f) => f.code === c)) ?? this.#found[0].code;
    const details = this.#found.map((f) => f.detail);
    const first = details[0];
    const more = details.length > 1 ? ` (and ${details.length - 1} more: see details)` : '';
    throw new ApiError(code, `${first.field.slice(1) || 'body'} ${first.issue}${more}.`, details);
  }
}

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/;

/** A UK postcode in its usual form ("BH15 1NF"), or an issue. */
export function postcodeOf(value: string, field: string, issues: Issues): string {
  const postcode = normalisePostcode(value);
  if (!UK_POSTCODE.test(postcode)) {
    issues.add('CONSIGNMENT_NOTE_INVALID', field, 'is not a UK postcode (e.g. BH15 1NF)');
  }
  return postcode;
}

/** The postcode area, the letters before the first digit ("CF" of CF10 4RT); null for no UK postcode. */
export function postcodeArea(value: string): string | null {
  const postcode = normalisePostcode(value);
  return UK_POSTCODE.test(postcode) ? /^[A-Z]+/.exec(postcode)![0] : null;
}

/**
 * Whether a further note's consignee is the premises in Part A2 of the note it follows: the same
 * postcode, and the same address once case, punctuation, spacing and a trailing postcode are set aside.
 * The postcode alone is not enough: one covers a street, where a permitted site may stand too.
 */
export function isPremisesOf(
  consignee: { address: string; postcode: string },
  producer: { address: string; postcode: string },
): boolean {
  if (consignee.postcode !== producer.postcode) return false;
  const tail = ` ${fold(producer.postcode)}`;
  const address = (text: string) => {
    const folded = fold(text);
    return folded.endsWith(tail) ? folded.slice(0, -tail.length) : folded;
  };
  return address(consignee.address) !== '' && address(consignee.address) === address(producer.address);
}

/** What Part A4 says of the permit: its number, or why there is none (a return to the producer's premises). */
export function permitText(consignee: { permit_number: string; returned_to_producer?: true }): string {
  if (consignee.permit_number !== '' || !consignee.returned_to_producer) return consignee.permit_number;
  return "No permit applies: the rejected waste is returned to the producer's premises it was removed from";
}

function fold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Trimmed, with the other line breaks a pasted address brings (a word processor's vertical tab or line
 * separator, NEL) as plain ones: they are line breaks, not control characters to refuse.
 */
function lineBreaks(value: string | undefined): string {
  return (value ?? '').replace(/[\v\f\u0085\u2028\u2029]/g, '\n').trim();
}

/**
 * Text the note prints. What the schema let through with nothing visible (spaces, zero-width characters)
 * is as good as missing; control and text-direction characters, which hide or reorder text on the
 * printed note, are refused (../platform/person-name.ts).
 */
export function required(value: string | undefined, field: string, issues: Issues, what: string): string {
  const text = optional(value, field, issues);
  if (text === null) issues.add('CONSIGNMENT_NOTE_INVALID', field, `is required: ${what}`);
  return text ?? '';
}

/** Text already held to the rule elsewhere (a signer's position): trimmed, or null when blank. */
export function visibleOrNull(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  return isBlank(text) ? null : text;
}

/** Optional printed text: blank (nothing visible) is not given; otherwise the same rule as required(). */
export function optional(value: string | undefined, field: string, issues: Issues): string | null {
  const text = lineBreaks(value);
  const problem = printedTextProblem(text);
  if (problem === BLANK) return null;
  if (problem) issues.add('CONSIGNMENT_NOTE_INVALID', field, problem);
  return text;
}

/**
 * The code's prefix and the code itself (empty when it is to be generated): England takes the
 * producer's name, Wales the NRW premises code; a supplied code is checked against the same standard.
 */
export function codeFor(
  body: CreateConsignmentNoteBody,
  nation: Nation,
  issues: Issues,
): { prefix: string; code: string } {
  let prefix = '';
  if (nation === 'wales') {
    const given = body.producer.premises_code;
    if (given === undefined || given.trim() === '') {
      issues.add(
        'CONSIGNMENT_CODE_INVALID',
        '/producer/premises_code',
        'is required in Wales: the premises code NRW issued (e.g. ABC123), the prefix of the consignment code',
      );
    } else {
      prefix = premisesCode(given) ?? '';
      if (prefix === '') {
        issues.add(
          'CONSIGNMENT_CODE_INVALID',
          '/producer/premises_code',
          'must be six characters, letters then digits (e.g. ABC123), or EXEMPT',
        );
      }
    }
  } else {
    prefix = englandPrefix(body.producer.name);
    if (prefix.length < 2) {
      issues.add(
        'CONSIGNMENT_CODE_INVALID',
        '/producer/name',
        'needs at least two letters or digits: the consignment code starts with the first six of them',
      );
    }
  }
  const supplied = body.consignment_code?.trim();
  if (!supplied) return { prefix, code: '' };
  const code = normaliseCode(supplied);
  const problem = prefix === '' ? null : codeProblem(code, prefix, nation);
  if (problem) issues.add('CONSIGNMENT_CODE_INVALID', '/consignment_code', problem);
  return { prefix, code };
}

/**
 * Part B2: a SIC 2007 code that exists. NRW also accepts SIC 2003 codes on Welsh notes, which no list
 * here holds: in Wales four or five digits are taken as given.
 */
export function sicCodeOf(value: string, nation: Nation, issues: Issues): string {
  if (nation === 'wales' && /^\s*\d{4,5}\s*$/.test(value)) return sicEntry(value)?.code ?? value.trim();
  const entry = sicEntry(value);
  if (!entry) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/producer/sic_code',
      'is not a five-digit SIC 2007 code (e.g. 45200 for maintenance and repair of motor vehicles)',
    );
    return value.trim();
  }
  return entry.code;
}

/** Components given in percent cannot add up to more than the whole waste. */
export function checkComponents(
  components: CreateConsignmentNoteBody['lines'][number]['components'],
  field: string,
  issues: Issues,
): void {
  let percent = 0;
  for (const [i, c] of components.entries()) {
    if (c.unit === 'percent' && c.concentration > 100) {
      issues.add('CONSIGNMENT_NOTE_INVALID', `${field}/${i}/concentration`, 'is a percentage: at most 100');
    }
    if (c.unit === 'percent') percent += c.concentration;
    const problem = printedTextProblem(c.name.trim());
    if (problem) issues.add('CONSIGNMENT_NOTE_INVALID', `${field}/${i}/name`, problem);
  }
  // A little over 100 is rounding in a lab report; more is a mistake.
  if (percent > 100.5) {
    issues.add('CONSIGNMENT_NOTE_INVALID', field, `add up to ${percent}%: more than the whole waste`);
  }
}
