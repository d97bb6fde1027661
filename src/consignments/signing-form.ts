import { londonDate, londonTime } from '../platform/clock.ts';
import type { ApiError } from '../platform/errors.ts';
import { isBlank } from '../platform/person-name.ts';
import {
  EMPTY_SIGNATURE,
  type FormErrors,
  oneLine,
  readSignatureFields,
  type SignatureValues,
} from '../platform/signing/signing-form.ts';
import type { ErrorItem } from '../platform/signing/signing-form-view.ts';
import type { ConsignmentNote, Part, SignConsignmentBody } from './consignment-schemas.ts';
import {
  askedAtPartD,
  carrierNumberText,
  DECLARABLE,
  type DeclarableRegister,
  declarableRegisterOf,
  signAsDeclared,
} from './part-rules.ts';

/**
 * The form a consignment note's signing link opens, read into the body the service signs with. What a
 * part requires, and the rule for names, are the service's (part-rules.ts): this only turns the form's
 * text into the body's types, and the service's refusals back into words beside the fields.
 */

/** What the signer entered: the fields every signing form has, and this part's, by input name. */
export interface PartFormValues {
  signature: SignatureValues;
  fields: Record<string, string>;
}

export type LinkBody = Omit<SignConsignmentBody, 'part'>;

/** The body to sign with, or what the page could not read; and what was entered, to show again. */
export type PartFormResult = { values: PartFormValues } & (
  | { ok: true; body: LinkBody; drawing: string | null }
  | { ok: false; errors: FormErrors }
);

/** The part of a Part E line rejected when the rest is accepted: read into a second answer for the line. */
export const rejectedPartField = (index: number) => `lines-${index}-quantity_rejected_kg`;

/** A Part E line's inputs, named after the body's JSON pointer (/lines/0/operation: lines-0-operation). */
export const lineField = (index: number, name: keyof NonNullable<LinkBody['lines']>[number]) =>
  `lines-${index}-${name}`;

/** What the Part C box "Registered in Wales" (or Scotland) sends when ticked. */
export const REGISTER_CHECKED = 'checked';

/**
 * After the EA register did not hold a number (or could not, a Scottish one), the page offers the
 * declaration for that number (`declared_number`, a hidden field), on the register the number belongs to
 * (declarableRegisterOf): it is never offered before, so no one ticks it by habit, and a number changed
 * since is checked afresh.
 */
export function offerDeclaration(values: PartFormValues, note: ConsignmentNote): void {
  values.fields.declared_number = numberSignedFor(note, values.fields.registration_number);
}

/** The words the page uses for a register's box. */
export const boxFor = (register: DeclarableRegister) => `Registered in ${DECLARABLE[register].nation}`;

/** The number Part C is signed for, as the service takes it: the one typed, else Part A's. */
const numberSignedFor = (note: ConsignmentNote, typed: string | undefined) =>
  carrierNumberText(typed || note.carrier.registration_number || '');

/** The form as first shown: a collection or a receipt dated today, the carrier Part A named. */
export function freshValues(note: ConsignmentNote, part: Part, now: Date): PartFormValues {
  const fields: Record<string, string> = { on_behalf_of: '' };
  if (part === 'C') {
    fields.registration_number = note.carrier.registration_number ?? '';
    fields.vehicle_registration = '';
    fields.collection_date = londonDate(now);
    fields.collection_time = londonTime(now);
    fields.declared_number = '';
    fields.register_checked = '';
    fields.declared_carrier_name = '';
  }
  if (part === 'D') for (const id of askedAtPartD(note)) fields[id] = '';
  if (part === 'E') {
    fields.received_date = londonDate(now);
    fields.received_time = londonTime(now);
    fields.vehicle_registration = note.parts.C?.vehicle_registration ?? '';
    if (note.consignee.permit_number) fields.permit_number = note.consignee.permit_number;
    if (note.multiple_collection) fields.consignments_in_collection = '';
  }
  return { signature: EMPTY_SIGNATURE, fields };
}

/** The input names of a part's form, in the order they are shown (so problems are listed in it). */
export function fieldIds(note: ConsignmentNote, part: Part): string[] {
  const ids = ['name', 'position', 'on_behalf_of'];
  if (part === 'C') {
    ids.push(
      'registration_number',
      'vehicle_registration',
      'collection_date',
      'collection_time',
      'declared_number',
      'register_checked',
      'declared_carrier_name',
    );
  }
  if (part === 'D') ids.push(...askedAtPartD(note));
  if (part === 'E') {
    ids.push('received_date', 'received_time', 'vehicle_registration');
    // No permit to certify where A4 holds none (waste returned to the producer's premises).
    if (note.consignee.permit_number) ids.push('permit_number');
    if (note.multiple_collection) ids.push('consignments_in_collection');
    note.lines.forEach((_, i) => {
      ids.push(lineField(i, 'quantity_received_kg'), lineField(i, 'accepted'), rejectedPartField(i));
      for (const name of ['rejection_reason', 'operation'] as const) ids.push(lineField(i, name));
    });
  }
  return [...ids, 'drawing', 'confirm'];
}

