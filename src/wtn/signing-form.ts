import type { LinkSignature } from './wtn-service.ts';

/** What is wrong with each field of the signing form, in words shown next to it. */
export type SigningFormErrors = Partial<Record<'name' | 'position' | 'drawing' | 'confirm', string>>;

export type SigningFormResult =
  | { ok: true; signature: LinkSignature }
  | { ok: false; errors: SigningFormErrors; values: SigningFormValues };

/** What the signer entered, sent back into the form when something is wrong. */
export interface SigningFormValues {
  name: string;
  position: string;
  drawing: string;
  confirmed: boolean;
}

export const NAME_MAX = 200;
export const POSITION_MAX = 200;
/** A drawn signature as a data URL: a phone's canvas at twice its pixel size is well under this. */
export const DRAWING_MAX = 200_000;
export const DRAWING_PREFIX = 'data:image/png;base64,';
/** The value the declaration's checkbox sends when ticked. */
export const CONFIRM_VALUE = 'yes';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Control characters would break the printed note and the lists a name appears in.
const CONTROL = /\p{Cc}/u;

function oneLine(raw: string | undefined): string {
  return (raw ?? '').trim().replace(/\s+/g, ' ');
}

function drawingProblem(drawing: string): string | undefined {
  if (drawing.length > DRAWING_MAX) {
    return 'Your drawn signature is too large to keep. Clear it and draw it again more simply, or leave it blank and sign with your typed name.';
  }
  const data = drawing.startsWith(DRAWING_PREFIX) ? drawing.slice(DRAWING_PREFIX.length) : '';
  if (!BASE64.test(data) || !Buffer.from(data, 'base64').subarray(0, 8).equals(PNG_SIGNATURE)) {
    return 'Your drawn signature could not be read. Clear it and draw it again, or leave it blank.';
  }
  return undefined;
}

/**
 * Reads the signing form: a typed name (required), a position, an optional drawing (a PNG data URL from
 * the canvas) and the declaration's checkbox. Each problem is reported against its field.
 */
export function readSigningForm(body: Record<string, string | undefined>): SigningFormResult {
  const name = oneLine(body.name);
  const position = oneLine(body.position);
  const drawing = (body.drawing ?? '').trim();
  const confirmed = body.confirm === CONFIRM_VALUE;
  const errors: SigningFormErrors = {};
  if (!name) errors.name = 'Enter your full name.';
  else if (name.length > NAME_MAX) errors.name = `Your name must be ${NAME_MAX} characters or fewer.`;
  else if (CONTROL.test(name)) errors.name = 'Your name must not contain control characters.';
  if (position.length > POSITION_MAX) {
    errors.position = `Your position must be ${POSITION_MAX} characters or fewer.`;
  } else if (CONTROL.test(position)) errors.position = 'Your position must not contain control characters.';
  const badDrawing = drawing ? drawingProblem(drawing) : undefined;
  if (badDrawing) errors.drawing = badDrawing;
  if (!confirmed) errors.confirm = 'Tick the box to confirm the declaration.';
  if (Object.keys(errors).length > 0) {
    // A drawing that could not be read is not offered back to the canvas.
    return { ok: false, errors, values: { name, position, drawing: badDrawing ? '' : drawing, confirmed } };
  }
  return { ok: true, signature: { name, position: position || null, drawing: drawing || null } };
}
