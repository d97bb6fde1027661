import { declarationOf } from '../declarations.ts';
import type { Party, Signature, WasteTransferNote } from '../wtn-schemas.ts';
import { type Column, type Doc, draw, fullWidth, GREY, heading, type Item, measure, RULE } from './layout.ts';
import { instantText, signatureMethodText } from './wording.ts';

export type Drawings = Partial<Record<Party, string>>;

const PAD = 8;
const GAP = 16;

/** Both parties keep the note for 2 years (GOV.UK "Waste transfer notes"): said on the section's band. */
const KEEP_A_COPY = 'Both parties must keep a copy of this note for at least 2 years.';

/**
 * reg 35(2)(b): both parties sign. The heading, both boxes (each carrying the declaration its party
 * makes on the signing page: the transferor's the waste hierarchy, reg 35(2)(d), the transferee's
 * receipt of the waste) and the content hash are measured as one block and moved whole to the next
 * page when they do not fit, so the signatures never stand alone or apart.
 */
export function signatureSection(doc: Doc, note: WasteTransferNote, drawings: Drawings): void {
  const at = fullWidth(doc);
  const half = (at.width - GAP) / 2;
  const boxes = (['transferor', 'transferee'] as const).map((party, i) => {
    const inner: Column = { x: at.x + i * (half + GAP) + PAD, width: half - 2 * PAD };
    const signature = note.signatures[party];
    return {
      party,
      inner,
      head: headItems(note, party),
      body: signature ? signedItems(signature, drawings[party]) : unsignedItems(),
    };
  });
  const headHeight = Math.max(...boxes.map((b) => measure(doc, b.head, b.inner)));
  const bodyHeight = Math.max(...boxes.map((b) => measure(doc, b.body, b.inner)));
  const boxHeight = PAD + headHeight + bodyHeight + PAD - 4;
  const after = hashItems(note);
  const total = boxHeight + (after.length > 0 ? 6 + measure(doc, after, at) : 0);
  heading(doc, 'G. Signatures', at, total, KEEP_A_COPY);
  const top = doc.y;
  for (const [i, box] of boxes.entries()) {
    doc
      .rect(at.x + i * (half + GAP), top, half, boxHeight)
      .lineWidth(0.8)
      .strokeColor(RULE)
      .stroke();
    doc.y = top + PAD;
    draw(doc, box.head, box.inner);
    doc.y = top + PAD + headHeight;
    draw(doc, box.body, box.inner);
  }
  doc.x = at.x;
  doc.y = top + boxHeight;
  if (after.length > 0) {
    doc.y += 6;
    draw(doc, after, at);
  }
}

function headItems(note: WasteTransferNote, party: Party): Item[] {
  return [
    {
      kind: 'text',
      text: party === 'transferor' ? 'Transferor (producer or holder)' : 'Transferee (carrier)',
      bold: true,
      size: 10,
    },
    {
      kind: 'text',
      text: (party === 'transferor' ? note.producer.name : note.carrier.business_name) ?? '',
      size: 8.5,
      color: GREY,
    },
    // The words the signing page shows under "Declaration", the first led in by that word.
    ...declarationOf(party).map(
      (text, i): Item => ({ kind: 'text', lead: i === 0 ? 'Declaration:' : undefined, text, size: 8 }),
    ),
    { kind: 'gap', height: 2 },
  ];
}

function unsignedItems(): Item[] {
  return [
    { kind: 'field', label: 'Name', value: null },
    { kind: 'field', label: 'Position', value: null },
    { kind: 'field', label: 'Signature', value: null, lineHeight: 30 },
    { kind: 'field', label: 'Date and time', value: null },
  ];
}

function signedItems(signature: Signature, drawing: string | undefined): Item[] {
  const items: Item[] = [
    { kind: 'field', label: 'Signed by', value: signature.name },
    { kind: 'field', label: 'Position', value: signature.position ?? 'Not given' },
    { kind: 'field', label: 'Signed on', value: instantText(signature.signed_at) },
    { kind: 'field', label: 'How', value: signatureMethodText(signature) },
  ];
  if (drawing) items.push({ kind: 'image', label: 'Signature', src: drawing, height: 40 });
  return items;
}

function hashItems(note: WasteTransferNote): Item[] {
  if (note.content_sha256) {
    return [
      { kind: 'text', text: 'Content hash (SHA-256) of the signed note', bold: true, size: 8.5 },
      { kind: 'text', text: note.content_sha256, mono: true, size: 8.5 },
      {
        kind: 'text',
        text: "SHA-256 of the note's canonical JSON; see /docs/guides/wtn for how to check it against the note.",
        size: 7.5,
        color: GREY,
      },
    ];
  }
  if (note.signed === 'partially_signed') {
    return [
      {
        kind: 'text',
        text: 'A content hash is added once both parties have signed.',
        size: 7.5,
        color: GREY,
      },
    ];
  }
  return [];
}
