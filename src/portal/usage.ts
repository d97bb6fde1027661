import type { AuthContext } from '../accounts/account-service.ts';
import type { KeyUsage } from '../limits/limit-service.ts';

export type { KeyUsage };

/** The part of the limits service the portal reads; the portal never counts calls itself. */
export interface UsageReader {
  /** Each key's usage, in the order asked (one read for an organisation's keys). */
  usageOfKeys(auths: readonly AuthContext[]): Promise<KeyUsage[]>;
}
