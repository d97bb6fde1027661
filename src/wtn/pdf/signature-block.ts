import type { Party, Signature, WasteTransferNote } from '../wtn-schemas.ts';
import {
  type Column,
  type Doc,
  draw,
  fullWidth,
  GREY,
  HEADING_HEIGHT,
  heading,
  INK,
  type Item,
  keep,
  measure,
  RULE,
} from './layout.ts';
import { instantText, signatureMethodText } from './wording.ts';

export type Drawings = Partial<Record<Party, string>>;

const PAD = 8;
const GAP = 16;

/**
 * reg 35(2)(b): both parties sign. The heading, both boxes (the transferor's carrying the waste
 * hierarchy declaration, reg 35(2)(d)) and the content hash are measured as one block and moved whole
 * to the next page when they do not fit, so the signatures never stand alone or apart.
 */
export function signatureSection(
  doc: Doc,
  note: WasteTransferNote,
  declaration: string,
  drawings: Drawings,
): void {
  const at = fullWidth(doc);
  const half = (at.width - GAP) / 2;
  const boxes = (['transferor', 'transferee'] as const).map((party, i) => {
    const inner: Column = { x: at.x + i * (half + GAP) + PAD, width: half - 2 * PAD };
    const signature = note.signatures[party];
    return {
      party,
      inner,
      head: headItems(note, party, declaration),
      body: signature ? signedItems(signature, drawings[party]) : unsignedItems(),
    };
  });
  const headHeight = Math.max(...boxes.map((b) => measure(doc, b.head, b.inner)));
  const bodyHeight = Math.max(...boxes.map((b) => measure(doc, b.body, b.inner)));
  const boxHeight = PAD + headHeight + bodyHeight + PAD - 4;
  const after = hashItems(note);
  const total = boxHeight + 6 + measure(doc, after, at);
  keep(doc, 6 + HEADING_HEIGHT + total);
  heading(doc, 'G. Signatures', at, total);
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
  doc.y = top + boxHeight + 6;
  draw(doc, after, at);
}

function headItems(note: WasteTransferNote, party: Party, declaration: string): Item[] {
  const items: Item[] = [
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
  ];
  if (party === 'transferor') {
    items.push({ kind: 'text', text: 'Waste hierarchy declaration', bold: true, size: 8 });
    items.push({ kind: 'text', text: declaration, size: 8 });
  }
  items.push({ kind: 'gap', height: 2 });
  return items;
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
  const items: Item[] = [];
  if (note.content_sha256) {
    items.push(
      { kind: 'text', text: 'Content hash (SHA-256) of the signed note', bold: true, size: 8.5 },
      { kind: 'text', text: note.content_sha256, mono: true, size: 8.5 },
      {
        kind: 'text',
        text: "SHA-256 of the note's canonical JSON; see /docs/guides/wtn for how to check it against the note.",
        size: 7.5,
        color: GREY,
      },
    );
  } else if (note.signed === 'partially_signed') {
    items.push({
      kind: 'text',
      text: 'A content hash is added once both parties have signed.',
      size: 7.5,
      color: GREY,
    });
  }
  items.push({
    kind: 'text',
    text: 'Both parties must keep a copy of this note for at least 2 years.',
    size: 8,
    color: INK,
  });
  return items;
}
