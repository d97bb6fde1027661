import { type Doc, keep } from '../../wtn/pdf/layout.ts';
import type { ConsignmentLine, ConsignmentNote } from '../consignment-schemas.ts';
import { type Block, columns, full, partHeading, subheading, totalHeight } from './blocks.ts';
import { sicItem } from './part-a.ts';
import { type Cell, leadHeight, rowHeight, type Table, titledTable, titleHeight } from './table.ts';
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
    rows: lines.map((line) => rowOf(wasteRows, line, wasteRow)),
    continued: 'PART B  B3 Waste details (continued)',
  };
}

function wasteRow(line: ConsignmentLine): Cell[] {
  return [
    String(line.line),
    line.ewc_code,
    descriptionText(line),
    kgNumber(line.quantity_kg),
    componentsText(line.components),
    formText(line),
    line.hazard_codes.join(', '),
    containerCell(line.container),
  ];
}

/**
 * A line's row is made once: its height is then measured once (table.ts), though the fit of Part B,
 * the form and a continuation sheet each make a table of it.
 */
const wasteRows = new WeakMap<ConsignmentLine, Cell[]>();
const carriageRows = new WeakMap<ConsignmentLine, Cell[]>();

function rowOf(
  rows: WeakMap<ConsignmentLine, Cell[]>,
  line: ConsignmentLine,
  make: (line: ConsignmentLine) => Cell[],
): Cell[] {
  let row = rows.get(line);
  if (!row) {
    row = make(line);
    rows.set(line, row);
  }
  return row;
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
    rows: carried.map((line) => rowOf(carriageRows, line, carriageRow)),
    continued: 'PART B  B3 Carriage details (continued)',
  };
}

function carriageRow(line: ConsignmentLine): Cell[] {
  const t = line.transport!;
  return [
    String(line.line),
    line.ewc_code,
    t.un_number.replace(/\s+/g, '').toUpperCase(),
    t.proper_shipping_name,
    t.un_class,
    t.packing_group,
    // Not "None": Part D certifies the carrier was told of any special handling, and a producer who gave
    // nothing has not declared that there is none.
    t.special_handling ?? 'Not given',
  ];
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
  // Each row is measured once, and the heights of the first lines are running sums: trying every count
  // with tables made afresh measured a 100-line note's rows 5,050 times (seconds of CPU).
  const waste = wasteTable(lines);
  const carriage = carriageTable(lines);
  const wasteTitle = titleHeight(doc, waste.columns);
  const carriageTitle = carriage ? titleHeight(doc, carriage.columns) : 0;
  /** For the first n lines: the height of their waste rows, of their carriage rows, and how many are carried. */
  const wasteRows = [0];
  const carriageRows = [0];
  const carried = [0];
  for (const [i, line] of lines.entries()) {
    wasteRows.push(wasteRows[i] + rowHeight(doc, waste.columns, waste.rows[i]));
    const isCarried = carriage !== null && line.transport !== null;
    if (isCarried) {
      const row = carriage.rows[carried[i]];
      carriageRows.push(carriageRows[carried[i]] + rowHeight(doc, carriage.columns, row));
    }
    carried.push(carried[i] + (isCarried ? 1 : 0));
  }
  for (let count = lines.length; count > 0; count--) {
    const height =
      fixed +
      (wasteTitle + wasteRows[count]) +
      (carried[count] > 0 ? carriageTitle + carriageRows[carried[count]] : 0);
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
