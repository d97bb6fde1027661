import { isScottishNumber } from '../carriers/registration-number.ts';
import { londonDate, londonTime } from '../platform/clock.ts';
import { ApiError } from '../platform/errors.ts';
import { signatureProblems } from '../platform/person-name.ts';
import type { CarrierVerification } from '../wtn/dependencies.ts';
import { type Issues, required, visibleOrNull } from './consignment-rules.ts';
import type { ConsignmentNote, PartC, PartD, SignConsignmentBody } from './consignment-schemas.ts';

/**
 * The declarations of Parts C and D as printed (Part E's, with its blanks filled, is part-e-rules.ts),
 * after the form in Schedule 4 SI 2005/894 as GOV.UK's example note words them (the exact current wording is unconfirmed: docs/consignment-notes.md). Part
 * D carries the waste hierarchy declaration added in 2011 (reg 12 Waste (England and Wales)
 * Regulations 2011).
 */
export const DECLARATIONS = {
  C: 'I certify that I today collected the consignment and that the details in A2, A4 and B3 are correct and I have been advised of any specific handling requirements.',
  D: 'I certify that the information in A, B and C has been completed and is correct, that the carrier is registered or exempt and was advised of the appropriate precautionary measures. All of the waste is packaged and labelled correctly and the carrier has been advised of any special handling requirements. I confirm that I have fulfilled my duty to apply the waste hierarchy as required by Regulation 12 of the Waste (England and Wales) Regulations 2011.',
} as const;

/** Who signs and how: the part of every signature that is the same. */
export interface Signer {
  name: string;
  position: string | null;
  on_behalf_of: string | null;
  signed_at: string;
  method: 'api' | 'signing_link';
  /** Who vouched for the signature (the API key, or the signing link): docs/consignment-notes.md. */
  authentication: NonNullable<PartC['authentication']>;
}

/** What only some parts ask for: sent with another part, it would be dropped unread, so it is refused. */
const OWN_FIELDS = {
  registration_number: ['C'],
  vehicle_registration: ['C', 'E'],
  collection_date: ['C'],
  collection_time: ['C'],
  declared_registration: ['C'],
  premises_phone: ['D'],
  premises_email: ['D'],
  received_date: ['E'],
  received_time: ['E'],
  permit_number: ['E'],
  lines: ['E'],
  consignments_in_collection: ['E'],
} as const satisfies Partial<Record<keyof SignConsignmentBody, readonly string[]>>;

/** A value that says something: a client sending one body shape for every part leaves the rest empty. */
const says = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== false &&
  !(typeof value === 'string' && value.trim() === '') &&
  !(Array.isArray(value) && value.length === 0);

/** Fields of another part in a signature's body, each an issue naming the part it belongs to. */
export function otherPartsFields(body: SignConsignmentBody, issues: Issues): void {
  for (const [field, parts] of Object.entries(OWN_FIELDS) as Array<
    [keyof typeof OWN_FIELDS, readonly string[]]
  >) {
    if (parts.includes(body.part) || !says(body[field])) continue;
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      `/${field}`,
      `is for Part ${parts.join(' or Part ')}: leave it out when signing Part ${body.part}`,
    );
  }
}

/** The signer's name and position under the one rule for printed names. */
export function signerOf(
  body: Pick<SignConsignmentBody, 'name' | 'position' | 'on_behalf_of'>,
  at: Date,
  origin: Pick<Signer, 'method' | 'authentication'>,
  issues: Issues,
): Signer {
  const { name, position, on_behalf_of } = body;
  for (const { field, problem } of signatureProblems({ name, position, on_behalf_of })) {
    issues.add('CONSIGNMENT_NOTE_INVALID', field, problem);
  }
  return {
    name: body.name.trim(),
    position: visibleOrNull(body.position),
    on_behalf_of: visibleOrNull(body.on_behalf_of),
    signed_at: at.toISOString(),
    ...origin,
  };
}

/**
 * How far Part C's collection time may run past the signing, or before the note was made, on the same
 * day: a driver writes the time from a watch or rounds it, and the note's own clock is the server's.
 */
export const TIME_SLACK_MINUTES = 15;

/**
 * A number plate as it is printed, upper-cased first (one character can become two: "ß" is "SS"):
 * letters of any alphabet and digits (a lorry from abroad has its own plate), spaces and hyphens.
 */
