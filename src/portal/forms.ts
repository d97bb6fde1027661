import type { KeyMode } from '../accounts/api-key-format.ts';
import { passwordProblem } from './password-strength.ts';

/** What is wrong with each field, in words shown next to it. */
export type FieldErrors = Record<string, string>;

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The fields a portal form may send; anything else is ignored. */
export type FormBody = Record<string, string | undefined>;

export interface SignUpForm {
  organisationName: string;
  email: string;
  password: string;
}

export interface KeyForm {
  name: string;
  mode: KeyMode;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Control characters would break the layout of lists and exports; no name needs them.
const CONTROL = /\p{Cc}/u;

export function normaliseEmail(raw: string | undefined): string {
  return (raw ?? '').trim().toLowerCase();
}

function checkName(
  raw: string | undefined,
  field: { empty: string; label: string; max: number },
): string | { error: string } {
  const value = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!value) return { error: field.empty };
  if (value.length > field.max) return { error: `${field.label} must be ${field.max} characters or fewer.` };
  if (CONTROL.test(value)) return { error: `${field.label} must not contain control characters.` };
  return value;
}

export function readSignUp(body: FormBody): FormResult<SignUpForm> {
  const errors: FieldErrors = {};
  const name = checkName(body.organisation_name, {
    empty: 'Enter your organisation’s name.',
    label: 'Organisation name',
    max: 200,
  });
  if (typeof name !== 'string') errors.organisation_name = name.error;
  const email = normaliseEmail(body.email);
  if (!email) errors.email = 'Enter your email address.';
  else if (email.length > 254 || !EMAIL.test(email))
    errors.email = 'Enter an email address like name@example.com.';
  const password = body.password ?? '';
  const weak = passwordProblem(password, {
    email,
    organisationName: typeof name === 'string' ? name : undefined,
  });
  if (weak) errors.password = weak;
  if (Object.keys(errors).length > 0 || typeof name !== 'string') return { ok: false, errors };
  return { ok: true, value: { organisationName: name, email, password } };
}

/** The "forgot your password" form: just an email address. */
export function readEmail(body: FormBody): FormResult<string> {
  const email = normaliseEmail(body.email);
  if (!email) return { ok: false, errors: { email: 'Enter your email address.' } };
  if (email.length > 254 || !EMAIL.test(email))
    return { ok: false, errors: { email: 'Enter an email address like name@example.com.' } };
  return { ok: true, value: email };
}

export function readLogIn(body: FormBody): FormResult<{ email: string; password: string }> {
  const errors: FieldErrors = {};
  const email = normaliseEmail(body.email);
  const password = body.password ?? '';
  if (!email) errors.email = 'Enter your email address.';
  if (!password) errors.password = 'Enter your password.';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { email, password } };
}

export function readKey(body: FormBody): FormResult<KeyForm> {
  const errors: FieldErrors = {};
  const name = checkName(body.name, { empty: 'Enter a name for the key.', label: 'Key name', max: 100 });
  if (typeof name !== 'string') errors.name = name.error;
  const mode = body.mode;
  if (mode !== 'live' && mode !== 'test') errors.mode = 'Choose test or live.';
  if (typeof name !== 'string' || (mode !== 'live' && mode !== 'test')) return { ok: false, errors };
  return { ok: true, value: { name, mode } };
}
