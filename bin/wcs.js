#!/usr/bin/env node
// The `wcs` command. The source is TypeScript run directly by Node's type stripping (Node >= 22.18).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `wcs needs Node.js 22.18 or newer (this is ${process.version}). Run it as "npx wcs" or "npm run wcs --" from the project folder, which use the Node 24 that "npm install" provides.\n`,
  );
  process.exit(1);
}
const { run } = await import('../src/cli/main.ts');
process.exitCode = await run(process.argv.slice(2));
