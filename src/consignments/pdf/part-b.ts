import { type Doc, keep } from '../../wtn/pdf/layout.ts';
import type { ConsignmentLine, ConsignmentNote } from '../consignment-schemas.ts';
import { type Block, columns, full, partHeading, subheading, totalHeight } from './blocks.ts';
import { sicItem } from './part-a.ts';
import { leadHeight, type Table, titledTable } from './table.ts';
import { componentsText, containerCell, formText, kgNumber, linesText } from './wording.ts';

/**
 * Part B, the description of the waste: the process and its SIC code (B1, B2), then B3 for each EWC
 * code: the waste details the form asks for and, where the waste is dangerous goods, the carriage
 * details ADR needs (HSE: the EA and NRW notes "now include all the data needed under ADR").
 */

export const WASTE_TITLE = 'B3  Waste details: one row for each EWC code';
export const CARRIAGE_TITLE = 'B3  Carriage details, for each EWC code that is dangerous goods (ADR)';

export function wasteTable(lines: ConsignmentLine[]): Table {
  return {
    columns: [
      { title: 'Line', share: 0.045 },
      { title: 'EWC code', share: 0.095, bold: true },
      { title: 'Description of the waste', share: 0.19 },
      { title: 'Quantity (kg)', share: 0.08, align: 'right' },
      { title: 'Chemical and biological components, concentrations', share: 0.2 },
      { title: 'Physical form, colour', share: 0.09 },
      { title: 'Hazard codes', share: 0.09 },
      { title: 'Container type, number and size', share: 0.21 },
    ],
    rows: lines.map((line) => [
      String(line.line),
      line.ewc_code,
      descriptionText(line),
      kgNumber(line.quantity_kg),
      componentsText(line.components),
      formText(line),
      line.hazard_codes.join(', '),
      containerCell(line.container),
    ]),
    continued: 'PART B  B3 Waste details (continued)',
  };
}

function descriptionText(line: ConsignmentLine): string {
  const text = `${line.description}\n(${line.ewc_description})`;
  if (line.code_source !== 'classified') return text;
  const confidence = line.classification ? ` (confidence ${line.classification.confidence.toFixed(2)})` : '';
  return `${text}\nEWC code chosen by the classifier${confidence}: check it.`;
}

/** Null when no line is dangerous goods for carriage. */
export function carriageTable(lines: ConsignmentLine[]): Table | null {
  const carried = lines.filter((line) => line.transport !== null);
  if (carried.length === 0) return null;
  return {
    columns: [
      { title: 'Line', share: 0.045 },
      { title: 'EWC code', share: 0.095, bold: true },
      { title: 'UN number', share: 0.09 },
      { title: 'Proper shipping name', share: 0.29 },
      { title: 'UN class', share: 0.07 },
      { title: 'Packing group', share: 0.08 },
      { title: 'Special handling requirements', share: 0.33 },
    ],
    rows: carried.map((line) => {
      const t = line.transport!;
      return [
        String(line.line),
        line.ewc_code,
        t.un_number.replace(/\s+/g, '').toUpperCase(),
        t.proper_shipping_name,
        t.un_class,
        t.packing_group,
        t.special_handling ?? 'None',
      ];
    }),
    continued: 'PART B  B3 Carriage details (continued)',
  };
}

/** B3's tables for some lines of the note: what the form shows, and what each continuation sheet shows. */
export function lineBlocks(lines: ConsignmentLine[]): Block[] {
  const carriage = carriageTable(lines);
  const blocks = [titledTable(WASTE_TITLE, wasteTable(lines))];
  const others = lines.filter((line) => line.transport === null).map((line) => line.line);
  if (carriage) blocks.push(titledTable(CARRIAGE_TITLE, carriage));
  if (others.length > 0) {
    const which = !carriage
      ? 'None of this waste is'
      : others.length === 1
        ? `Line ${others[0]} is not`
        : `Lines ${others.join(', ')} are not`;
    blocks.push(
      full([
        { kind: 'gap', height: 4 },
        { kind: 'text', text: `${which} declared dangerous goods for carriage (ADR).`, size: 8.5 },
      ]),
    );
  }
  return blocks;
}

function introBlocks(note: ConsignmentNote): Block[] {
  return [
    partHeading('B', 'Description of the waste'),
    columns(
      {
        title: 'B1  The process giving rise to the waste',
        items: [{ kind: 'text', text: note.process }],
      },
      { title: 'B2  SIC code for the process', items: [sicItem(note.producer.sic_code)] },
    ),
  ];
}

/**
 * How many of the note's lines Part B can show within `room` points; 0 when not even one fits. The rest
 * go on continuation sheets, as on the paper form.
 */
export function linesOnForm(doc: Doc, note: ConsignmentNote, room: number): number {
  const lines = note.lines;
  const fixed = totalHeight(doc, introBlocks(note)) + 2 * subheading('').height(doc) + 30;
  for (let count = lines.length; count > 0; count--) {
    const shown = lines.slice(0, count);
    const carriage = carriageTable(shown);
    const height =
      fixed +
      leadHeight(doc, wasteTable(shown), count) +
      (carriage ? leadHeight(doc, carriage, carriage.rows.length) : 0);
    if (height <= room) return count;
  }
  return 0;
}

export function partB(doc: Doc, note: ConsignmentNote, shown: number): void {
  const lines = note.lines.slice(0, shown);
  const intro = introBlocks(note);
  const rest = note.lines.length - shown;
  const blocks = [...intro, ...lineBlocks(lines)];
  if (rest > 0) {
    const where = rest === 1 ? 'the continuation sheet' : 'the continuation sheets';
    blocks.push(
      full([
        { kind: 'gap', height: 4 },
        {
          kind: 'text',
          text: `This note has ${note.lines.length} lines of waste: ${linesText(shown + 1, note.lines.length, true)} on ${where} after Part E, which ${rest === 1 ? 'carries' : 'carry'} consignment code ${note.consignment_code}.`,
          size: 8.5,
          bold: true,
        },
      ]),
    );
  }
  // Only the heading, B1, B2 and the first row are kept together: the rows flow on, so Part B never
  // leaves the rest of the first page empty.
  keep(
    doc,
    totalHeight(doc, intro) + subheading(WASTE_TITLE).height(doc) + leadHeight(doc, wasteTable(lines)),
  );
  for (const block of blocks) block.draw(doc);
}
