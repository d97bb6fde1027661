/**
 * Reading what every signing form has: a typed name, a position, an optional drawn signature (a PNG data
 * URL from the canvas) and the declaration's checkbox. What a document adds to its form is the
 * document's; a name and a position follow the one rule of every signature (../person-name.ts), applied
 * by the document's form or service, so a link and the API give the same answer.
 */
import { drawingPng } from './drawing.ts';

/** What is wrong with each field of a signing form, by the field's id, in words shown next to it. */
export type FormErrors = Partial<Record<string, string>>;

/** What the signer entered in the fields every signing form has, sent back when something is wrong. */
export interface SignatureValues {
  name: string;
  position: string;
  drawing: string;
  confirmed: boolean;
}

export const EMPTY_SIGNATURE: SignatureValues = { name: '', position: '', drawing: '', confirmed: false };

/** The longest name and position a signature keeps (as the APIs' schemas allow). */
export const NAME_MAX = 200;
export const POSITION_MAX = 200;
/** A drawn signature as a data URL: a phone's canvas at twice its pixel size is well under this. */
export const DRAWING_MAX = 200_000;
/** The value the declaration's checkbox sends when ticked. */
export const CONFIRM_VALUE = 'yes';
/**
 * A form body can hold the largest drawing form-encoded (base64's + and / become %2B and %2F), with
 * room for the rest of the form.
 */
export const FORM_BODY_LIMIT = Math.ceil(DRAWING_MAX * 1.5) + 8192;

/** A typed value as one line: trimmed, and runs of white space (a pasted line break) made one space. */
export function oneLine(raw: string | undefined): string {
  return (raw ?? '').trim().replace(/\s+/g, ' ');
}

function drawingProblem(drawing: string): string | undefined {
  if (drawing.length > DRAWING_MAX) {
    return 'Your drawn signature is too large to keep. Clear it and draw it again more simply, or leave it blank and sign with your typed name.';
  }
  if (!drawingPng(drawing)) {
    return 'Your drawn signature could not be read. Clear it and draw it again, or leave it blank.';
  }
  return undefined;
}

/**
 * The fields every signing form has, with the problems of the drawing and the checkbox. A drawing that
 * could not be read is not offered back to the canvas.
 */
export function readSignatureFields(body: Record<string, string | undefined>): {
  values: SignatureValues;
  errors: FormErrors;
} {
  const drawing = (body.drawing ?? '').trim();
  const confirmed = body.confirm === CONFIRM_VALUE;
  const errors: FormErrors = {};
  const badDrawing = drawing ? drawingProblem(drawing) : undefined;
  if (badDrawing) errors.drawing = badDrawing;
  if (!confirmed) errors.confirm = 'Tick the box to confirm the declaration.';
  return {
    values: {
      name: oneLine(body.name),
      position: oneLine(body.position),
      drawing: badDrawing ? '' : drawing,
      confirmed,
    },
    errors,
  };
}
