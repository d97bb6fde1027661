import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

// A reader copies a snippet from the README, then one from a guide, then one from /docs: each must use
// the same key variable (the one the SDK and `wcs mcp` read too) and the address the service really
// listens on by default, so the snippets run one after another in one shell.

const ROOT = new URL('../../', import.meta.url);
const KEY_VARIABLE = 'WCS_API_KEY';
const LOCAL = 'http://127.0.0.1:8080';
/** The one example of a deployed service, where a setting needs a public address (PUBLIC_URL, remote MCP). */
const DEPLOYED = 'https://wcs.example.org';

let t: TestApp;
const texts: [string, string][] = [];
beforeAll(async () => {
  t = await createTestApp();
  const read = (path: string) => texts.push([path, readFileSync(new URL(path, ROOT), 'utf8')]);
  read('README.md');
  read('packages/sdk/README.md');
  // decisions.md is a record of what was decided when, quoted as it was.
  for (const name of readdirSync(new URL('docs/', ROOT)).filter(
    (f) => f.endsWith('.md') && f !== 'decisions.md',
  ))
    read(`docs/${name}`);
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  texts.push(['/docs (OpenAPI description)', doc.info.description]);
});
afterAll(() => t.close());

describe('one key variable and one example host across README, guides and /docs', () => {
  it(`every key sent from a shell is $${KEY_VARIABLE}`, () => {
    let bearers = 0;
    for (const [where, text] of texts) {
      for (const [, name] of text.matchAll(/Bearer \$\{?([A-Za-z_]+)/g)) {
        bearers++;
        expect(name, where).toBe(KEY_VARIABLE);
      }
      expect(text, where).not.toMatch(/\$\{?(KEY|WCS_KEY|API_KEY)\b/);
    }
    expect(bearers).toBeGreaterThan(20);
  });

  it(`every curl command calls ${LOCAL}`, () => {
    let commands = 0;
    for (const [where, text] of texts) {
      // A command with its continuation lines.
      for (const [command] of text.matchAll(/\bcurl (?=-|"|'|https?:)(?:[^\n]*\\\n)*[^\n]*/g)) {
        commands++;
        expect(command, `${where}: ${command}`).toContain(`${LOCAL}/`);
      }
    }
    expect(commands).toBeGreaterThan(20);
  });

  it(`names no other example host for the service than ${LOCAL} and ${DEPLOYED}`, () => {
    const deployed: string[] = [];
    for (const [where, text] of texts) {
      // Example hosts a reader might take for the service: localhost, and wcs. or api. example domains
      // (a receiver such as hooks.example.com is someone else's server).
      const named = text.match(/https?:\/\/(?:localhost|(?:wcs|api)\.example)[^\s/"'`)]*/g) ?? [];
      expect(
        named.filter((host) => host !== DEPLOYED),
        where,
      ).toEqual([]);
      deployed.push(...named);
    }
    expect(deployed.length).toBeGreaterThan(0);
  });

  it(`${LOCAL} is where the service listens by default, and where the SDK looks`, () => {
    const { HOST, PORT } = loadConfig({});
    expect(`http://${HOST}:${PORT}`).toBe(LOCAL);
    const client = readFileSync(new URL('packages/sdk/src/client.ts', ROOT), 'utf8');
    expect(client).toContain(`const DEFAULT_BASE_URL = '${LOCAL}';`);
  });
});
