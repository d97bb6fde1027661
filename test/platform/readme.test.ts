import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('the README keeps its promises', () => {
  it.each(Object.keys(ConfigSchema.properties))('documents the %s setting', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it('names the commands that start the service and pass the tests, and they exist', () => {
    expect(readme).toContain('npm start');
    expect(readme).toContain('npm test');
    expect(pkg.scripts.start).toContain('serve');
    expect(pkg.scripts.test).toContain('vitest');
  });
});
