/** A value as a spreadsheet cell: text, a number, true/false, or nothing. */
export type Cell = string | number | boolean | null;

/**
 * A spreadsheet runs a cell that starts with = + - @, a tab or a carriage return as a formula, so text
 * from a request (a waste description, an address) could run =HYPERLINK(...) or DDE on an auditor's
 * machine. Such text is prefixed with a single quote, which spreadsheets show as text (OWASP "CSV
 * Injection"). Numbers are ours and never prefixed, so a negative number would stay a number.
 */
export function neutralised(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell as written to CSV: empty for nothing, `true`/`false`, numbers as they are, text neutralised. */
export function csvCell(value: Cell): string | number {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return value;
  return neutralised(value);
}

/**
 * csv-stringify options for files that spreadsheets open correctly: a UTF-8 byte order mark (so Excel
 * reads UTF-8), a header row, CRLF line ends, RFC 4180 quoting, and quotes around any cell holding a
 * semicolon (Excel in many European locales splits a .csv on ";", which would break such a cell in two
 * and could run a formula after the ";") or a line break of either kind: csv-stringify quotes only the
 * record delimiter itself (CRLF), and a lone LF or CR in an address or a reason would end the row in a
 * spreadsheet.
 */
export const SPREADSHEET_CSV = {
  bom: true,
  header: true,
  record_delimiter: 'windows',
  quoted_match: [';', /[\r\n]/],
};
