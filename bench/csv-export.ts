// The CSV export of transfer notes: 10,000 notes (rows of about 3 KB) streamed over loopback, against
// the same notes read as JSON pages of 100; and the heap's growth while the export streams, sampled at
// every chunk, next to the size of the file (flat memory: the growth stays a small share of it).
//
//   npm run bench -- csv
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { GenerateWtnInput } from '../src/wtn/wtn-schemas.ts';
import type { BenchMeasurement } from './scenario.ts';

const NOTES = 10_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function body(i: number): GenerateWtnInput {
  return {
    producer: {
      name: 'Bench Producer Ltd',
      address: `Unit ${i}, ${'Long Industrial Estate Road, '.repeat(12)}Bournemouth, BH1 2AA`,
      sic_code: '43320',
    },
    carrier: { registration_number: 'CBDU100001' },
    waste: {
      description: `Load ${i}: ${'plasterboard offcuts, ceiling tiles and timber battens, '.repeat(40)}`,
      ewc_code: '17 08 02',
      auto_classify: false,
      quantity_kg: 250,
      container_type: 'skip',
    },
    destination: {
      name: 'South Coast Recycling Ltd',
      address: 'Poole, BH15 1NF',
      permit_number: 'EPR/AB1234CD',
    },
    transfer_date: '2026-03-25',
  };
}

function get(url: string, key: string, accept: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { authorization: `Bearer ${key}`, accept } }, resolve)
      .on('error', reject)
      .end();
  });
}

async function measure(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wcs-bench-csv-'));
  const config = loadConfig({ DATABASE_URL: `sqlite:${join(dir, 'csv.sqlite')}`, LOG_LEVEL: 'silent' });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  try {
    const org = await app.services.accounts.createOrganisation('Benchmark Ltd', 'business');
    const { key } = await app.services.accounts.createKey(org.id, 'test', 'bench');
    const scope = { organisationId: org.id, mode: 'test' as const };
    for (let start = 0; start < NOTES; start += 500) {
      await Promise.all(
        Array.from({ length: 500 }, (_, i) => app.services.wtn.generate(body(start + i), scope)),
      );
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const csvStart = performance.now();
    let bytes = 0;
    for await (const chunk of await get(`${base}/v1/wtn`, key, 'text/csv')) bytes += (chunk as Buffer).length;
    const csvMs = performance.now() - csvStart;

    // What stays live while the export streams: after a full collection every 2 MB received, so garbage
    // not yet collected is not counted.
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    let sampled = 0;
    for await (const chunk of await get(`${base}/v1/wtn`, key, 'text/csv')) {
      sampled += (chunk as Buffer).length;
      if (sampled < 2_097_152) continue;
      sampled = 0;
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    // The same notes read in one page, as an export that loaded them all first would hold them.
    gc();
    const oneBefore = process.memoryUsage().heapUsed;
    const all = await app.services.wtn.exportNotes(scope, {}, NOTES).next();
    gc();
    const onePage = process.memoryUsage().heapUsed - oneBefore;
    if (all.value?.length !== NOTES) throw new Error('one page did not hold every note');

    const jsonStart = performance.now();
    let cursor = '';
    let read = 0;
    for (;;) {
      const page = await get(
        `${base}/v1/wtn?limit=100${cursor ? `&starting_after=${cursor}` : ''}`,
        key,
        '*/*',
      );
      const chunks: Buffer[] = [];
      for await (const chunk of page) chunks.push(chunk as Buffer);
      const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      read += json.data.length;
      if (!json.has_more) break;
      cursor = json.next_starting_after;
    }
    const jsonMs = performance.now() - jsonStart;
    if (read !== NOTES) throw new Error(`JSON pages read ${read} notes`);

    const mb = (n: number) => (n / 1_048_576).toFixed(1);
    const live = peak - heapBefore;
    return `${NOTES.toLocaleString('en-GB')} notes, ${mb(bytes)} MB CSV in ${Math.round(csvMs)} ms (${Math.round((NOTES / csvMs) * 1000).toLocaleString('en-GB')} rows/s; JSON pages of 100: ${Math.round(jsonMs)} ms, ratio ${(csvMs / jsonMs).toFixed(2)}); live heap while streaming +${mb(live)} MB (${((live / bytes) * 100).toFixed(1)}% of the file) vs +${mb(onePage)} MB for all notes in one page`;
  } finally {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export const measurements: BenchMeasurement[] = [{ name: 'csv export of 10,000 notes', run: measure }];
