import type { z } from 'zod';
import type { ErrorDetail } from '../platform/errors.ts';

// A tool's arguments are the body or query of the API call it makes, so their problems are told as the
// API tells a request's (src/platform/error-handler.ts): one detail per field, a JSON Pointer to it and
// what is wrong in words, never a validator's dump.

type Issue = z.core.$ZodIssue;

/** What a tool call's `arguments` must be before any field can be judged: an object, or left out. */
export function argumentsShapeProblem(args: unknown): ErrorDetail | undefined {
  if (args === undefined || isObject(args)) return undefined;
  return {
    field: 'arguments',
    issue: `must be an object of the tool's inputs by name, like {"limit": 20}, not ${kindOf(args)}`,
  };
}

/** Every field of `args` that does not fit the tool's input schema, in words; empty when it fits. */
export function argumentProblems(schema: z.ZodType, args: Record<string, unknown>): ErrorDetail[] {
  const parsed = schema.safeParse(args);
  return parsed.success ? [] : issueProblems(parsed.error.issues, args);
}

/** The problems a failed parse of `args` found, one per field, in words. */
export function issueProblems(issues: readonly Issue[], args: Record<string, unknown>): ErrorDetail[] {
  const details = new Map<string, string>();
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.set(pointer([...issue.path, key]), 'is not a recognised field');
    } else if (!details.has(pointer(issue.path))) {
      details.set(pointer(issue.path), describe(issue, valueAt(args, issue.path)));
    }
  }
  return [...details].map(([field, what]) => ({ field, issue: what }));
}

function describe(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'is required';
      return `must be ${expected(issue.expected)}, not ${kindOf(value)}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      return `must be at least ${issue.minimum}`;
    case 'too_big':
      return `must be at most ${issue.maximum}`;
    default:
      return 'is not valid';
  }
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function expected(type: string): string {
  return EXPECTED[type] ?? `a ${type}`;
}

/** The kind of a JSON value in words: `text ("x")`, `a number (2.5)`, `a list`, `null`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return `text (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
    case 'number':
      return `a number (${value})`;
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A JSON Pointer (RFC 6901) to a field of the arguments, as the API's `details` name fields. */
function pointer(path: readonly PropertyKey[]): string {
  return `/${path.map((key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}
