import { FACE } from '../../platform/pdf/fonts.ts';
import type { ComplianceIssue, WasteTransferNote } from '../wtn-schemas.ts';
import { type Doc, draw, drawKept, fullWidth, heading, INK, type Item, keep, measure } from './layout.ts';
import { carrierCheckLabel, issueText } from './wording.ts';

/**
 * The duty of care checks as people read them: the verdict first and, when the note is not
 * compliant, why (each flag with a plain title and its message); then the four checks; then the
 * warnings, as advice that does not change the verdict.
 */
export function checksSection(doc: Doc, note: WasteTransferNote): void {
  const at = fullWidth(doc);
  const d = note.duty_of_care;
  const { is_compliant, flags } = note.compliance;
  const checks = [
    [d.producer_identified, 'Producer identified (name and address)'],
    [d.carrier_verified, carrierCheckLabel(note.carrier)],
    [d.waste_classified, 'Waste classified with a List of Wastes code'],
    [d.destination_provided, 'Destination given (name and address)'],
  ] as const;
  const reasons: Item[] = [];
  if (!is_compliant) {
    for (const flag of flags) reasons.push(...issueItems(flag));
    // Every failed check comes with a flag that explains it; this covers a check without one.
    if (flags.length === 0) {
      for (const [ok, label] of checks)
        if (!ok) reasons.push({ kind: 'bullet', lead: 'Not passed', text: label });
    }
  }
  heading(doc, 'F. Duty of care checks', at, VERDICT_HEIGHT + measure(doc, reasons, at));
  verdictLine(doc, is_compliant);
  draw(doc, reasons, at);
  for (const [ok, label] of checks) checkRow(doc, ok, label);
  doc.y += 3;
  adviceSection(doc, note);
}

const VERDICT_HEIGHT = 17;

/**
 * The verdict and what it rests on, on one line: "Compliant: Yes" with the reason beside it, or
 * "Compliant: No" with the words that lead into the flags listed under it.
 */
function verdictLine(doc: Doc, compliant: boolean): void {
  const at = fullWidth(doc);
  const top = doc.y;
  const verdict = compliant ? 'Compliant: Yes' : 'Compliant: No';
  doc
    .font(FACE.bold)
    .fontSize(11)
    .fillColor(compliant ? '#1e6b34' : '#b3261e');
  doc.text(verdict, at.x, top, { lineBreak: false });
  const beside = at.x + doc.widthOfString(verdict) + 8;
  doc
    .font(compliant ? FACE.regular : FACE.bold)
    .fontSize(9)
    .fillColor(INK);
  doc.text(
    compliant ? 'All four duty of care checks passed and nothing is flagged.' : 'Not compliant because:',
    beside,
    top + 2,
    { width: at.x + at.width - beside, lineBreak: false },
  );
  doc.x = at.x;
  doc.y = top + VERDICT_HEIGHT;
}

/** The warnings, as advice that does not change the verdict; "none" on the heading's line when none. */
function adviceSection(doc: Doc, note: WasteTransferNote): void {
  const at = fullWidth(doc);
  const { warnings } = note.compliance;
  const lead = 'Advice (does not affect compliance):';
  const shown = warnings.filter((warning) => !answeredBySchedule(note, warning));
  if (shown.length === 0) {
    drawKept(doc, [{ kind: 'text', lead, text: 'none.' }], at);
    return;
  }
  // The advice heading never ends a page alone: it keeps its first entry with it.
  const advice: Item = { kind: 'text', text: lead, bold: true };
  const entries = shown.map(issueItems);
  keep(doc, measure(doc, [advice, ...entries[0]], at));
  draw(doc, [advice], at);
  for (const entry of entries) drawKept(doc, entry, at, true);
}

/**
 * A season ticket's collections each record their own time (the schedule, section H), so a ticket
 * has no single time of transfer to miss: notes made before the service stopped warning of it print
 * without that warning once the place is known.
 */
function answeredBySchedule(note: WasteTransferNote, warning: ComplianceIssue): boolean {
  return (
    warning.code === 'TRANSFER_TIME_OR_PLACE_MISSING' && note.season_ticket !== null && !!note.transfer_place
  );
}

function issueItems(issue: ComplianceIssue): Item[] {
  const { title, message } = issueText(issue);
  return [{ kind: 'bullet', lead: title, text: message }];
}

/** A tick box drawn as a square, with the answer in words so it also reads in plain text. */
function checkRow(doc: Doc, ok: boolean, label: string): void {
  const at = fullWidth(doc);
  keep(doc, CHECK_ROW);
  const y = doc.y;
  doc.rect(at.x, y, 9, 9).lineWidth(0.7).strokeColor(INK).stroke();
  if (ok) {
    doc
      .moveTo(at.x + 1.8, y + 4.8)
      .lineTo(at.x + 3.8, y + 7.2)
      .lineTo(at.x + 7.6, y + 1.8);
    doc.lineWidth(1.3).strokeColor('#1e6b34').stroke();
  }
  doc
    .font(FACE.regular)
    .fontSize(9)
    .fillColor(INK)
    .text(label, at.x + 15, y, { width: at.width - 100 });
  doc.font(FACE.bold).fillColor(ok ? INK : '#b3261e');
  doc.text(ok ? 'Passed' : 'Not passed', at.x, y, { width: at.width, align: 'right' });
  doc.x = at.x;
  doc.y = y + CHECK_ROW;
}

const CHECK_ROW = 12.5;
