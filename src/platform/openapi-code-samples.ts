// Redoc's `x-codeSamples` for every operation, written from the document itself: the operation's first
// request example, its parameters' examples and the key every guide uses. Nothing is written per route,
// so a sample cannot drift from the schema its example is held to (test/platform/openapi-document.test.ts).

import { sdkCall } from './openapi-sdk-samples.ts';

/** Where the samples send requests: the service's default address, as in the README and the guides. */
export const SAMPLE_BASE_URL = 'http://127.0.0.1:8080';

/** The environment variable that holds the key, in every guide, the SDK and `wcs mcp`. */
export const KEY_VARIABLE = 'WCS_API_KEY';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: unknown;
}

interface Media {
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  'x-codeSamples'?: CodeSample[];
}

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** One request an operation's examples describe, ready to be written as curl or as an SDK call. */
export interface SampleRequest {
  operationId: string;
  method: string;
  /** The path as documented, e.g. /v1/wtn/{reference}. */
  template: string;
  /** The path parameters' examples, in the order the path names them. */
  pathParams: [string, string][];
  query: [string, unknown][];
  headers: [string, string][];
  /** The JSON body, when the operation takes one. */
  body?: unknown;
  /** A successful answer that is a file rather than JSON (a PDF): its extension. */
  download?: string;
}

/** Adds curl and SDK samples to every operation of the document. */
export function documentCodeSamples<T>(document: T): T {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const [template, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const request = sampleRequest(method, template, operation);
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlCommand(request) },
        { lang: 'JavaScript', label: 'Node.js SDK', source: sdkCall(request) },
      ];
    }
  }
  return document;
}

export function sampleRequest(method: string, template: string, operation: Operation): SampleRequest {
  const parameters = operation.parameters ?? [];
  const example = (p: Parameter) => p.example;
  const byPosition = (name: string) => template.indexOf(`{${name}}`);
  const pathParams = parameters
    .filter((p) => p.in === 'path')
    .sort((a, b) => byPosition(a.name) - byPosition(b.name))
    .map((p): [string, string] => [p.name, String(example(p))]);
  // The required query parameters; a list or search whose are all optional shows its first one.
  const queryParams = parameters.filter((p) => p.in === 'query');
  const required = queryParams.filter((p) => p.required);
  const query = (required.length > 0 ? required : queryParams.slice(0, 1)).map((p): [string, unknown] => [
    p.name,
    example(p),
  ]);
  const headers = parameters
    .filter((p) => p.in === 'header')
    .map((p): [string, string] => [headerName(p.name), String(example(p))]);
  const json = operation.requestBody?.content?.['application/json'];
  const body = json ? (json.example ?? Object.values(json.examples ?? {})[0]?.value) : undefined;
  return {
    operationId: operation.operationId ?? `${method}${template}`,
    method: method.toUpperCase(),
    template,
    pathParams,
    query,
    headers,
    ...(json ? { body } : {}),
    ...downloadOf(operation),
  };
}

/** `idempotency-key` as people write it: Idempotency-Key. */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

function downloadOf(operation: Operation): { download?: string } {
  const success = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status))?.[1];
  const types = Object.keys(success?.content ?? {});
  return types.length === 1 && types[0] === 'application/pdf' ? { download: 'pdf' } : {};
}

/** The request's URL on SAMPLE_BASE_URL, path parameters filled in, the sample's query appended. */
export function sampleUrl(request: SampleRequest): string {
  let path = request.template;
  for (const [name, value] of request.pathParams) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const query = new URLSearchParams(
    request.query.map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return `${SAMPLE_BASE_URL}${path}${query ? `?${query}` : ''}`;
}

/** A curl command as the guides write them, for a POSIX shell; the JSON body pretty-printed. */
export function curlCommand(request: SampleRequest): string {
  const url = sampleUrl(request);
  const first = ['curl -s'];
  if (request.method !== 'GET') first.push(`-X ${request.method}`);
  if (request.download) {
    const name = request.pathParams.at(-1)?.[1] ?? 'download';
    first.push(`-o ${shellQuote(`${name}.${request.download}`)}`);
  }
  first.push(url.includes('?') ? shellQuote(url) : url);
  const lines = [first.join(' '), `-H "Authorization: Bearer $${KEY_VARIABLE}"`];
  if (request.body !== undefined) lines.push('-H "Content-Type: application/json"');
  for (const [name, value] of request.headers) lines.push(`-H ${headerArgument(`${name}: ${value}`)}`);
  if (request.body !== undefined) {
    // Indented under the command: a newline inside a JSON string is written \n, so lines split safely.
    const json = JSON.stringify(request.body, null, 2).replaceAll('\n', '\n  ');
    lines.push(`-d ${shellQuote(json)}`);
  }
  return lines.join(' \\\n  ');
}

/** A header in double quotes, as the guides write them, unless the shell would expand something in it. */
function headerArgument(text: string): string {
  return /^[^"$`\\!]*$/.test(text) ? `"${text}"` : shellQuote(text);
}

/** Single quotes, with any single quote inside closed, escaped and reopened: nothing is expanded. */
function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
