import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsignmentApp, consignmentApp, garageBody, oilLine } from './consignment-app.ts';
import { largeLine } from './fixtures.ts';

// The longest note the API accepts prints in most of a second. Printing it, four times at once, must not
// stop the service answering others: an external tester saw /health wait 32 seconds while four printed.

/** 100 lines near every field's limit: about 0.9 MB, within the 1 MiB body limit. */
function largeBody(): Record<string, unknown> {
  return garageBody({
    lines: Array.from({ length: 100 }, (_, i) => {
      const large = largeLine(i);
      return oilLine({
        ...large,
        transport: { un_number: 'UN3082', un_class: '9', packing_group: 'III', ...large.transport },
      });
    }),
  });
}

let t: ConsignmentApp;
let id: string;
let code: string;

beforeAll(async () => {
  t = await consignmentApp();
  const body = largeBody();
  expect(JSON.stringify(body).length).toBeGreaterThan(850_000);
  ({ id, consignment_code: code } = await t.create(body));
});
afterAll(() => t.close());

describe('printing the longest consignment note', () => {
  it('leaves the service answering /health at once while four copies print', async () => {
    const started = performance.now();
    let printed = 0;
    let firstPrinted = 0;
    const pdfs = Array.from({ length: 4 }, async () => {
      const response = await t.get(`/v1/consignment-notes/${id}/pdf`);
      printed += 1;
      firstPrinted ||= performance.now() - started;
      return response;
    });
    const waits: number[] = [];
    // Bounded, should the copies never finish.
    while (printed < 4 && performance.now() - started < 60_000) {
      const asked = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      if (printed < 4) waits.push(performance.now() - asked);
      // A health check every 10 ms, as a load balancer's would come, between other work.
      await setTimeout(10);
    }
    const responses = await Promise.all(pdfs);
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
    // While the copies printed /health kept answering, each far sooner than one copy took to print
    // (in the event loop, one /health waited as long as a whole copy).
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(firstPrinted / 2);
    const pdf = mupdf.Document.openDocument(responses[0].rawPayload, 'application/pdf');
    const pages = pdf.countPages();
    expect(pages).toBeGreaterThan(20);
    const last = pdf
      .loadPage(pages - 1)
      .toStructuredText('preserve-whitespace')
      .asText()
      .replace(/\s+/g, ' ');
    expect(last).toContain(`Consignment note code ${code}`);
    expect(last).toContain(`Page ${pages} of ${pages}`);
  });
});
