import { randomInt } from 'node:crypto';
import type { Clock } from '../platform/clock.ts';
import type { DwtOutcome, DwtSubmitter } from './dwt-client.ts';

/**
 * Test keys' DWT: nothing leaves the service. It accepts a receipt with a waste tracking id in DWT's
 * form, unless `your_reference` is one of the magic values below, which give the answers a developer
 * must handle (docs/dwt.md lists them).
 */
export const SANDBOX_MAGIC = {
  /** DWT refuses the receipt with a field error on the first EWC code. */
  reject: 'DWT-REJECT',
  /** DWT is unavailable (503): the receipt stays `retrying`. */
  outage: 'DWT-OUTAGE',
  /** DWT does not answer after the receipt was sent: the receipt waits in `needs_review`. */
  unknown: 'DWT-UNKNOWN',
} as const;

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** DWT's id: two-digit year then six letters or digits, e.g. 26HRA0B2 (DEFRA waste-tracking-id-backend). */
function sandboxWasteTrackingId(now: Date): string {
  let id = String(now.getUTCFullYear() % 100).padStart(2, '0');
  for (let i = 0; i < 6; i++) id += ID_CHARS[randomInt(ID_CHARS.length)];
  return id;
}

export class DwtSandbox implements DwtSubmitter {
  readonly #clock: Clock;
  constructor(clock: Clock) {
    this.#clock = clock;
  }

  async create(payload: Record<string, unknown>): Promise<DwtOutcome> {
    const magic = this.#magic(payload);
    if (magic) return magic;
    return {
      result: 'accepted',
      status: 201,
      wasteTrackingId: sandboxWasteTrackingId(this.#clock.now()),
      warnings: [],
    };
  }

  async update(_id: string, payload: Record<string, unknown>): Promise<DwtOutcome> {
    return this.#magic(payload) ?? { result: 'accepted', status: 200, warnings: [] };
  }

  #magic(payload: Record<string, unknown>): DwtOutcome | undefined {
    switch (payload.yourUniqueReference) {
      case SANDBOX_MAGIC.reject:
        return {
          result: 'rejected',
          status: 400,
          message: 'DWT refused the receipt.',
          errors: [
            {
              key: 'wasteItems.0.ewcCodes.0',
              errorType: 'InvalidValue',
              message: '"wasteItems[0].ewcCodes[0]" is not valid (sandbox: your_reference DWT-REJECT)',
            },
          ],
        };
      case SANDBOX_MAGIC.outage:
        return {
          result: 'retry',
          status: 503,
          message: 'DWT answered 503 (sandbox: your_reference DWT-OUTAGE)',
        };
      case SANDBOX_MAGIC.unknown:
        return {
          result: 'unknown',
          status: null,
          message: 'DWT did not answer after the receipt was sent (sandbox: your_reference DWT-UNKNOWN).',
        };
      default:
        return undefined;
    }
  }
}
