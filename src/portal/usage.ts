import type { AuthContext } from '../accounts/account-service.ts';

/** One key's calls in the current monthly cycle, as the limits capability counts them. */
export interface KeyUsage {
  used: number;
  limit: number;
  remaining: number;
  cycle_start: string;
  resets_at: string;
  daily: { date: string; calls: number }[];
}

/** The part of the limits service the portal reads; the portal never counts calls itself. */
export interface UsageReader {
  usage(auth: AuthContext): Promise<KeyUsage>;
}

/** The same context the auth hook builds for a request made with this key. */
export { authContextFor } from '../accounts/account-service.ts';
