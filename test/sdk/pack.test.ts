import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SdkServer, sdkServer } from './sdk-server.ts';

const run = promisify(execFile);
const SDK_DIR = new URL('../../packages/sdk/', import.meta.url).pathname;
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The README's "first integration", verbatim (it is plain JavaScript too). */
function readmeIntegration(): string {
  const readme = readFileSync(join(SDK_DIR, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## A first integration'));
  return /```ts\n([\s\S]*?)```/.exec(section)![1];
}

/** A first integration, as a user writes it in a fresh project: the package by its name, nothing else. */
const FIRST_INTEGRATION = `
import { WasteComplianceClient, WcsNotFoundError } from 'waste-compliance-sdk';

const wcs = new WasteComplianceClient(); // WCS_API_KEY and WCS_BASE_URL from the environment
const carrier = await wcs.carriers.verify({ registration_number: 'CBDU100001' });
const note = await wcs.notes.create({
  producer: { name: 'ABC Office Fit-out Ltd', address: '45 High Street, Bournemouth, BH1 2AA', sic_code: '43320' },
  carrier: { registration_number: 'CBDU100001' },
  waste: { description: 'Broken plasterboard offcuts', ewc_code: '17 08 02', quantity_kg: 2500, container_type: 'skip' },
  destination: { name: 'South Coast Recycling Ltd', address: 'Industrial Estate, Poole, BH15 1NF', permit_number: 'EPR/AB1234CD' },
  transfer_date: '2026-03-25', transfer_time: '10:30', transfer_place: '45 High Street, Bournemouth, BH1 2AA',
});
const fetched = await wcs.notes.get(note.reference);
const listed = [];
for await (const n of wcs.notes.iterate({ limit: 1 })) listed.push(n.reference);
const missing = await wcs.notes.get('WTN-2026-0101-ZZZZ').catch((e) => e);
console.log(JSON.stringify({
  carrier: carrier.status,
  created: note.reference,
  fetched: fetched.reference,
  listed,
  missing: missing instanceof WcsNotFoundError ? missing.code : String(missing),
}));
`;

let server: SdkServer;
let dir: string;

beforeAll(async () => {
  server = await sdkServer();
  dir = mkdtempSync(join(tmpdir(), 'wcs-sdk-pack-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the packed SDK', () => {
  // Two npm runs and two compilers: on a loaded machine, more than the default minute.
  it('installs in a fresh project, which creates, fetches and lists notes against the running service', {
    timeout: 120_000,
  }, async () => {
    // npm pack runs prepack, which builds dist/ with tsc.
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: SDK_DIR });
    const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/openapi.d.ts',
      ]),
    );
    expect(files.filter((f) => !f.startsWith('dist/') && !['package.json', 'README.md'].includes(f))).toEqual(
      [],
    );

    const project = join(dir, 'project');
    await run('mkdir', ['-p', project]);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'first-integration', private: true, type: 'module' }),
    );
    // From npm's cache when it holds the dependencies (the repository's own install put them there).
    await run('npm', ['install', join(dir, packed.filename), '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
    });
    writeFileSync(join(project, 'main.mjs'), FIRST_INTEGRATION);
    writeFileSync(join(project, 'readme.mjs'), readmeIntegration());
    writeFileSync(join(project, 'main.ts'), FIRST_INTEGRATION);
    writeFileSync(join(project, 'readme.ts'), readmeIntegration());
    writeFileSync(
      join(project, 'wrong.ts'),
      `import { WasteComplianceClient } from 'waste-compliance-sdk';\nawait new WasteComplianceClient().notes.list({ limit: 'ten' });\n`,
    );
    const env = { ...process.env, WCS_API_KEY: server.testKey, WCS_BASE_URL: server.url };
    const tsc = (...files: string[]) =>
      run(
        process.execPath,
        [
          TSC,
          '--noEmit',
          '--strict',
          '--target',
          'es2022',
          '--module',
          'nodenext',
          '--lib',
          'es2022,dom',
          // TypeScript's own lib files are not checked again (their checking was 3 s of the 7):
          // everything else is, the package's declarations and its dependencies' included.
          '--skipDefaultLibCheck',
          ...files,
        ],
        { cwd: project },
      );
    // The two integrations run and the compiler checks them side by side: each its own process.
    // The three files in one program (each a module of its own, so none sees another): most of a tsc
    // run is loading the standard library's declarations. Every error tsc reports names its file.
    const [result, readme, checked] = await Promise.all([
      run(process.execPath, ['main.mjs'], { cwd: project, env }),
      run(process.execPath, ['readme.mjs'], { cwd: project, env }),
      tsc('main.ts', 'readme.ts', 'wrong.ts').then(
        () => expect.fail('tsc accepted wrong.ts'),
        (e: { stdout: string }) => e,
      ),
    ]);
    const out = JSON.parse(result.stdout);

    expect(out.carrier).toBe('valid');
    expect(out.fetched).toBe(out.created);
    expect(out.listed).toContain(out.created);
    expect(out.missing).toBe('WTN_NOT_FOUND');

    const [status, created, ...listed] = readme.stdout.trim().split('\n');
    expect(status).toBe('valid');
    expect(created).toMatch(/^WTN-\d{4}-\d{4}-\w{4} 17 08 02 true$/);
    expect(listed).toContainEqual(expect.stringMatching(`^${created.split(' ')[0]} 2026-03-25$`));

    // The shipped declarations type-check a TypeScript user's code, and catch a wrong field.
    const errors = checked.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors.filter((line) => !line.startsWith('wrong.ts('))).toEqual([]);
    expect(errors.join('\n')).toContain('TS2322');
  });
});
