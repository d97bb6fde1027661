import { BLANK, signatureProblems } from '../platform/person-name.ts';
import {
  NAME_MAX,
  POSITION_MAX,
  readSignatureFields,
  type SignatureValues,
} from '../platform/signing/signing-form.ts';
import type { LinkSignature } from './wtn-service.ts';

/** What is wrong with each field of the signing form, in words shown next to it. */
export type SigningFormErrors = Partial<Record<'name' | 'position' | 'drawing' | 'confirm', string>>;

export type SigningFormResult =
  | { ok: true; signature: LinkSignature }
  | { ok: false; errors: SigningFormErrors; values: SigningFormValues };

/** What the signer entered, sent back into the form when something is wrong. */
export type SigningFormValues = SignatureValues;

/** Each field the name rule (src/platform/person-name.ts) may refuse: its input, and how the form names it. */
const FIELDS: Record<string, ['name' | 'position', string]> = {
  '/name': ['name', 'Your name'],
  '/position': ['position', 'Your position'],
};

/**
 * Reads the signing form: a typed name (required), a position, an optional drawing (a PNG data URL from
 * the canvas) and the declaration's checkbox. Each problem is reported against its field. Names and
 * positions follow the rule the API applies to a signature, so the link and the API agree.
 */
export function readSigningForm(body: Record<string, string | undefined>): SigningFormResult {
  const { values, errors: shared } = readSignatureFields(body);
  const { name, position, drawing } = values;
  const errors: SigningFormErrors = {};
  if (name.length > NAME_MAX) errors.name = `Your name must be ${NAME_MAX} characters or fewer.`;
  if (position.length > POSITION_MAX) {
    errors.position = `Your position must be ${POSITION_MAX} characters or fewer.`;
  }
  for (const { field, problem } of signatureProblems({ name, position })) {
    const [id, label] = FIELDS[field]!;
    errors[id] ??= id === 'name' && problem === BLANK ? 'Enter your full name.' : `${label} ${problem}.`;
  }
  Object.assign(errors, shared);
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, signature: { name, position: position || null, drawing: drawing || null } };
}