const VEHICLE_MAX = 20;
const VEHICLE_REGISTRATION = new RegExp(
  `^(?=.{1,${VEHICLE_MAX}}$)[\\p{L}\\p{N}](?:[\\p{L}\\p{N} -]*[\\p{L}\\p{N}])?$`,
  'u',
);

/**
 * The moments a UK date and `HH:MM` time can mean: one, two in the hour the clocks go back (BST, then
 * GMT), and for a time the clocks skip in spring the two readings either side of the jump.
 */
export function londonMoments(date: string, time: string): number[] {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const readings = [asUtc - 3_600_000, asUtc];
  const exact = readings.filter((m) => londonDate(new Date(m)) === date && londonTime(new Date(m)) === time);
  return exact.length > 0 ? exact : readings;
}

/**
 * A vehicle's registration as it is recorded: composed first ("Ö" typed as O and a combining mark is one
 * letter), upper-cased, runs of spaces as one. Undefined when none is given; an issue when it is not the
 * letters and digits of a plate (a mode of transport, "RAIL", passes as one word).
 */
export function vehicleOf(given: string | undefined, issues: Issues): string | undefined {
  const vehicle = given?.normalize('NFC').trim().toUpperCase().replace(/\s+/g, ' ');
  if (!vehicle) return undefined;
  if (!VEHICLE_REGISTRATION.test(vehicle)) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/vehicle_registration',
      `must be the letters and digits of a number plate (e.g. AB12 CDE), with spaces or hyphens, ${VEHICLE_MAX} characters at most`,
    );
  }
  return vehicle;
}

/** A carrier number as Part C records it: spaces, hyphens and case aside. */
export const carrierNumberText = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');

/** The carrier number Part C is signed for: the body's, else the one Part A named. */
export function carrierNumberFor(note: ConsignmentNote, body: SignConsignmentBody, issues: Issues): string {
  const number = (body.registration_number ?? note.carrier.registration_number ?? '').trim().toUpperCase();
  if (number === '') {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/registration_number',
      "is required: the carrier's registration number (Part A did not name one)",
    );
  }
  return carrierNumberText(number);
}

/** Part C's vehicle and collection, as they are recorded. */
export interface Collection {
  vehicle_registration: string;
  collection_date: string;
  collection_time: string;
}

/**
 * Part C's vehicle, date and time, checked: what the signer gives besides the carrier, so it is
 * refused before the register is asked.
 */
export function collectionOf(
  note: ConsignmentNote,
  body: SignConsignmentBody,
  signer: Signer,
  issues: Issues,
): Collection {
  const vehicle = vehicleOf(body.vehicle_registration, issues) ?? '';
  if (vehicle === '') {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/vehicle_registration',
      'is required for Part C: the collecting vehicle',
    );
  }
  const at = new Date(signer.signed_at);
  const today = londonDate(at);
  const date = body.collection_date ?? today;
  // The carrier certifies "I today collected the consignment", before the waste is removed (NRW, "How
  // to complete a hazardous waste consignment note"): a Part C dated another day says something false.
  // The note is made before the waste leaves, so this also keeps the collection on or after its making.
  if (date > today) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/collection_date',
      `must not be after today (${today}): Part C certifies a collection made`,
    );
  } else if (date < today) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/collection_date',
      `must be today (${today}), the day Part C is signed: the carrier certifies "I today collected the consignment", before the waste leaves`,
    );
  }
  const made = londonDate(new Date(note.created_at));
  // The same two rules to the moment, with the slack of a time written from a watch: a collection more
  // than TIME_SLACK_MINUTES after the signing, or before the note was made, is refused. The date and
  // time are UK time; in the hour the clocks go back they can mean either of two moments.
  const time = body.collection_time ?? londonTime(at);
  const slack = TIME_SLACK_MINUTES * 60_000;
  const created = new Date(note.created_at);
  const moments = londonMoments(date, time);
  if (date <= today && moments.every((m) => m > at.getTime() + slack)) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/collection_time',
      `must not be after ${londonTime(at)} (UK time), when Part C is signed: Part C certifies a collection made`,
    );
  } else if (date >= made && moments.every((m) => m < created.getTime() - slack)) {
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      '/collection_time',
      `must not be before ${londonTime(created)} (UK time) on ${made}, when this note was made: a consignment note is prepared before the waste is collected`,
    );
  }
  return { vehicle_registration: vehicle, collection_date: date, collection_time: time };
}