/** Blank is not given: the service fills in its default (today, the carrier Part A named). */
const given = (value: string | undefined) => value || undefined;

/**
 * "1,250", "176.5 kg": kilograms as people type them; anything else is not a quantity. A comma only
 * separates thousands (groups of three digits): "176,5" is a decimal comma, refused rather than read as
 * 1,765 kg.
 */
function kilograms(text: string): number | undefined {
  const number = text.replace(/\s*kg$/i, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(number)) return undefined;
  return Number(number.replace(/,/g, ''));
}

/** Kilograms to the gram, as Part E takes them. */
const grams = (kg: number) => Math.round(kg * 1000) / 1000;

/** Reads the form into the body for `signWithLink`, or says what the page cannot make sense of. */
export function readPartForm(
  note: ConsignmentNote,
  part: Part,
  raw: Record<string, string | undefined>,
): PartFormResult {
  const { values: signature, errors } = readSignatureFields(raw);
  const fields: Record<string, string> = {};
  for (const id of fieldIds(note, part)) {
    if (id === 'name' || id === 'position' || id === 'drawing' || id === 'confirm') continue;
    // A reason typed on several lines is printed on one.
    fields[id] = oneLine(raw[id]);
  }
  const body: LinkBody = {
    name: signature.name,
    position: given(signature.position),
    on_behalf_of: given(fields.on_behalf_of),
  };
  if (part === 'C') {
    body.registration_number = given(fields.registration_number);
    body.vehicle_registration = given(fields.vehicle_registration);
    body.collection_date = given(fields.collection_date);
    body.collection_time = given(fields.collection_time);
    const offered =
      fields.declared_number !== '' &&
      fields.declared_number === numberSignedFor(note, fields.registration_number);
    if (!offered) {
      // Not for this number: nothing of the declaration is kept, so it is never shown ticked for another.
      fields.declared_number = '';
      fields.register_checked = '';
      fields.declared_carrier_name = '';
    } else if (fields.register_checked === REGISTER_CHECKED) {
      const register = declarableRegisterOf(fields.declared_number);
      if (isBlank(fields.declared_carrier_name)) {
        errors.declared_carrier_name = `Enter the carrier's name as ${DECLARABLE[register].name}'s register shows it.`;
      }
      body.declared_registration = { register, carrier_name: fields.declared_carrier_name };
    }
  }
  if (part === 'D') {
    body.premises_phone = given(fields.premises_phone);
    body.premises_email = given(fields.premises_email);
  }
  if (part === 'E') {
    body.received_date = given(fields.received_date);
    body.received_time = given(fields.received_time);
    body.vehicle_registration = given(fields.vehicle_registration);
    if (note.consignee.permit_number) body.permit_number = given(fields.permit_number);
    if (note.multiple_collection) {
      const total = fields.consignments_in_collection;
      // Digits only here; the service's own rule (1 to 1000) words what is out of range.
      if (!/^\d+$/.test(total)) {
        errors.consignments_in_collection =
          'Enter how many consignments formed the collection, as a whole number from 1 to 1000, for example 6.';
      } else body.consignments_in_collection = Number(total);
    }
    // A line partly rejected is answered twice (part-e-rules.ts, partE): the accepted part in the line's
    // place, the rejected part after every line, so the service's problems with a line's own answer
    // still point at that line's fields.
    const rejectedParts: NonNullable<LinkBody['lines']> = [];
    body.lines = note.lines.map((_, i) => {
      const quantity = kilograms(fields[lineField(i, 'quantity_received_kg')]);
      if (quantity === undefined) {
        errors[lineField(i, 'quantity_received_kg')] =
          'Enter the quantity received in kilograms, as a number, for example 176 or 176.5 (a full stop before decimals).';
      }
      const choice = fields[lineField(i, 'accepted')];
      if (choice !== 'accepted' && choice !== 'rejected' && choice !== 'partly') {
        errors[lineField(i, 'accepted')] = 'Choose whether this waste was accepted or rejected.';
      }
      const reason = given(fields[lineField(i, 'rejection_reason')]);
      let accepted = quantity ?? 0;
      if (choice === 'partly') {
        const rejected = kilograms(fields[rejectedPartField(i)]);
        if (rejected === undefined || rejected <= 0 || (quantity !== undefined && rejected >= quantity)) {
          errors[rejectedPartField(i)] =
            'Enter the quantity rejected in kilograms: more than 0 and less than the quantity received, for example 36.';
        } else {
          // Both parts to the gram, so that they add up to the quantity received.
          accepted = grams(accepted) - grams(rejected);
          rejectedParts.push({
            line: i + 1,
            quantity_received_kg: grams(rejected),
            accepted: false,
            rejection_reason: reason,
          });
        }
        if (!reason) errors[lineField(i, 'rejection_reason')] = 'Enter why part of this line was rejected.';
      } else if (fields[rejectedPartField(i)]) {
        // A part rejected, given with the whole line accepted or rejected, is not dropped unread: Part E is final.
        errors[rejectedPartField(i)] =
          'Choose “Part accepted, part rejected” for a quantity rejected, or clear it.';
      }
      return {
        line: i + 1,
        quantity_received_kg: grams(accepted),
        accepted: choice !== 'rejected',
        // The page shows every box; only those the choice asks for are the signer's answer.
        rejection_reason: choice === 'rejected' ? reason : undefined,
        operation: choice === 'rejected' ? undefined : given(fields[lineField(i, 'operation')]),
      };
    });
    body.lines.push(...rejectedParts);
  }
  const values = { signature, fields };
  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, values, body, drawing: signature.drawing || null };
}

