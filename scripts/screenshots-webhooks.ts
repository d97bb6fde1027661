/**
 * The webhooks page for docs/screenshots: endpoints on a receiver on 127.0.0.1 (the service runs with
 * WEBHOOKS_ALLOW_HTTP_LOOPBACK, as in local development), one that answers and one that fails.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';

/** A fixed port, so the URLs in the pictures do not change from run to run. */
const RECEIVER = 'http://127.0.0.1:4242';

/** Answers 200 on /webhooks and 500 on anything else, as a receiver with a bug would. */
async function startReceiver(): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(req.url === '/webhooks' ? 200 : 500).end());
  });
  await new Promise<void>((resolve) => server.listen(4242, '127.0.0.1', resolve));
  return server;
}

export async function webhookShots(
  page: Page,
  base: string,
  shoot: (page: Page, name: string) => Promise<void>,
): Promise<void> {
  const receiver = await startReceiver();
  try {
    const add = async (path: string, events: string[], description: string) => {
      await page.goto(`${base}/portal/webhooks`);
      await page.getByLabel('Test', { exact: true }).check();
      await page.getByLabel('URL', { exact: true }).fill(`${RECEIVER}${path}`);
      for (const event of events) await page.getByLabel(event, { exact: true }).check();
      await page.getByLabel('Description (optional)').fill(description);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
    };
    await add('/webhooks', ['All events'], 'Local development');
    await shoot(page, 'webhook-created');
    await add('/notes', ['wtn.created', 'wtn.signed'], 'Transfer notes into the ERP');
    for (const path of ['/webhooks', '/notes']) {
      await page.goto(`${base}/portal/webhooks`);
      await page.getByRole('button', { name: `Send test event for ${RECEIVER}${path}` }).click();
    }
    await whenShown(page, base, ['Delivered', 'Retrying']);
    await shoot(page, 'webhooks');
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}

/** Reloads the page until the deliveries have their answers (the worker sends in the background). */
async function whenShown(page: Page, base: string, texts: string[]): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    await page.goto(`${base}/portal/webhooks`);
    const body = (await page.locator('main').textContent()) ?? '';
    if (texts.every((t) => body.includes(t))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the webhooks page never showed ${texts.join(', ')}`);
}
