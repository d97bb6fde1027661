import { createHash } from 'node:crypto';
import { randomBase62 } from '../platform/ids.ts';

export type KeyMode = 'live' | 'test';

/** `wcs_live_` or `wcs_test_` followed by at least 32 base62 characters. */
const KEY_PATTERN = /^wcs_(live|test)_[0-9A-Za-z]{32,128}$/;
const BODY_LENGTH = 40;

export interface NewKeyMaterial {
  key: string;
  hash: string;
  displayPrefix: string;
}

export function generateKey(mode: KeyMode): NewKeyMaterial {
  const key = `wcs_${mode}_${randomBase62(BODY_LENGTH)}`;
  return { key, hash: hashKey(key), displayPrefix: displayPrefix(key) };
}

/** The mode a well-formed key claims, or null for anything that is not one of our keys. */
export function parseKey(candidate: string): { mode: KeyMode } | null {
  const match = KEY_PATTERN.exec(candidate);
  return match ? { mode: match[1] as KeyMode } : null;
}

/**
 * Keys carry ~238 bits of randomness, so a fast hash is enough: no dictionary can reach them, and
 * a slow password hash would cost every request. Only this hash is stored.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Enough to recognise a key in a list, far too little to use it. */
export function displayPrefix(key: string): string {
  return `${key.slice(0, 'wcs_live_'.length + 4)}…`;
}
