import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';

/** The EPR feed's header, verbatim from waste-carriers-back-office epr_serializer.rb. */
export const FEED_HEADER = [
  'Registration number',
  'Organisation name',
  'UPRN',
  'Building',
  'Address line 1',
  'Address line 2',
  'Address line 3',
  'Address line 4',
  'Town',
  'Postcode',
  'Country',
  'Easting',
  'Northing',
  'Applicant type',
  'Registration tier',
  'Registration type',
  'Registration date',
  'Expiry date',
  'Company number',
];

export interface FeedRow {
  number: string;
  name: string;
  tier: 'UPPER' | 'LOWER' | string;
  expiry?: string;
  postcode?: string;
  company?: string;
  applicant?: string;
}

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function feedLine(row: FeedRow): string {
  return [
    row.number,
    row.name,
    '100000000001',
    'Unit 1',
    '1 Example Road',
    'Example Estate',
    '',
    '',
    'Testville',
    row.postcode ?? 'TE9 9ZZ',
    'England',
    '450000',
    '350000',
    row.applicant ?? (row.company ? 'limitedCompany' : 'soleTrader'),
    row.tier,
    row.tier === 'LOWER' ? 'carrier_broker_dealer' : 'carrier_dealer',
    '2023-06-01',
    row.expiry ?? '',
    row.company ?? '',
  ]
    .map(quote)
    .join(',');
}

export function feedCsv(rows: FeedRow[], header = FEED_HEADER): string {
  return `${[header.join(','), ...rows.map(feedLine)].join('\r\n')}\r\n`;
}

/**
 * A generated export of `count` rows (mixed tiers, realistic widths) streamed to disk, for the import
 * benchmark: numbers CBDU/CBDL 300000 upwards, every 7th row lower tier.
 */
export async function generateExport(path: string, count: number, today = '2026-01-15'): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${FEED_HEADER.join(',')}\r\n`);
  const base = Date.parse(`${today}T00:00:00Z`);
  for (let i = 0; i < count; i++) {
    const lower = i % 7 === 0;
    const expiry = new Date(base + ((i % 1095) - 30) * 86_400_000).toISOString().slice(0, 10);
    const line = feedLine({
      number: `CBD${lower ? 'L' : 'U'}${300000 + i}`,
      name: `Generated Waste Services ${i} Limited`,
      tier: lower ? 'LOWER' : 'UPPER',
      expiry: lower ? undefined : expiry,
      postcode: `TE${(i % 99) + 1} ${(i % 9) + 1}${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i >> 3) % 26))}`,
      company: lower ? undefined : String(10000000 + i),
    });
    if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** A ZIP holding one deflated file, as the EA's bulk download is (written by hand: no zip writer is installed). */
export async function writeZip(
  path: string,
  entryName: string,
  content: string,
  modified: Date,
): Promise<void> {
  const data = Buffer.from(content);
  const packed = deflateRawSync(data);
  const name = Buffer.from(entryName);
  const time = (modified.getHours() << 11) | (modified.getMinutes() << 5) | (modified.getSeconds() >> 1);
  const date = ((modified.getFullYear() - 1980) << 9) | ((modified.getMonth() + 1) << 5) | modified.getDate();
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(time, 12);
  central.writeUInt16LE(date, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralOffset = local.length + name.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  await writeFile(path, Buffer.concat([local, name, packed, central, name, end]));
}
