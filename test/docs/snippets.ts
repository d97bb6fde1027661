import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import ts from 'typescript';
import { ConfigSchema, loadConfig } from '../../src/config.ts';
import { errorCodes } from '../../src/platform/errors.ts';
import { RESPONSE_HEADERS } from '../../src/platform/openapi-document.ts';

// Reading the code blocks of the README and the guides, and judging what running them gave: the parts
// of test/docs/snippets.test.ts that need no server.

/** How a block is tested, decided by its language (and, for shell, by what it holds). */
export type Kind =
  /** Commands for a shell: run with bash against the server. */
  | 'shell'
  /** Only `NAME=value` lines: settings, checked against the service's configuration schema. */
  | 'settings'
  | 'json'
  /** TypeScript or JavaScript: type-checked against the SDK's source, then run with the project's Node. */
  | 'script'
  /** An HTTP message as it goes over the wire (a status line, headers, a body). */
  | 'http'
  /** Output shown for reading (an MCP tool's text): nothing to run. */
  | 'text'
  /** No language, or one this test does not know: fails until the block says what it is. */
  | 'unknown';

export interface Block {
  /** Where it is: `README.md`, `docs/wtn.md`, or `/docs Start here`. */
  source: string;
  /** The line of its opening fence (1-based); for the Start here commands, their position. */
  line: number;
  lang: string;
  text: string;
  kind: Kind;
}

export const ROOT = new URL('../../', import.meta.url).pathname;

/** The README and every guide but decisions.md, a record of what was decided when, quoted as it was. */
export function documentedFiles(): string[] {
  const guides = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'decisions.md')
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...guides];
}

const SHELL = new Set(['sh', 'bash', 'shell', 'console']);
const SCRIPT = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'mts']);

export function kindOf(lang: string, text: string): Kind {
  if (lang === 'dotenv') return 'settings';
  if (SHELL.has(lang)) return isSettings(text) ? 'settings' : 'shell';
  if (lang === 'json') return 'json';
  if (SCRIPT.has(lang)) return 'script';
  if (lang === 'http') return 'http';
  if (lang === 'text') return 'text';
  return 'unknown';
}

/** `NAME=value` and nothing else (no command after it), as a shell would read it. */
const SHELL_SETTING = /^[A-Z][A-Z0-9_]*=('[^']*'|"[^"]*"|[^\s'"]*)\s*(?:#.*)?$/;
/** `NAME=value # comment` as a .env file holds it: the value is the rest of the line. */
const SETTING = /^([A-Z][A-Z0-9_]*)=(.*?)\s*(?:\s#.*)?$/;
const settingLines = (text: string) =>
  text.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
const isSettings = (text: string) => settingLines(text).every((line) => SHELL_SETTING.test(line.trim()));

/** The fenced code blocks of a Markdown file (CommonMark fences, indented ones in lists too). */
export function fencedBlocks(source: string, markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( {0,3})(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !isClosing(lines[j], fence); j++) {
      body.push(lines[j].replace(new RegExp(`^ {0,${indent.length}}`), ''));
    }
    const text = body.join('\n');
    blocks.push({ source, line: i + 1, lang, text, kind: kindOf(lang, text) });
    i = j;
  }
  return blocks;
}

const isClosing = (line: string, fence: string) =>
  new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(line);

/**
 * The commands the API reference's "Start here" shows inline (`export …`, `curl …`), and the requests
 * it names as `METHOD /path` followed by a JSON body.
 */
export function startHere(description: string): {
  commands: string[];
  requests: { method: string; path: string; body: unknown }[];
} {
  const from = description.indexOf('## Start here');
  const to = description.indexOf('\n## ', from + 1);
  const section = description.slice(from, to < 0 ? undefined : to);
  const spans = [...section.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  const commands = spans.filter((span) => /^(export |curl |npx |wcs )/.test(span));
  const requests: { method: string; path: string; body: unknown }[] = [];
  spans.forEach((span, i) => {
    const request = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+)$/.exec(span);
    if (request && spans[i + 1]?.startsWith('{')) {
      requests.push({ method: request[1], path: request[2], body: JSON.parse(spans[i + 1]) });
    }
  });
  return { commands, requests };
}

