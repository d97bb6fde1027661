import { parse as parseQuery } from 'fast-querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, type ErrorDetail } from './errors.ts';

/**
 * Text PostgreSQL cannot store, refused at the edge of the API, the same on every database: a NUL
 * (U+0000), which no PostgreSQL text value may hold ("invalid byte sequence for encoding UTF8: 0x00"),
 * and a UTF-16 surrogate without its pair, which has no UTF-8 form at all. SQLite keeps both, so
 * without this one request would be a 400 or 404 there and a 500 on PostgreSQL.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\0') && text.isWellFormed();
}

/** A NUL or a lone surrogate, for showing a name that holds one as `\u0000` text. */
const UNSTORABLE_CHAR = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * What a JSON text must contain for its value to hold unstorable text: a `\u0000` escape or a surrogate
 * escape (`\uD800`-`\uDFFF`; paired ones are fine, and found so by the walk). A raw NUL is not JSON, and
 * raw bytes that are not UTF-8 were decoded as U+FFFD, so nothing else can bring either in.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * What a URL must contain for its path or query to decode to unstorable text: a percent-escape, or the
 * characters themselves (a request from the network cannot carry them raw; one injected in-process can).
 */
const URL_SUSPECT = /[%\0\uD800-\uDFFF]/;

/** Names are shown with the offending characters written as escapes, never echoed raw. */
export function printable(text: string): string {
  return text.replace(UNSTORABLE_CHAR, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function issueOf(text: string): string {
  return text.includes('\0')
    ? 'contains a NUL character (U+0000), which cannot be stored'
    : 'contains an unpaired UTF-16 surrogate, which cannot be stored';
}

/** Past this many findings the rest add nothing a client can act on. */
const MAX_DETAILS = 10;
/** Parsed bodies nest a few levels; this keeps a hostile one from recursing far. */
const MAX_DEPTH = 64;

/** JSON pointer (RFC 6901) segment. */
const segment = (key: string) => printable(key).replaceAll('~', '~0').replaceAll('/', '~1');

/** Every place in a parsed JSON value where a string or an object key cannot be stored. */
export function unstorableInJson(
  value: unknown,
  pointer = '',
  found: ErrorDetail[] = [],
  depth = 0,
): ErrorDetail[] {
  if (found.length >= MAX_DETAILS || depth > MAX_DEPTH) return found;
  if (typeof value === 'string') {
    if (!isStorableText(value)) found.push({ field: pointer || '/', issue: issueOf(value) });
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) unstorableInJson(value[i], `${pointer}/${i}`, found, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) {
        found.push({ field: `${pointer}/${segment(key)}`, issue: `is a field name that ${issueOf(key)}` });
      }
      unstorableInJson(item, `${pointer}/${segment(key)}`, found, depth + 1);
    }
  }
  return found;
}

/** The path's parameters and every query parameter (name and values). */
function unstorableInUrl(request: FastifyRequest): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  for (const value of Object.values((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && !isStorableText(value)) {
      found.push({ field: 'path', issue: issueOf(value) });
      break;
    }
  }
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    if (!isStorableText(name)) {
      found.push({ field: printable(name), issue: `is a parameter name that ${issueOf(name)}` });
    }
    const bad = values.find((v) => typeof v === 'string' && !isStorableText(v));
    if (bad !== undefined) found.push({ field: printable(name), issue: issueOf(bad) });
  }
  return found;
}

const MESSAGE =
  'The request contains text that cannot be stored (a NUL character or an unpaired UTF-16 surrogate): see details.';

/**
 * Installs the rule on the API's scope (/v1): the path and query are checked at onRequest, after the
 * hooks installed before it (authentication, the rate limit), so an unauthenticated probe is still a
 * 401; a JSON body as it is parsed, before validation. Refused requests never reach a handler or a
 * store and spend no monthly call. A body costs one scan of its text; only one holding a suspect escape
 * is walked.
 */
export function installTextGuard(scope: FastifyInstance): void {
  scope.addHook('onRequest', (request, _reply, done) => {
    // Only a percent-escape (or text put in the URL in-process, as app.inject can) brings either in.
    if (!URL_SUSPECT.test(request.url)) return done();
    const found = unstorableInUrl(request);
    done(found.length > 0 ? new ApiError('INVALID_REQUEST', MESSAGE, found) : undefined);
  });

  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = typeof raw === 'string' ? raw : raw.toString('utf8');
    parseJson(request, text, (error, body) => {
      if (error) return done(error, undefined);
      // Most bodies hold no escape at all: a plain substring search (far cheaper than the pattern) ends it.
      const suspect = text.includes('\\u') && SUSPECT_ESCAPE.test(text);
      const found = suspect ? unstorableInJson(body) : [];
      if (found.length > 0) return done(new ApiError('INVALID_REQUEST', MESSAGE, found), undefined);
      done(null, body);
    });
  });
}

/** A 400 for the pages' own error handlers, which render any 4xx as "we could not read that form". */
export class UnstorableTextError extends Error {
  readonly statusCode = 400;
  readonly code = 'WCS_UNSTORABLE_TEXT';
  readonly details: ErrorDetail[];
  constructor(details: ErrorDetail[]) {
    super(MESSAGE);
    this.details = details;
  }
}

/**
 * The same rule for pages outside the API that take forms (the portal, signing links): the path, the
 * query and the parsed form, before validation, refused as the scope's own error page for a 400.
 */
export function installFormTextGuard(scope: FastifyInstance): void {
  scope.addHook('preValidation', (request, _reply, done) => {
    const malformed = (request.body as { [MALFORMED]?: string[] } | undefined)?.[MALFORMED] ?? [];
    const found = [
      ...malformed.map((field) => ({ field, issue: 'is not valid percent-encoded UTF-8' })),
      ...unstorableInUrl(request),
      ...unstorableInJson(request.body),
    ];
    done(found.length > 0 ? new UnstorableTextError(found) : undefined);
  });
}

/** The fields of a form body whose percent-escapes are not UTF-8, kept on the parsed body for the guard. */
const MALFORMED = Symbol('malformed form fields');

/**
 * A form body parsed as @fastify/formbody's default does (fast-querystring), noting each field whose
 * percent-escapes do not decode as UTF-8 ("a%ED%A0%80b", half a surrogate pair): fast-querystring keeps
 * such a value as it was sent, escapes and all, which a page would then store as typed. The form text
 * guard refuses the request.
 */
export function parseForm(body: string): Record<string, unknown> {
  const parsed = parseQuery(body) as Record<string, unknown>;
  if (!body.includes('%')) return parsed;
  const decoded = (text: string): string | undefined => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
  };
  const malformed: string[] = [];
  for (const pair of body.split('&')) {
    if (!pair.includes('%') || decoded(pair) !== undefined) continue;
    const name = pair.split('=')[0];
    malformed.push(printable(decoded(name) ?? name));
  }
  if (malformed.length > 0) Object.defineProperty(parsed, MALFORMED, { value: malformed });
  return parsed;
}
