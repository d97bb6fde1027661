import { readFileSync } from 'node:fs';
import { CLASSIFICATION_DATA } from '../data-dir.ts';

export const VERDICTS_PATH = `${CLASSIFICATION_DATA}verdicts.json`;

const parsed = new Map<string, unknown>();

/**
 * data/classification/verdicts.json as parsed, read once per path: the text's first reading
 * (text-scan.ts, its subjects) and the verdict reader (verdicts.ts, which checks it) both need it.
 * Neither changes what it is given.
 */
export function verdictFile(path = VERDICTS_PATH): unknown {
  let file = parsed.get(path);
  if (file === undefined) {
    file = JSON.parse(readFileSync(path, 'utf8'));
    parsed.set(path, file);
  }
  return file;
}
