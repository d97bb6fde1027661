import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * What starts a process of its own: a server, the `wcs` executable, npm, tsc, PostgreSQL, Redis or a
 * browser. A test file that does takes seconds to tens of seconds: most of the suite's longest do.
 */
const STARTS_PROCESSES =
  /\b(startServerProcess|browserAgainstServer|launchChromium|runCliProcess|StdioClientTransport)\b|\b(execFile|execFileSync|spawn|spawnSync)\b\s*[(),]/;

/** The file's text and that of the files beside it it imports (a rig of its own, say), not test/helpers'. */
function textOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  const local = [...text.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)]
    .map(([, path]) => resolve(dirname(file), path))
    .filter((path) => !path.includes('/test/helpers/'));
  return [text, ...local.map((path) => readFileSync(path, 'utf8'))].join('\n');
}

/**
 * Files that start processes first, then the rest, each group in Vitest's own order (longest first by
 * the last run's durations, or largest first on a fresh clone, which has none). The workers take files
 * from one queue, so the longest files start early and short ones fill in at the end: run last, one
 * long file would keep a worker busy for half a minute after the other had finished.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((spec) => STARTS_PROCESSES.test(textOf(spec.moduleId)));
    return [...first, ...sorted.filter((spec) => !first.includes(spec))];
  }
}
