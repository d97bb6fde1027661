import { startDwtStandIn } from './dwt-stand-in.ts';

/**
 * The DWT stand-in in its own process, for end-to-end tests that kill our server mid-submission:
 * `PORT=0 node test/helpers/dwt-stand-in-process.ts` prints one JSON line
 * `{"url","tokenUrl","clientId","clientSecret"}` and is steered through `GET /_control/movements`,
 * `GET /_control/requests`, `POST /_control/hang` (the next movement request is stored and never answered)
 * and `POST /_control/reset`. DWT_CLIENT_ID and DWT_CLIENT_SECRET fix the credentials.
 */
const standIn = await startDwtStandIn({
  port: Number(process.env.PORT ?? 0),
  clientId: process.env.DWT_CLIENT_ID,
  clientSecret: process.env.DWT_CLIENT_SECRET,
  control: true,
});
const { url, tokenUrl, clientId, clientSecret } = standIn;
process.stdout.write(`${JSON.stringify({ url, tokenUrl, clientId, clientSecret })}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    standIn.close().then(() => process.exit(0));
  });
}
