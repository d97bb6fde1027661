// What each tool answers: a few lines an assistant can quote to a person, citing the register check or
// the note reference, and the key fields as structured data. The full API answer stays one
// get_transfer_note or REST call away.
import { expiryPhrase } from '../carriers/expiry-words.ts';
import type { VerifyCarrierResult } from '../carriers/verify-result.ts';
import type { WasteTransferNote } from '../wtn/wtn-schemas.ts';

interface Summary {
  text: string;
  structured: Record<string, unknown>;
}

export function carrierSummary(result: VerifyCarrierResult): Summary {
  const several = result.status === 'multiple_matches';
  const [best] = several ? [] : result.registrations;
  const { verification: v, compliance } = result;
  const lines: string[] = [];
  if (several) {
    lines.push(
      `${result.registrations.length} registrations match, so no one carrier was checked (status multiple_matches):`,
      ...result.registrations.map((r) => `- ${registrationLine(r)}`),
    );
  } else if (best) {
    lines.push(`${best.registration_number}: ${result.status} - ${registrationLine(best, false)}`);
  } else {
    lines.push('Not on the register (status not_found).');
  }
  lines.push(
    `Checked against the ${v.source} at ${v.checked_at}${v.cached ? ` (register read ${v.retrieved_at})` : ''}.`,
  );
  if (v.mirror)
    lines.push(
      `The imported export was published on ${v.mirror.published_on} (${v.mirror.age_days} days old).`,
    );
  lines.push(`Compliant: ${compliance.is_compliant ? 'yes' : 'no'}${flagText(compliance.flags)}.`);
  lines.push(compliance.recommendation);
  return {
    text: lines.join('\n'),
    structured: {
      status: result.status,
      registration_number: best?.registration_number ?? null,
      business_name: best?.business_name ?? null,
      tier: best?.tier ?? null,
      expiry_date: best?.expiry_date ?? null,
      days_until_expiry: best?.days_until_expiry ?? null,
      is_compliant: compliance.is_compliant,
      flags: compliance.flags,
      recommendation: compliance.recommendation,
      checked_at: v.checked_at,
      source: v.source,
      origin: v.origin,
      matches: result.registrations.length,
    },
  };
}

type Registration = VerifyCarrierResult['registrations'][number];

/** "Sandbox Skips Limited, upper tier, expires 2027-12-31 (in 400 days)." with the number and status first when listed. */
function registrationLine(r: Registration, listed = true): string {
  const expiry = r.expiry_date === null ? 'no expiry' : expiryPhrase(r.expiry_date, r.days_until_expiry ?? 0);
  const facts = `${r.business_name}, ${r.tier} tier, ${expiry}.`;
  return listed ? `${r.registration_number} (${r.status}): ${facts}` : facts;
}

const flagText = (flags: readonly string[]) => (flags.length > 0 ? `; flags: ${flags.join(', ')}` : '');

interface Classification {
  ewc_code: string;
  description: string;
  is_hazardous: boolean;
  confidence: number;
}

export interface ClassifyResult {
  classifications: Classification[];
  compliance: {
    hazardous_waste: boolean;
    flags: string[];
    disposal_notes: string;
    requires_consignment_note: boolean;
    assessment_needed?: {
      question: string;
      answers: Array<{
        answer: string;
        ewc_code: string;
        is_hazardous: boolean;
        send: Record<string, string>;
      }>;
      until_answered: { guidance: string };
    } | null;
  };
  metadata: { classified_at: string; model_version: string };
}

/** The deciding question as a person reads it: the question, each answer with its code, what to do meanwhile. */
function questionLines(open: ClassifyResult['compliance']['assessment_needed']): string[] {
  if (!open) return [];
  return [
    `Question: ${open.question}`,
    ...open.answers.map(
      (a) =>
        `- ${a.answer}: ${a.ewc_code}${a.is_hazardous ? '*' : ''} (send ${Object.entries(a.send)
          .map(([k, v]) => `${k}: "${v}"`)
          .join(', ')} with the same description)`,
    ),
    `Until it is answered: ${open.until_answered.guidance}`,
  ];
}

export function classificationSummary(result: ClassifyResult): Summary {
  const ranked = result.classifications.map(
    (c, i) =>
      `${i + 1}. ${c.ewc_code}${c.is_hazardous ? '* (hazardous)' : ''} - ${c.description} (confidence ${c.confidence.toFixed(2)})`,
  );
  const { compliance } = result;
  const lines = [
    ...(ranked.length > 0 ? ranked : ['No List of Wastes code fits this description well enough.']),
    `Flags: ${compliance.flags.length > 0 ? compliance.flags.join(', ') : 'none'}.`,
    compliance.requires_consignment_note
      ? 'The top code is hazardous: the waste moves on a hazardous waste consignment note (create_consignment_note), not a transfer note.'
      : 'The top code is not hazardous.',
    ...questionLines(compliance.assessment_needed),
    compliance.disposal_notes,
    `Classified at ${result.metadata.classified_at} by ${result.metadata.model_version}.`,
  ];
  return {
    text: lines.filter(Boolean).join('\n'),
    structured: {
      classifications: result.classifications.map(({ ewc_code, description, is_hazardous, confidence }) => ({
        ewc_code,
        description,
        is_hazardous,
        confidence,
      })),
      hazardous_waste: compliance.hazardous_waste,
      requires_consignment_note: compliance.requires_consignment_note,
      flags: compliance.flags,
      assessment_needed: compliance.assessment_needed ?? null,
      model_version: result.metadata.model_version,
    },
  };
}