/** Part C: the carrier's certificate, with what the register said there and then. */
export function partC(
  note: ConsignmentNote,
  body: SignConsignmentBody,
  signer: Signer,
  number: string,
  collection: Collection,
  /** What the EA register said; none for a Scottish number, which it cannot be asked about. */
  verification: CarrierVerification | undefined,
  issues: Issues,
): PartC {
  const registration = verification?.registrations[0];
  // The signer's word stands only for a number the Environment Agency's register does not hold, or
  // cannot be asked about (a Scottish number).
  const given = body.declared_registration;
  const declared =
    given &&
    (!verification || (verification.status === 'not_found' && !verification.verification.last_listed_on))
      ? { register: given.register, carrier_name: given.carrier_name.trim() }
      : undefined;
  if (declared) {
    required(
      declared.carrier_name,
      '/declared_registration/carrier_name',
      issues,
      `the carrier's name as ${DECLARABLE[declared.register].name}'s register shows it`,
    );
  }
  return {
    ...signer,
    declaration: DECLARATIONS.C,
    registration_number: registration?.registration_number ?? number,
    carrier_name: registration?.business_name ?? declared?.carrier_name ?? null,
    register_status: verification?.status ?? 'not_checked',
    register_checked_by: verification?.verification.origin ?? 'none',
    registration_expiry_date: registration?.expiry_date ?? null,
    ...(declared && { declared_registration: declared }),
    ...collection,
    round_number: note.multiple_collection?.round_number ?? null,
    collection_number: note.multiple_collection?.collection_number ?? null,
  };
}

/**
 * The registers a carrier may be declared on at Part C: each valid for carrying waste anywhere in Great
 * Britain, none of them queryable by this service (`../shared/reference/ea-public-register.md`).
 * Northern Ireland's is not among them: its registration does not cover Great Britain.
 */
export const DECLARABLE = {
  nrw: { name: 'Natural Resources Wales', short: 'NRW', nation: 'Wales' },
  sepa: { name: 'the Scottish Environment Protection Agency', short: 'SEPA', nation: 'Scotland' },
} as const;
export type DeclarableRegister = keyof typeof DECLARABLE;

/** Where a Part C number may be declared: SEPA's numbers are its own; NRW issues CBDU/CBDL as the EA does. */
export const declarableRegisterOf = (number: string): DeclarableRegister =>
  isScottishNumber(number) ? 'sepa' : 'nrw';

/** How the API asks for the declaration (the signing page words it as its own box). */
export const signAsDeclared = (register: DeclarableRegister) =>
  `sign Part C again with declared_registration: {"register": "${register}", "carrier_name": the name ${DECLARABLE[register].short} shows}.`;

/**
 * A declaration for another register than the number's: SEPA does not issue CBDU/CBDL numbers, and a
 * Scottish number is not Natural Resources Wales's. Asked only where the declaration would be taken (a
 * Scottish number, or one the EA register does not hold): a number of neither kind is refused as it is
 * (INVALID_REGISTRATION_NUMBER), and one the register holds needs no declaration.
 */
export function checkDeclaredRegister(number: string, body: SignConsignmentBody, issues: Issues): void {
  const given = body.declared_registration?.register;
  const register = declarableRegisterOf(number);
  if (given === undefined || given === register) return;
  issues.add(
    'CONSIGNMENT_NOTE_INVALID',
    '/declared_registration/register',
    register === 'sepa'
      ? `is "${given}", but ${number} is a Scottish (SEPA) number: declare "sepa" if SEPA's register lists it`
      : `is "${given}", but ${number} is not a Scottish (SEPA) number (WCR/R/ and 7 digits, or SCO/, SEA/, SNO/, SWE/ or WCR/ and 6), and the Environment Agency's register does not hold it: a CBDU or CBDL number may be on Natural Resources Wales's register ("nrw")`,
  );
}

/**
 * Part C for a Scottish number without the signer's declaration: the Environment Agency's register
 * cannot be asked about it, and nothing else vouches for it.
 */
