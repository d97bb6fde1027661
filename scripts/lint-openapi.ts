/**
 * Lints the OpenAPI document the service serves: builds the app in-process on an in-memory SQLite
 * database, writes /openapi.json's body to a temporary file and runs `redocly lint` on it with
 * redocly.yaml (the recommended rules, warnings as errors). Exits with redocly's status.
 *
 *   npm run lint:openapi
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openApiDocument } from './openapi-json.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const REDOCLY = join(
  dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
  'bin/cli.js',
);

const dir = mkdtempSync(join(tmpdir(), 'wcs-openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, await openApiDocument());
  const { status } = spawnSync(
    process.execPath,
    [REDOCLY, 'lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish'],
    {
      stdio: 'inherit',
      // Offline: no usage data sent, no check for a newer version.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
