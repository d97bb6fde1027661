import { type DwtStandIn, startDwtStandIn } from '../helpers/dwt-stand-in.ts';
import { type ReceiptApp, receiptApp } from './receipt-app.ts';

/** The service connected to a stand-in DWT over real HTTP on 127.0.0.1. */
export async function dwtApp(env: Record<string, string> = {}): Promise<{ t: ReceiptApp; dwt: DwtStandIn }> {
  const dwt = await startDwtStandIn();
  const t = await receiptApp({
    env: {
      DWT_API_URL: dwt.url,
      DWT_TOKEN_URL: dwt.tokenUrl,
      DWT_CLIENT_ID: dwt.clientId,
      DWT_CLIENT_SECRET: dwt.clientSecret,
      DWT_TIMEOUT_MS: '2000',
      ...env,
    },
  });
  return { t, dwt };
}

/** Movement requests (POST and PUT) the stand-in received. */
export const movementRequests = (dwt: DwtStandIn) =>
  dwt.requests.filter((r) => r.path.startsWith('/movements'));