export function scottishUndeclared(number: string): ApiError {
  return new ApiError(
    'CARRIER_NOT_REGISTERED',
    `${number} is a Scottish (SEPA) registration number, which the Environment Agency's public register does not hold and this service cannot check: Part C cannot be signed and the waste must not be handed over until it is. A SEPA registration is valid for carrying waste anywhere in Great Britain: check the number on SEPA's register of carriers and brokers, and if SEPA lists it as registered, ${signAsDeclared('sepa')}`,
    [{ field: '/registration_number', issue: "is a Scottish (SEPA) number, on SEPA's register only" }],
  );
}

/**
 * The register's answer for Part C: an expired or unknown carrier is refused (the consignor must not
 * hand hazardous waste to it: s.34 EPA 1990), as a lower tier is not (it may carry its own waste).
 * Natural Resources Wales keeps its own register, which cannot be queried, so a number the Environment
 * Agency's does not hold is signed when the signer declares it registered there (`declared_registration`).
 */
export function refuseUnregistered(
  number: string,
  verification: CarrierVerification,
  declared: boolean,
): void {
  const listedUntil = verification.verification.last_listed_on;
  if (verification.status === 'not_found' && listedUntil) {
    // An Environment Agency registration it has revoked or deregistered: no other register stands for it.
    throw new ApiError(
      'CARRIER_NOT_REGISTERED',
      `${number} was on the Environment Agency's public register when last checked on ${listedUntil} and no longer is: the registration has been revoked or deregistered. Part C cannot be signed and the waste must not be handed over.`,
      [{ field: '/registration_number', issue: 'is no longer on the public register' }],
    );
  }
  if (verification.status === 'expired') {
    const expiry = verification.registrations[0]?.expiry_date;
    throw new ApiError(
      'CARRIER_REGISTRATION_EXPIRED',
      `The carrier's registration ${number} expired${expiry ? ` on ${expiry}` : ''}: Part C cannot be signed and the waste must not be handed over. The carrier must renew, or another registered carrier collect.`,
      [{ field: '/registration_number', issue: 'is an expired registration' }],
    );
  }
  if (verification.status === 'not_found' && !declared) {
    throw new ApiError(
      'CARRIER_NOT_REGISTERED',
      `${number} is not on the Environment Agency's public register of waste carriers: Part C cannot be signed and the waste must not be handed over. A carrier registered in Wales is on Natural Resources Wales's register instead, which this service cannot query: check the number there, and if NRW lists it as registered, ${signAsDeclared('nrw')}`,
      [{ field: '/registration_number', issue: 'is not on the public register' }],
    );
  }
}

/** One of the premises' contact fields of Part A2, each with the rule that makes a value usable. */
const CONTACT = {
  phone: {
    field: 'premises_phone',
    what: 'telephone',
    // As people write one: digits with spaces, brackets, dashes and a leading +; 7 to 15 digits (15 is
    // the international maximum, ITU-T E.164), and not one digit over and over ("0000000").
    usable: (v: string) => {
      const digits = v.replace(/\D/g, '');
      return (
        /^\+?[\d ()-]+$/.test(v) && digits.length >= 7 && digits.length <= 15 && !/^(\d)\1+$/.test(digits)
      );
    },
    rule: 'must be a telephone number: 7 to 15 digits, with spaces, brackets, dashes and a leading + if you like (e.g. 01202 123456)',
  },
  email: {
    field: 'premises_email',
    what: 'email',
    // A name, "@", and a domain of dot-separated labels, none empty ("a@b.." and "office@example.com." are
    // not), with no control or invisible format character (a text-direction control reorders it in print).
    usable: (v: string) => /^[^\s@\p{Cc}\p{Cf}]+@[^\s@.\p{Cc}\p{Cf}]+(\.[^\s@.\p{Cc}\p{Cf}]+)+$/u.test(v),
    rule: 'must be an email address (e.g. office@example.co.uk)',
  },
} as const;
type ContactKind = keyof typeof CONTACT;

/** Runs of spaces, tabs and line breaks as one space, ends trimmed. */
const oneSpaced = (value: string) => value.replace(/\s+/g, ' ').trim();

