import { formatPostcode, isIsoDate, type RegisterRecord } from './register-record.ts';

/**
 * The columns we read from the EA's bulk export. Two header sets are in use: the EPR feed the back
 * office builds nightly ("Registration number", "Organisation name", ..., "Expiry date", "Company
 * number"; waste-carriers-back-office epr_serializer.rb) and the ePR's own CSV ("Registration Number",
 * "Business Name", "Registration Tier", "Renewal Date", ...). Headings are matched case-insensitively.
 */
const ALIASES: Record<string, Field> = {
  'registration number': 'number',
  'organisation name': 'name',
  'business name': 'name',
  'registration tier': 'tier',
  tier: 'tier',
  'expiry date': 'expiry',
  // The ePR CSV calls the expiry date "Renewal Date": the date by which the registration must be renewed.
  'renewal date': 'expiry',
  'company number': 'company',
  postcode: 'postcode',
  'registration type': 'registrationType',
  'applicant type': 'applicantType',
  'registration date': 'registrationDate',
  address: 'address',
  building: 'address1',
  'address line 1': 'address2',
  'address line 2': 'address3',
  'address line 3': 'address4',
  'address line 4': 'address5',
  town: 'address6',
};

type Field =
  | 'number'
  | 'name'
  | 'tier'
  | 'expiry'
  | 'company'
  | 'postcode'
  | 'registrationType'
  | 'applicantType'
  | 'registrationDate'
  | 'address'
  | `address${1 | 2 | 3 | 4 | 5 | 6}`;

export type ExportRow = Partial<Record<Field, string>>;

const REQUIRED: { field: Field; heading: string }[] = [
  { field: 'number', heading: 'Registration number' },
  { field: 'name', heading: 'Organisation name (or Business Name)' },
  { field: 'tier', heading: 'Registration tier' },
  { field: 'expiry', heading: 'Expiry date (or Renewal Date)' },
];

export class ExportFormatError extends Error {}

/**
 * Reads the header row: returns how to turn each following record (an array of cells) into named
 * fields, or throws ExportFormatError naming every required column that is missing, before a single
 * row is written. Unknown columns are ignored.
 */
export function rowReader(headings: string[]): (cells: string[]) => ExportRow {
  const fields = headings.map(
    (h) =>
      ALIASES[
        h
          .replace(/^\uFEFF/, '')
          .trim()
          .toLowerCase()
          .replace(/\s+/g, ' ')
      ],
  );
  const missing = REQUIRED.filter((r) => !fields.includes(r.field)).map((r) => r.heading);
  if (missing.length > 0) {
    throw new ExportFormatError(
      `The file is not a register export: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}. Found: ${headings.join(', ')}`,
    );
  }
  const positions = fields.flatMap((field, index) => (field ? [{ field, index }] : []));
  return (cells) => {
    const row: ExportRow = {};
    for (const { field, index } of positions) row[field] = cells[index];
    return row;
  };
}

/** YYYY-MM-DD as in the feed (time_formats.rb), also DD/MM/YYYY and ISO timestamps as spreadsheets re-save them. */
function exportDate(value: string | undefined): string | null | 'invalid' {
  const raw = value?.trim();
  if (!raw) return null;
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = uk ? `${uk[3]}-${uk[2].padStart(2, '0')}-${uk[1].padStart(2, '0')}` : raw.slice(0, 10);
  return isIsoDate(iso) ? iso : 'invalid';
}

const blankToNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/** One export row as a record, or why it was rejected. */
export function parseExportRow(row: ExportRow): RegisterRecord | { rejected: string } {
  const number = (row.number ?? '').replace(/[\s-]+/g, '').toUpperCase();
  if (!/^CBD[UL]\d+$/.test(number)) return { rejected: `"${row.number ?? ''}" is not a registration number` };
  const name = blankToNull(row.name);
  if (!name) return { rejected: `${number} has no name` };
  const tierText = row.tier ?? '';
  const tier = /upper/i.test(tierText) ? 'upper' : /lower/i.test(tierText) ? 'lower' : null;
  if (!tier) return { rejected: `${number} has tier "${tierText}", expected Upper or Lower` };
  const expiry = exportDate(row.expiry);
  if (expiry === 'invalid') return { rejected: `${number} has expiry date "${row.expiry}"` };
  // Lower tier never expires and the feed leaves its date blank; upper tier always has one.
  if (tier === 'upper' && !expiry) return { rejected: `${number} is upper tier without an expiry date` };
  const registered = exportDate(row.registrationDate);
  const company = blankToNull(row.company);
  const lines = [row.address1, row.address2, row.address3, row.address4, row.address5, row.address6];
  const postcode = blankToNull(row.postcode);
  return {
    registration_number: number,
    business_name: name,
    // epr_serializer.rb leaves out all-zero company numbers; some re-saved files still hold them.
    company_number: company && !/^0+$/.test(company) ? company.toUpperCase() : null,
    tier,
    registration_type: blankToNull(row.registrationType),
    applicant_type: blankToNull(row.applicantType),
    registration_date: registered === 'invalid' ? null : registered,
    expiry_date: tier === 'upper' ? expiry : null,
    postcode: postcode ? formatPostcode(postcode) : null,
    address:
      blankToNull(row.address) ??
      (lines
        .map((l) => l?.trim())
        .filter(Boolean)
        .join(', ') ||
        null),
  };
}