const LABELS: Record<string, string> = {
  name: 'Full name',
  position: 'Position',
  on_behalf_of: 'On behalf of',
  registration_number: 'Carrier registration number',
  vehicle_registration: 'Vehicle registration',
  collection_date: 'Collection date',
  collection_time: 'Collection time',
  premises_phone: 'Telephone of the premises',
  premises_email: 'Email of the premises',
  received_date: 'Date received',
  quantity_rejected_kg: 'Quantity rejected',
  received_time: 'Time received',
  permit_number: 'Permit or exemption number',
  consignments_in_collection: 'Consignments in the collection',
  quantity_received_kg: 'Quantity received',
  accepted: 'Accepted or rejected',
  rejection_reason: 'Reason for rejection',
  operation: 'Operation',
  declared_carrier_name: "Carrier's name on the register",
};

/** Where a refusal leaves the page: words beside fields, and what concerns no one field. */
export interface Problems {
  errors: FormErrors;
  general: string[];
}

/**
 * The service's refusal in the form's words: each detail (`/vehicle_registration`, `/lines/0/operation`)
 * beside its input; a refusal that means more than "see details" (the carrier is not registered, the
 * register could not be asked) above the form.
 */
export function problemsOf(error: ApiError, ids: readonly string[]): Problems {
  const errors: FormErrors = {};
  const general: string[] = [];
  for (const { field, issue } of error.details ?? []) {
    const id = field.replace(/^\//, '').replaceAll('/', '-');
    const label = LABELS[id.replace(/^lines-\d+-/, '')];
    if (ids.includes(id) && label) errors[id] ??= `${label} ${issue}.`;
    else general.push(`${field.replace(/^\//, '') || 'The form'} ${issue}.`);
  }
  if (error.code === 'EA_REGISTER_UNAVAILABLE') {
    general.unshift(
      "We could not check the carrier's registration with the Environment Agency's register just now, so nothing has been signed. Wait a minute, then press Sign again.",
    );
  } else if (error.code === 'CARRIER_NOT_REGISTERED') {
    let message = error.message;
    for (const register of Object.keys(DECLARABLE) as DeclarableRegister[]) {
      message = message.replace(
        signAsDeclared(register),
        `tick “${boxFor(register)}” below, give the carrier’s name as ${DECLARABLE[register].short}’s register shows it, and sign again.`,
      );
    }
    general.unshift(message);
  } else if (
    (error.code !== 'CONSIGNMENT_NOTE_INVALID' && error.code !== 'INVALID_REQUEST') ||
    !error.details?.length
  ) {
    general.unshift(error.message);
  }
  return { errors, general };
}

/** The problems as the summary lists them: what concerns the whole form first, then field by field. */
export function summaryOf(problems: Problems, ids: readonly string[]): ErrorItem[] {
  const { errors, general } = problems;
  const target = (id: string) => (id === 'drawing' ? 'signature-pad' : id);
  return [
    ...general.map((message) => ({ message })),
    ...ids
      .filter((id) => errors[id])
      .map((id) => ({ message: lineLabel(id, errors[id]!), target: target(id) })),
  ];
}

/** In the summary, a Part E line's problem says which line: "Line 2: Operation is required…". */
function lineLabel(id: string, message: string): string {
  const line = /^lines-(\d+)-/.exec(id);
  return line ? `Line ${Number(line[1]) + 1}: ${message}` : message;
}
