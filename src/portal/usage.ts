import type { AuthContext } from '../accounts/account-service.ts';
import type { KeyUsage } from '../limits/limit-service.ts';

export type { KeyUsage };

/** The part of the limits service the portal reads; the portal never counts calls itself. */
export interface UsageReader {
  usage(auth: AuthContext): Promise<KeyUsage>;
}
