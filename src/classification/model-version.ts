// The model version label: a release name plus a short hash of the engine and knowledge source files,
// computed at load, so the label changes whenever the engine or its knowledge changes (and cached
// answers from an older engine are never mistaken for current ones).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ENGINE_RELEASE = 'local-2026.11.2';

const HASHED_DIRS = ['engine', 'knowledge', 'ranker'];
/** Data the engine reads at start: its rules, the substances it checks and the trained weights. */
const HASHED_DATA = ['rules.json', 'hazardous-substances.json', 'verdicts.json', 'model/ranker.bin.gz'];

function sourceHash(): string {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const hash = createHash('sha256');
  for (const dir of HASHED_DIRS) {
    for (const file of readdirSync(root + dir).sort()) {
      if (!file.endsWith('.ts')) continue;
      hash.update(`${dir}/${file}\n`);
      hash.update(readFileSync(`${root}${dir}/${file}`));
    }
  }
  hash.update(readFileSync(`${root}guidance.ts`));
  const data = fileURLToPath(new URL('../../data/classification/', import.meta.url));
  for (const file of HASHED_DATA) {
    hash.update(`${file}\n`);
    if (existsSync(data + file)) hash.update(readFileSync(data + file));
  }
  return hash.digest('hex').slice(0, 8);
}

export const MODEL_VERSION = `${ENGINE_RELEASE}+${sourceHash()}`;
