import type { KeyMode } from '../accounts/api-key-format.ts';
import type { ApiKeyRow } from '../accounts/tables.ts';
import type { PortalService } from './portal-service.ts';

/** `live` or `test` when the address names one, else undefined. */
export function askedMode(text: string | undefined): KeyMode | undefined {
  return text === 'live' || text === 'test' ? text : undefined;
}

/**
 * The mode a page of the organisation's work opens on: the one its keys are in, so a test-only user
 * sees the notes their test key made instead of an empty live list. With keys of both modes, the mode
 * of the key used last; none used yet, or no keys at all, live (where an auditor's records are).
 * Active keys decide; only an organisation whose keys are all revoked is judged by those (the notes
 * they made are still the organisation's).
 */
export function defaultMode(all: readonly ApiKeyRow[]): KeyMode {
  const active = all.filter((k) => !k.revoked_at);
  const keys = active.length > 0 ? active : all;
  const modes = new Set(keys.map((k) => k.mode));
  if (modes.size === 1) return keys[0].mode;
  let last: ApiKeyRow | undefined;
  for (const key of keys) {
    if (key.last_used_at && (!last?.last_used_at || key.last_used_at > last.last_used_at)) last = key;
  }
  return last?.mode ?? 'live';
}

/** The mode the address asks for, or else the organisation's default (one read of its keys). */
export async function viewedMode(
  portal: PortalService,
  organisationId: string,
  asked: string | undefined,
): Promise<KeyMode> {
  return askedMode(asked) ?? defaultMode(await portal.keys(organisationId));
}
