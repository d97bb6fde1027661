/**
 * A person's name or position as it is signed and printed: trimmed, with something visible left once
 * invisible characters are removed, and no control or bidirectional-override characters (they reorder
 * or hide text on the printed note). One rule for every signature, by API and by signing link.
 */
const CONTROL = /\p{Cc}/u;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Spaces, format characters (zero-width and the like), lone combining marks and the Hangul fillers. */
const INVISIBLE = /[\s\p{Cf}\p{Mn}\p{Me}\u115f\u1160\u3164\uffa0]/gu;

/** The problem of a name with nothing visible: a form may word it as a request to enter one. */
export const BLANK = 'must not be blank';

/** What is wrong with a name, in words; null when it can be signed. */
export function personNameProblem(value: string): string | null {
  if (CONTROL.test(value)) return 'must not contain control characters';
  return printedTextProblem(value);
}

/** Control characters other than the line breaks and tabs an address or a reason may hold. */
const CONTROL_IN_TEXT = /[^\P{Cc}\t\n\r]/u;

/** Nothing visible: empty, or only spaces and invisible characters (zero-width, fillers, lone marks). */
export function isBlank(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}

/**
 * The same rule for any other text a document prints (a business's name, an address, a description, a
 * reason): line breaks and tabs are allowed, other control characters and text-direction controls are
 * not, and text with nothing visible is blank. Null when it can be printed.
 */
export function printedTextProblem(value: string): string | null {
  return hiddenCharacterProblem(value) ?? (isBlank(value) ? BLANK : null);
}

/** The rule of printed text without the blank: for text that may be left empty. */
export function hiddenCharacterProblem(value: string): string | null {
  if (CONTROL_IN_TEXT.test(value)) return 'must not contain control characters';
  if (BIDI.test(value)) return 'must not contain text-direction control characters';
  return null;
}

/** A signature field the rule refuses: its JSON pointer (`/name`, `/position`) and the problem. */
export interface PersonFieldProblem {
  field: string;
  problem: string;
}

/**
 * The rule applied to a signature's printed fields: `name` must be signable; the others (a position,
 * "on behalf of") may be left out or blank, which counts as not given, but when given the same rule
 * holds. A field that is not text is left to the schema.
 */
export function signatureProblems(fields: Record<string, unknown>): PersonFieldProblem[] {
  const problems: PersonFieldProblem[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || (field !== 'name' && value.trim() === '')) continue;
    const problem = personNameProblem(value);
    if (problem) problems.push({ field: `/${field}`, problem });
  }
  return problems;
}