/** A JSON block's value; a member shown on its own (`"name": {…}`) is read inside braces. */
export function parseJson(text: string): unknown {
  const trimmed = text.trim();
  return JSON.parse(/^"[^"]*"\s*:/.test(trimmed) ? `{${trimmed}}` : trimmed);
}

/** A key the docs write for "and the rest of this object": `"...": "..."` or `"…": "…"`. */
const ELLIPSIS = new Set(['...', '…']);

/**
 * Where a real JSON answer differs in shape from the one a doc shows: the same keys at every level
 * (any more where the doc elides with `"…"`), objects where it shows objects, lists where it shows
 * lists. Values are the doc's own examples and may differ.
 */
export function shapeDifferences(shown: unknown, real: unknown, at = ''): string[] {
  const where = at || '/';
  if (Array.isArray(shown)) {
    if (!Array.isArray(real)) return [`${where}: the doc shows a list, the answer has ${describe(real)}`];
    if (shown.length > 0 && real.length === 0 && isObject(shown[0])) {
      return [`${where}: the doc shows items, the answer's list is empty`];
    }
    return real.flatMap((item, i) =>
      shown.length ? shapeDifferences(shown[Math.min(i, shown.length - 1)], item, `${at}/${i}`) : [],
    );
  }
  if (!isObject(shown) || real === null) return [];
  if (!isObject(real)) return [`${where}: the doc shows an object, the answer has ${describe(real)}`];
  const open = Object.keys(shown).some((key) => ELLIPSIS.has(key));
  const shownKeys = Object.keys(shown).filter((key) => !ELLIPSIS.has(key));
  const differences = shownKeys
    .filter((key) => !(key in real))
    .map((key) => `${at}/${key}: shown in the doc, not in the answer`);
  if (!open) {
    for (const key of Object.keys(real)) {
      if (!(key in shown)) differences.push(`${at}/${key}: in the answer, not shown in the doc`);
    }
  }
  for (const key of shownKeys) {
    if (key in real) differences.push(...shapeDifferences(shown[key], real[key], `${at}/${key}`));
  }
  return differences;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const describe = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;

/** Problems with a settings block: a name the service does not read, or values it refuses at start. */
export function settingsProblems(text: string): string[] {
  const env: Record<string, string> = {};
  const unknown: string[] = [];
  for (const line of settingLines(text)) {
    const setting = SETTING.exec(line.trim());
    if (!setting) unknown.push(`"${line}" is not NAME=value`);
    else if (!(setting[1] in ConfigSchema.properties))
      unknown.push(`${setting[1]} is not a setting of the service`);
    else env[setting[1]] = setting[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  try {
    loadConfig(env);
    return unknown;
  } catch (error) {
    return [...unknown, `the service refuses these settings: ${(error as Error).message}`];
  }
}

/** Headers the webhook sender writes on a delivery (src/webhooks), besides the API's response headers. */
const deliveryHeaders = (): string =>
  readdirSync(join(ROOT, 'src/webhooks'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(join(ROOT, 'src/webhooks', name), 'utf8'))
    .join('\n');

/**
 * Problems with an HTTP message a doc shows: an unknown status or reason, a header the service does not
 * send, a body that is not JSON, an error code whose status is not the message's.
 */
export function httpProblems(text: string): string[] {
  const [head, ...rest] = text.split(/\n\s*\n/);
  const lines = head.split('\n');
  const problems: string[] = [];
  let status: number | undefined;
  const statusLine = /^HTTP\/1\.1 (\d{3}) (.+)$/.exec(lines[0]);
  if (statusLine) {
    status = Number(statusLine[1]);
    if (STATUS_CODES[status] !== statusLine[2])
      problems.push(`"${lines[0]}" is not HTTP's reason for ${status}`);
    lines.shift();
  }
  const sender = deliveryHeaders().toLowerCase();
  const known = new Set(Object.keys(RESPONSE_HEADERS).map((name) => name.toLowerCase()));
  for (const line of lines) {
    if (ELLIPSIS.has(line.trim())) continue;
    const header = /^([A-Za-z-]+): \S/.exec(line);
    if (!header) problems.push(`"${line}" is not a header`);
    else if (!known.has(header[1].toLowerCase()) && !sender.includes(`'${header[1].toLowerCase()}'`)) {
      problems.push(`the service sends no ${header[1]} header`);
    }
  }
  const body = rest.join('\n\n').trim();
  if (!body) return problems;
  try {
    const json = JSON.parse(body);
    problems.push(...envelopeProblems(json));
    if (status !== undefined && json?.error?.status !== undefined && json.error.status !== status) {
      problems.push(`the body says ${json.error.status}, the status line ${status}`);
    }
  } catch (error) {
    problems.push(`the body is not JSON: ${(error as Error).message}`);
  }
  return problems;
}

/** An error a doc shows (`{"error": {"code", "status", …}}`): a code of the service, with its status. */
export function envelopeProblems(value: unknown): string[] {
  const error = (value as { error?: { code?: string; status?: number } } | null)?.error;
  if (error?.code === undefined) return [];
  const registered = errorCodes[error.code as keyof typeof errorCodes];
  if (!registered) return [`${error.code} is not an error code of the service`];
  return registered.status === error.status ? [] : [`${error.code} is answered with ${registered.status}`];
}

/** What `console.log(…); // value` lines say the script prints. */
export const expectedOutput = (script: string): string[] =>
  [...script.matchAll(/console\.log\(.*\);\s*\/\/ (.+)$/gm)].map((m) => m[1].trim());

/** Runs a process to its end; resolves with its exit status and output, whatever the status. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Minutes, not seconds: `npx` and `wcs` start slowly on a loaded machine; this only stops a hang.
    execFile(
      command,
      args,
      { ...options, timeout: 150_000, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        const killed = error && 'killed' in error && error.killed;
        resolve({
          code: error ? Number(error.code) || 1 : 0,
          stdout,
          stderr: killed ? `${stderr}\n(stopped after 150 s)` : stderr,
        });
      },
    );
  });
}

/** One call a shell snippet made to curl, as the stand-in in front of curl recorded it. */
export interface CurlCall {
  args: string[];
  status: number | undefined;
  body: string;
}

/**
 * A `curl` first on the snippets' PATH: it runs the real curl exactly as called and keeps, for each
 * call, its arguments, the response's headers and (unless the snippet saved it with -o) its body.
 */
export const CURL_RECORDER = `#!/usr/bin/env bash
log=$WCS_SNIPPET_CALLS
n=$(( $(cat "$log/count" 2>/dev/null || echo 0) + 1 ))
echo "$n" > "$log/count"
printf '%s\\0' "$@" > "$log/$n.args"
"$WCS_REAL_CURL" -D "$log/$n.headers" "$@" | tee "$log/$n.body"
exit "\${PIPESTATUS[0]}"
`;

export interface ShellRun {
  code: number;
  stdout: string;
  stderr: string;
  calls: CurlCall[];
}

export function recordedCalls(log: string): CurlCall[] {
  const count = existsSync(join(log, 'count')) ? Number(readFileSync(join(log, 'count'), 'utf8')) : 0;
  const read = (name: string) => (existsSync(join(log, name)) ? readFileSync(join(log, name), 'utf8') : '');
  return Array.from({ length: count }, (_, i) => {
    const statusLine = /^HTTP\/[\d.]+ (\d{3})/.exec(read(`${i + 1}.headers`));
    return {
      args: read(`${i + 1}.args`)
        .split('\0')
        .slice(0, -1),
      status: statusLine ? Number(statusLine[1]) : undefined,
      body: read(`${i + 1}.body`),
    };
  });
}

const CURL = /(?:^|[\s;(|&])curl\s/g;

/** Which of a block's curl calls `phrase` belongs to: the last curl command starting before it (from 0). */
export const curlCallAt = (script: string, phrase: string): number =>
  (script.slice(0, script.indexOf(phrase)).match(CURL)?.length ?? 0) - 1;

/**
 * Problems with a shell block's run: a non-zero exit status, a command that is not installed, a curl
 * call not answered with a success, output unlike what the block's comments show.
 */
export function shellProblems(script: string, result: ShellRun): string[] {
  const problems: string[] = [];
  if (result.code !== 0) problems.push(`exit status ${result.code}: ${result.stderr.trim().slice(0, 800)}`);
  if (/command not found/.test(result.stderr)) problems.push(result.stderr.trim());
  for (const [i, call] of result.calls.entries()) {
    if (!call.status || call.status >= 300) {
      problems.push(`curl call ${i + 1} answered ${call.status ?? 'nothing'}: ${call.body.slice(0, 600)}`);
    }
  }
  const shown = shownOutputs(script);
  for (const { call, value } of shown.json) problems.push(...answerProblems(value, result.calls[call]));
  for (const line of shown.lines) {
    if (!line.test(result.stdout)) problems.push(`printed no line like ${line}: ${result.stdout}`);
  }
  return problems;
}

/** A real answer against the one a doc shows: the status it gives (else any success), and the shape. */
export function answerProblems(shown: unknown, call: CurlCall | undefined, status?: number): string[] {
  if (!call) return ['the call whose answer the doc shows was not made'];
  if (status !== undefined && call.status !== status)
    return [`answered ${call.status}, the doc shows ${status}`];
  // A failed call is reported as such; its error is not the answer the doc shows.
  if (!call.status || call.status >= 300) return [];
  try {
    return shapeDifferences(shown, JSON.parse(call.body));
  } catch {
    return [`the answer is not JSON: ${call.body.slice(0, 300)}`];
  }
}

/**
 * What a shell block says its commands print: a comment line right after a command. JSON is the
 * answer of the curl call before it (by its position among the block's curl calls); other text is a
 * line of output, numbers free (`# checked 412 watches, 3 events, 0 unavailable`).
 */
export function shownOutputs(script: string): { json: { call: number; value: unknown }[]; lines: RegExp[] } {
  const json: { call: number; value: unknown }[] = [];
  const lines: RegExp[] = [];
  let calls = 0;
  for (const line of script.split('\n')) {
    calls += line.match(CURL)?.length ?? 0;
    const comment = /^# (.+)$/.exec(line.trim());
    if (!comment) continue;
    if (comment[1].startsWith('{')) json.push({ call: calls - 1, value: JSON.parse(comment[1]) });
    else lines.push(numbersFree(comment[1]));
  }
  return { json, lines };
}

/** A line of output with its numbers free, and a plural after one optional (`412 watches`, `1 watch`). */
const numbersFree = (text: string) =>
  new RegExp(
    `^${text
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\d+ (\w+?)(es|s)\b/g, '0 $1(?:$2)?')
      .replace(/\d+/g, '\\d+')}$`,
    'm',
  );

/** Parsed files shared by the programs typeErrors makes: the SDK and the libraries are parsed once. */
const parsed = new Map<string, ts.SourceFile>();

/**
 * Type errors in the given files only (the SDK's own are its tests' business, and checking them costs
 * seconds), the SDK read from its source as a snippet imports it by name.
 */
export function typeErrors(files: string[], options: { strict: boolean; sdk: string }): string[] {
  const compilerOptions: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules/@types')],
    strict: options.strict,
    noEmit: true,
    skipLibCheck: true,
    allowJs: true,
    checkJs: true,
    allowImportingTsExtensions: true,
    paths: { 'waste-compliance-sdk': [options.sdk] },
  };
  const host = ts.createCompilerHost(compilerOptions);
  const read = host.getSourceFile;
  host.getSourceFile = (name, ...rest) => {
    if (files.includes(name)) return read.call(host, name, ...rest);
    const file = parsed.get(name) ?? read.call(host, name, ...rest);
    if (file) parsed.set(name, file);
    return file;
  };
  const program = ts.createProgram(files, compilerOptions, host);
  return files.flatMap((file) => {
    const source = program.getSourceFile(file);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
  });
}