/** One of the premises' contact details as the note holds it: where it comes from, or that it is missing. */
export type PremisesContact = { value: string; from: 'A2' | 'D' } | { value: string | null; from: null };

/**
 * The premises' telephone or email: Part A2's when it is a usable one, else what the consignor gave at
 * Part D, else missing (with A2's unusable value, if any, as written).
 */
export function premisesContact(note: ConsignmentNote, kind: ContactKind): PremisesContact {
  const inPartA = note.producer[kind];
  if (inPartA && CONTACT[kind].usable(oneSpaced(inPartA))) return { value: inPartA, from: 'A2' };
  const atPartD = note.parts.D?.[CONTACT[kind].field];
  if (atPartD) return { value: atPartD, from: 'D' };
  return { value: inPartA, from: null };
}

/** The fields Part D must give: the premises' contact details Part A2 lacks, or holds no usable one of. */
export const askedAtPartD = (note: ConsignmentNote) =>
  (['phone', 'email'] as const)
    .filter((kind) => premisesContact(note, kind).from === null)
    .map((kind) => CONTACT[kind].field);

/**
 * The premises' contact as one line: the name, then the telephone and email, saying which the consignor
 * gave at Part D (the portal, the signing page, the MCP summary).
 */
export function contactLine(note: ConsignmentNote): string {
  const parts = [note.producer.contact];
  for (const kind of ['phone', 'email'] as const) {
    const { value, from } = premisesContact(note, kind);
    if (value)
      parts.push(
        from === 'D' ? `${value} (given at Part D)` : from === 'A2' ? value : `${value} (not usable)`,
      );
  }
  return parts.join(', ');
}

/**
 * Part D, the consignor's certificate, the last word before the waste moves. GOV.UK says not to use a
 * note whose telephone or email is missing (`../shared/reference/consignment-notes-and-wm3.md` §1.1); on
 * paper the blank is written in (the PDF leaves one), but a note signed here moves with no paper to
 * write on. So while Part A2 lacks either (or holds something that is none, "tbc"), Part D is refused
 * until the consignor gives it, and what they give is recorded as theirs, in Part D: Part A stays as it
 * was made.
 */
export function partD(
  note: ConsignmentNote,
  body: SignConsignmentBody,
  signer: Signer,
  issues: Issues,
): PartD {
  const part: PartD = { ...signer, declaration: DECLARATIONS.D };
  const phone = givenContact(note, 'phone', body.premises_phone, issues);
  if (phone !== undefined) part.premises_phone = phone;
  const email = givenContact(note, 'email', body.premises_email, issues);
  if (email !== undefined) part.premises_email = email;
  return part;
}

/**
 * What Part D gives for one of A2's contact details, to record: required when A2 has no usable one;
 * refused when A2 has one, unless it is the same (a client that always sends both need not look first).
 */
function givenContact(
  note: ConsignmentNote,
  kind: ContactKind,
  given: string | undefined,
  issues: Issues,
): string | undefined {
  const { field, what, usable, rule } = CONTACT[kind];
  const value = given === undefined ? undefined : oneSpaced(given) || undefined;
  const inPartA = note.producer[kind];
  if (inPartA && premisesContact(note, kind).from === 'A2') {
    const same = (a: string, b: string) =>
      kind === 'email' ? a.toLowerCase() === b.toLowerCase() : a.replace(/\D/g, '') === b.replace(/\D/g, '');
    if (value !== undefined && !same(value, oneSpaced(inPartA))) {
      issues.add(
        'CONSIGNMENT_NOTE_INVALID',
        `/${field}`,
        `is only for a note whose Part A2 has no ${what}: this one gives ${inPartA}, so leave it out`,
      );
    }
    return undefined;
  }
  if (value === undefined) {
    const missing = inPartA ? `Part A2's ${what} "${inPartA}" is not one` : `Part A2 has no ${what}`;
    issues.add(
      'CONSIGNMENT_NOTE_INVALID',
      `/${field}`,
      `is required: ${missing}, and GOV.UK says not to use a consignment note without one. Give the premises' ${what}; it is recorded as the consignor's, in Part D`,
    );
    return undefined;
  }
  if (!usable(value)) {
    issues.add('CONSIGNMENT_NOTE_INVALID', `/${field}`, rule);
    return undefined;
  }
  return value;
}
