import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as CommonPackage from '@zxcvbn-ts/language-common';
import type * as EnglishPackage from '@zxcvbn-ts/language-en';
import { onFirstUse } from '../platform/first-use.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts';

/**
 * zxcvbn's score runs from 0 to 4; 3 means "safely unguessable: moderate protection from offline
 * slow-hash scenarios" (about 10^10 guesses), the level its authors and most sites require.
 */
export const MIN_PASSWORD_SCORE = 3;

/** What is accepted, in the words the forms use. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters and hard to guess. A few unrelated words make a strong, memorable password.`;

/** Words every account here has in common: a password built on them is easier to guess. */
const SERVICE_WORDS = ['waste compliance service', 'waste', 'compliance', 'wcs', 'portal', 'carrier'];

const commonPackage = onFirstUse<typeof CommonPackage>('@zxcvbn-ts/language-common');
const englishPackage = onFirstUse<typeof EnglishPackage>('@zxcvbn-ts/language-en');

let estimator: ZxcvbnFactory | undefined;

/**
 * Built on first use, dictionaries included: loading them (common passwords, names, English words)
 * takes about 0.2 s, which every start of the server and of each `wcs` command would otherwise pay.
 */
function zxcvbn(): ZxcvbnFactory {
  if (!estimator) {
    const common = commonPackage();
    const english = englishPackage();
    estimator = new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      // zxcvbn's English feedback, in the British spelling the rest of the product uses.
      translations: {
        ...english.translations,
        suggestions: {
          ...english.translations.suggestions,
          allUppercase: 'Capitalise some, but not all letters.',
          capitalization: 'Capitalise more than the first letter.',
        },
      },
      maxLength: PASSWORD_MAX_LENGTH,
    });
  }
  return estimator;
}

/** What the account is known by: a password made of these is guessed first. */
export interface PasswordContext {
  email: string;
  organisationName?: string;
}

/**
 * Why this password is refused, in a sentence a user can act on, or undefined when it is accepted:
 * the length rule (NCSC and NIST SP 800-63B favour length over composition rules), not the email
 * address, and a zxcvbn score of at least 3 with the account's own details as known words. NIST SP
 * 800-63B 3.1.1.2 asks for exactly this: refuse passwords from lists of common or compromised ones,
 * repetitive or sequential characters, and context-specific words such as the user's name.
 */
export function passwordProblem(password: string, context: PasswordContext): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH)
    return `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`;
  if (password.trim().toLowerCase() === context.email) return 'Your password must not be your email address.';
  const result = zxcvbn().check(password, userInputs(context));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const { warning, suggestions } = result.feedback;
  return [
    'This password is too easy to guess.',
    warning,
    ...suggestions,
    'Choose one that is hard to guess: three or four unrelated words make a strong, memorable password.',
  ]
    .filter(Boolean)
    .join(' ');
}

function userInputs({ email, organisationName }: PasswordContext): string[] {
  // First the likeliest: zxcvbn ranks a user input by its place in this list.
  const whole = [organisationName ?? '', email, email.split('@')[0], email.split('@')[1] ?? ''];
  const words = whole.flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return [...new Set([...whole, ...words, ...SERVICE_WORDS].filter((w) => w.length >= 3))];
}
