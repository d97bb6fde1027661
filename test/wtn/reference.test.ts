import { describe, expect, it } from 'vitest';
import { newReference, parseReference, REFERENCE_PATTERN } from '../../src/wtn/reference.ts';

describe('transfer note references', () => {
  it('are WTN-<year>-<MMDD>-<4 upper-case letters or digits>', () => {
    for (let i = 0; i < 200; i++) {
      expect(newReference(new Date('2026-03-25T12:00:00Z'))).toMatch(/^WTN-2026-0325-[A-Z0-9]{4}$/);
    }
  });

  it('take the date in Europe/London, not UTC, across midnight and the clock changes', () => {
    // 23:30 UTC on 31 May is 00:30 BST on 1 June.
    expect(newReference(new Date('2026-05-31T23:30:00Z'))).toMatch(/^WTN-2026-0601-/);
    // In winter London is on UTC: 23:30 UTC on 31 December is still 2026.
    expect(newReference(new Date('2026-12-31T23:30:00Z'))).toMatch(/^WTN-2026-1231-/);
    expect(newReference(new Date('2027-01-01T00:00:00Z'))).toMatch(/^WTN-2027-0101-/);
    // The last Sunday of October 2026 (25th): 00:30 UTC is 01:30 BST, still the 25th.
    expect(newReference(new Date('2026-10-24T23:30:00Z'))).toMatch(/^WTN-2026-1025-/);
  });

  it('change date exactly at London midnight, in whatever order instants come', () => {
    // Midnight BST is 23:00 UTC.
    expect(newReference(new Date('2026-06-30T22:59:59.999Z'))).toMatch(/^WTN-2026-0630-/);
    expect(newReference(new Date('2026-06-30T23:00:00.000Z'))).toMatch(/^WTN-2026-0701-/);
    expect(newReference(new Date('2026-06-30T22:30:00.000Z'))).toMatch(/^WTN-2026-0630-/);
    expect(newReference(new Date('2026-06-30T23:59:59.999Z'))).toMatch(/^WTN-2026-0701-/);
  });

  it('draw suffixes from the whole alphabet of letters and digits', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) for (const c of newReference(new Date()).slice(-4)) seen.add(c);
    expect(seen.size).toBe(36);
  });

  it('parse what a client sends: trimmed and upper-cased; anything else is not a reference', () => {
    expect(parseReference(' wtn-2026-0325-a7x9 ')).toBe('WTN-2026-0325-A7X9');
    for (const bad of [
      'WTN-2026-0325-A7X',
      'WTN-2026-1325-A7X9',
      'WTN-2026-0332-A7X9',
      'X',
      '',
      'WTN-2026-0325-A7X9-1',
    ]) {
      expect(parseReference(bad), bad).toBeUndefined();
    }
    expect(REFERENCE_PATTERN.test('WTN-2026-0325-A7X9')).toBe(true);
  });
});
