import { registrationOn } from '../carriers/index.ts';
import { londonDate } from '../platform/clock.ts';
import type { CarrierWatchRow } from './tables.ts';
import type { Warned, WatchedState } from './watch-rules.ts';
import type { CarrierWatch } from './watch-schemas.ts';

export function stateOf(row: Pick<CarrierWatchRow, 'state'>): WatchedState | null {
  return row.state === null ? null : (JSON.parse(row.state) as WatchedState);
}

export function warnedOf(row: Pick<CarrierWatchRow, 'warned'>): Warned | null {
  return row.warned === null ? null : (JSON.parse(row.warned) as Warned);
}

/**
 * The watch as the API returns it. The stored state holds the register's facts only; the status and the
 * days to expiry are judged on `today` (Europe/London), so a watch read tomorrow is not a day stale.
 */
export function watchView(row: CarrierWatchRow, today: string): CarrierWatch {
  const state = stateOf(row);
  const registration = state?.registration ? registrationOn(state.registration, today) : null;
  return {
    id: row.id,
    object: 'carrier_watch',
    registration_number: row.registration_number,
    label: row.label,
    source: row.source,
    note_reference: row.note_reference,
    watch_until: row.watch_until,
    created_at: row.created_at,
    status: state === null ? 'unchecked' : (registration?.status ?? 'not_found'),
    registration,
    last_checked_at: row.last_checked_at,
    next_check_at: row.next_check_at,
    last_check_error: row.last_check_error === null ? null : JSON.parse(row.last_check_error),
  };
}

/** The watch as it stood after its previous check: judged on the day of that check. */
export function watchBefore(row: CarrierWatchRow): CarrierWatch {
  const on = row.last_checked_at ? new Date(row.last_checked_at) : new Date(row.created_at);
  return watchView(row, londonDate(on));
}
