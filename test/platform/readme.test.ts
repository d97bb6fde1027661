import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.ts';
import { ConfigSchema } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const ci = readFileSync(new URL('../../.ci/run', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the README keeps its promises', () => {
  it.each(Object.keys(ConfigSchema.properties))('documents the %s setting', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it('its quick start is npm install, npm start and npm test, and CI runs that same test command', () => {
    const quickStart = readme.slice(readme.indexOf('## Quick start'));
    const commands = [...quickStart.matchAll(/^(npm \w+)/gm)].map((m) => m[1]);
    expect(commands.slice(0, 3)).toEqual(['npm install', 'npm start', 'npm test']);
    expect(pkg.scripts.start).toMatch(/src\/cli\/main\.ts serve$/);
    expect(pkg.scripts.test).toBe('vitest run');
    expect(ci).toMatch(/^npm test$/m);
  });

  it('every wcs command it shows exists', () => {
    const program = buildProgram();
    const shown = [...readme.matchAll(/\bwcs ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g)];
    expect(shown.length).toBeGreaterThan(5);
    for (const [text, name, sub] of shown) {
      const command = program.commands.find((c) => c.name() === name);
      expect(command, text).toBeDefined();
      if (command && command.commands.length > 0) {
        expect(
          command.commands.map((c) => c.name()),
          text,
        ).toContain(sub);
      }
    }
  });

  it('every endpoint it lists is a route of the service', () => {
    const listed = [...readme.matchAll(/`(GET|POST) (\/v1\/[^`\s]*)`/g)];
    expect(listed.length).toBeGreaterThan(8);
    for (const [text, method, path] of listed) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      expect(t.app.hasRoute({ method: method as 'GET' | 'POST', url }), text).toBe(true);
    }
  });
});