/** The note's key fields: what a person asks about a note, and what to quote back. */
function noteFields(note: WasteTransferNote): Record<string, unknown> {
  return {
    reference: note.reference,
    mode: note.mode,
    status: note.status,
    superseded_by: note.superseded_by,
    transfer_date: note.transfer_date,
    producer: note.producer.name,
    carrier: {
      registration_number: note.carrier.registration_number,
      business_name: note.carrier.business_name,
      status: note.carrier.status,
      verified: note.carrier.verified,
      register_origin: note.carrier.register_origin,
    },
    waste: {
      ewc_code: note.waste.ewc_code,
      is_hazardous: note.waste.is_hazardous,
      description: note.waste.description,
      quantity_kg: note.waste.quantity_kg,
    },
    destination: note.destination.name,
    is_compliant: note.compliance.is_compliant,
    flags: note.compliance.flags.map((f) => f.code),
    warnings: note.compliance.warnings.map((w) => w.code),
    signed: note.signed,
    created_at: note.created_at,
  };
}

export function noteSummary(note: WasteTransferNote, verb: 'Created' | 'Found'): Summary {
  const c = note.carrier;
  const w = note.waste;
  const carrierCheck = c.verified
    ? `${c.status} on the register (${c.register_origin})`
    : 'not verified against the register';
  const lines = [
    `${verb} transfer note ${note.reference} (${note.mode}, ${note.status}${note.superseded_by ? `, superseded by ${note.superseded_by}` : ''}, ${note.signed}).`,
    `Transfer on ${note.transfer_date} from ${note.producer.name} to ${note.destination.name}.`,
    `Carrier ${c.registration_number}${c.business_name ? ` (${c.business_name})` : ''}: ${carrierCheck}.`,
    `Waste: ${w.ewc_code ?? 'no code'}${w.is_hazardous ? '* (hazardous)' : ''} ${w.ewc_description ?? ''} - ${w.description}${w.quantity_kg === null ? '' : `, ${w.quantity_kg} kg`}.`,
    `Compliant: ${note.compliance.is_compliant ? 'yes' : 'no'}.`,
    ...note.compliance.flags.map((f) => `Flag ${f.code}: ${f.message}`),
    ...note.compliance.warnings.map((f) => `Warning ${f.code}: ${f.message}`),
  ];
  return { text: lines.join('\n'), structured: noteFields(note) };
}

export interface NoteList {
  data: WasteTransferNote[];
  has_more: boolean;
  next_starting_after: string | null;
}

export function noteListSummary(list: NoteList): Summary {
  const lines = list.data.map(
    (n) =>
      `${n.reference}  ${n.transfer_date}  ${n.carrier.registration_number}  ${n.waste.ewc_code ?? '--'}  ${n.compliance.is_compliant ? 'compliant' : 'NOT compliant'}  ${n.status}  ${n.signed}`,
  );
  if (lines.length === 0) lines.push('No transfer notes match.');
  if (list.has_more) lines.push(`More notes: call again with starting_after "${list.next_starting_after}".`);
  return {
    text: lines.join('\n'),
    structured: {
      notes: list.data.map(noteFields),
      has_more: list.has_more,
      next_starting_after: list.next_starting_after,
    },
  };
}

export interface EwcEntry {
  code: string;
  display_code: string;
  description: string;
  is_hazardous: boolean;
  entry_type: string;
  chapter: string;
  subchapter: string;
  mirror_of: string[];
  note: string | null;
}

const ENTRY_TYPES: Record<string, string> = {
  AH: 'absolute hazardous',
  AN: 'absolute non-hazardous',
  MH: 'mirror hazardous',
  MN: 'mirror non-hazardous',
};

export function ewcEntrySummary(entry: EwcEntry): Summary {
  const lines = [
    `${entry.display_code} - ${entry.description}`,
    `${ENTRY_TYPES[entry.entry_type] ?? entry.entry_type} entry; chapter ${entry.chapter}; sub-chapter ${entry.subchapter}.`,
  ];
  if (entry.mirror_of.length > 0)
    lines.push(`Mirror partner on the other hazard side: ${entry.mirror_of.join(', ')}.`);
  if (entry.note) lines.push(entry.note);
  return { text: lines.join('\n'), structured: { ...entry } };
}

/** A search may match hundreds of entries: the text lists the first few, the data all of them. */
const LISTED = 25;

export function ewcListSummary(list: { count: number; codes: EwcEntry[] }): Summary {
  const lines = list.codes.slice(0, LISTED).map((e) => `${e.display_code} - ${e.description}`);
  if (list.count === 0) lines.push('No entry of the List of Wastes matches.');
  if (list.count > LISTED) lines.push(`... and ${list.count - LISTED} more: narrow with chapter or q.`);
  return {
    text: [`${list.count} entries of the List of Wastes.`, ...lines].join('\n'),
    structured: {
      count: list.count,
      codes: list.codes.map((e) => ({
        code: e.code,
        description: e.description,
        is_hazardous: e.is_hazardous,
      })),
    },
  };
}
