import type { WasteTransferNote } from '../wtn-schemas.ts';
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
  const { is_compliant, flags, warnings } = note.compliance;
  const checks = [
    [d.producer_identified, 'Producer identified (name and address)'],
    [d.carrier_verified, carrierCheckLabel(note.carrier)],
    [d.waste_classified, 'Waste classified with a List of Wastes code'],
    [d.destination_provided, 'Destination given (name and address)'],
  ] as const;
  const verdict: Item[] = [
    {
      kind: 'text',
      text: is_compliant ? 'Compliant: Yes' : 'Compliant: No',
      size: 11,
      bold: true,
      color: is_compliant ? '#1e6b34' : '#b3261e',
    },
  ];
  if (is_compliant) {
    verdict.push({ kind: 'text', text: 'All four duty of care checks passed and nothing is flagged.' });
  } else {
    verdict.push({ kind: 'text', text: 'Not compliant because:', bold: true });
    for (const flag of flags) verdict.push(...issueItems(flag));
    // Every failed check comes with a flag that explains it; this covers a check without one.
    if (flags.length === 0) {
      for (const [ok, label] of checks)
        if (!ok) verdict.push({ kind: 'bullet', lead: 'Not passed', text: label });
    }
  }
  heading(doc, 'F. Duty of care checks', at, measure(doc, verdict, at));
  draw(doc, verdict, at);
  for (const [ok, label] of checks) checkRow(doc, ok, label);
  doc.y += 4;
  // The advice heading never ends a page alone: it keeps its first entry with it.
  const advice: Item = { kind: 'text', text: 'Advice (does not affect compliance)', bold: true };
  const entries: Item[][] =
    warnings.length > 0 ? warnings.map(issueItems) : [[{ kind: 'text', text: 'None.' }]];
  keep(doc, measure(doc, [advice, ...entries[0]], at));
  draw(doc, [advice], at);
  for (const entry of entries) drawKept(doc, entry, at, true);
}

function issueItems(issue: WasteTransferNote['compliance']['flags'][number]): Item[] {
  const { title, message } = issueText(issue);
  return [{ kind: 'bullet', lead: title, text: message }];
}

/** A tick box drawn as a square, with the answer in words so it also reads in plain text. */
function checkRow(doc: Doc, ok: boolean, label: string): void {
  const at = fullWidth(doc);
  keep(doc, 13);
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
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(label, at.x + 15, y, { width: at.width - 100 });
  doc.font('Helvetica-Bold').fillColor(ok ? INK : '#b3261e');
  doc.text(ok ? 'Passed' : 'Not passed', at.x, y, { width: at.width, align: 'right' });
  doc.x = at.x;
  doc.y = y + 13;
}
