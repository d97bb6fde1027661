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

// Control characters would break the printed note and the lists a name appears in.
const CONTROL = /\p{Cc}/u;

/**
 * Reads the signing form: a typed name (required), a position, an optional drawing (a PNG data URL from
 * the canvas) and the declaration's checkbox. Each problem is reported against its field.
 */
export function readSigningForm(body: Record<string, string | undefined>): SigningFormResult {
  const { values, errors: shared } = readSignatureFields(body);
  const { name, position, drawing } = values;
  const errors: SigningFormErrors = {};
  if (!name) errors.name = 'Enter your full name.';
  else if (name.length > NAME_MAX) errors.name = `Your name must be ${NAME_MAX} characters or fewer.`;
  else if (CONTROL.test(name)) errors.name = 'Your name must not contain control characters.';
  if (position.length > POSITION_MAX) {
    errors.position = `Your position must be ${POSITION_MAX} characters or fewer.`;
  } else if (CONTROL.test(position)) errors.position = 'Your position must not contain control characters.';
  Object.assign(errors, shared);
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, signature: { name, position: position || null, drawing: drawing || null } };
}
