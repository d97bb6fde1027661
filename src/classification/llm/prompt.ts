// The versioned prompt (prompts/classify-waste.vN.md), read once at start. The prompt is a reviewed file
// in the repository, not a string in code, so a wording change is visible in review and changes the
// model_version label (which carries the file's id, version and a hash of its text).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEFAULT_PROMPT_FILE = fileURLToPath(
  new URL('../../../prompts/classify-waste.v1.md', import.meta.url),
);

export interface PromptTemplate {
  /** "classify-waste.v1@1a2b3c4d": id, version and a hash of the file's text. */
  label: string;
  system: string;
  user: string;
  temperature: number;
  maxTokens: number;
}

export class PromptFileError extends Error {}

export type PromptVariables = Record<
  'description' | 'source_industry' | 'additional_context' | 'candidates',
  string
>;

function frontMatter(text: string): { meta: Map<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'));
  if (!match) throw new PromptFileError('the prompt file must start with a --- front matter block');
  const meta = new Map<string, string>();
  for (const line of match[1].split('\n')) {
    const pair = /^([a-z_]+):\s*(.+)$/.exec(line.trim());
    if (pair) meta.set(pair[1], pair[2].trim());
  }
  return { meta, body: match[2] };
}

function section(body: string, name: string): string {
  const parts = body.split(/^## /m);
  const found = parts.find((p) => p.startsWith(`${name}\n`));
  if (!found) throw new PromptFileError(`the prompt file has no "## ${name}" section`);
  return found.slice(name.length + 1).trim();
}

function numberSetting(meta: Map<string, string>, name: string): number {
  const value = Number(meta.get(name));
  if (!Number.isFinite(value))
    throw new PromptFileError(`the prompt file's front matter needs a numeric ${name}`);
  return value;
}

export function loadPrompt(file: string = DEFAULT_PROMPT_FILE): PromptTemplate {
  const text = readFileSync(file, 'utf8');
  const { meta, body } = frontMatter(text);
  const id = meta.get('id');
  const version = meta.get('version');
  if (!id || !version) throw new PromptFileError('the prompt file needs an id and a version');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  const user = section(body, 'user');
  for (const name of ['description', 'candidates']) {
    if (!user.includes(`{{${name}}}`)) throw new PromptFileError(`the user section must use {{${name}}}`);
  }
  return {
    label: `${id}.v${version}@${hash}`,
    system: section(body, 'system'),
    user,
    temperature: numberSetting(meta, 'temperature'),
    maxTokens: numberSetting(meta, 'max_tokens'),
  };
}

/** Fills the user template. Values are substituted once, so text in a description is never re-expanded. */
export function renderUserMessage(template: PromptTemplate, vars: PromptVariables): string {
  return template.user.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in vars ? vars[name as keyof PromptVariables] : whole,
  );
}
