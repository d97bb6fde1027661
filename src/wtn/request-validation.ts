import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { hiddenCharacterProblem, isBlank, signatureProblems } from '../platform/person-name.ts';
import type { EwcLookup } from './dependencies.ts';
import { GenerateWtnBody, SignBody } from './wtn-schemas.ts';

/** One problem, in the shape the error handler turns into `details` (src/platform/error-handler.ts). */
interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

const REQUIRED_TEXT: [string, string][] = [
  ['producer', 'name'],
  ['producer', 'address'],
  ['carrier', 'registration_number'],
  ['waste', 'description'],
  ['destination', 'name'],
  ['destination', 'address'],
];

/** SIC 2007 subclasses are five digits; reg 35(2)(a)(iv) requires the 2007 list on transfer notes. */
const SIC_2007 = /^\d{5}$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** Every string of a body holding a control or text-direction character, by its JSON pointer. */
function hiddenCharacters(
  value: unknown,
  path: string,
  add: (path: string, message: string) => void,
  depth: number,
): void {
  if (typeof value === 'string') {
    const problem = hiddenCharacterProblem(value);
    if (problem) add(path, problem);
  } else if (depth < 8 && value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) hiddenCharacters(item, `${path}/${key}`, add, depth + 1);
  }
}

/**
 * The rules a schema cannot say: blank text, the SIC format, a code that must exist in the List of
 * Wastes, and a code required when classification is off. Each looks only at fields of the right type,
 * so it can run beside the schema's own errors and the client hears of every problem at once.
 */
export function generateWtnIssues(body: unknown, catalogue: EwcLookup): Issue[] {
  if (!isObject(body)) return [];
  const issues: Issue[] = [];
  const add = (path: string, message: string) =>
    issues.push({ keyword: 'wtn', instancePath: path, params: {}, message });
  // The rule of printed text (../platform/person-name.ts): required text has something visible, and no
  // text of the note (every string of the body prints somewhere: the PDF, the signing page, the CSV)
  // holds a control or text-direction character; line breaks and tabs in an address are fine.
  for (const [part, field] of REQUIRED_TEXT) {
    const section = body[part];
    const value = isObject(section) ? section[field] : undefined;
    if (typeof value === 'string' && isBlank(value.trim())) add(`/${part}/${field}`, 'must not be blank');
  }
  hiddenCharacters(body, '', add, 0);
  const producer = isObject(body.producer) ? body.producer : {};
  const sic = text(producer.sic_code);
  if (sic && !SIC_2007.test(sic)) add('/producer/sic_code', 'must be a 5-digit SIC 2007 code, e.g. 43320');

  const waste = isObject(body.waste) ? body.waste : undefined;
  if (waste) {
    if (typeof waste.quantity_kg === 'number' && waste.quantity_kg <= 0) {
      add('/waste/quantity_kg', 'must be greater than 0');
    }
    const code = text(waste.ewc_code);
    if (code && !catalogue.get(code)) {
      add(
        '/waste/ewc_code',
        /^[\d\s*-]+$/.test(code) && code.replace(/\D/g, '').length === 6
          ? `${code} is not in the List of Wastes`
          : 'must be a six-digit List of Wastes code, e.g. 17 05 04',
      );
    } else if (
      !code &&
      waste.auto_classify === false &&
      (waste.ewc_code === undefined || blank(waste.ewc_code))
    ) {
      add('/waste/ewc_code', 'is required when auto_classify is false');
    }
  }
  return issues;
}

/**
 * Validates the generate-wtn body: the schema's errors and the rules above together, so `details`
 * lists every problem. Our own issues come first so, for a field with both, the plainer message wins.
 */
export function generateWtnValidator(catalogue: EwcLookup): FastifySchemaCompiler<TSchema> {
  return bodyValidator(GenerateWtnBody, (body) => generateWtnIssues(body, catalogue));
}

/**
 * A signature's name and position under the one rule for printed names (src/platform/person-name.ts),
 * the rule the signing page applies too: trimmed, something visible, no control or bidi characters.
 */
function signIssues(body: unknown): Issue[] {
  if (!isObject(body)) return [];
  return signatureProblems({ name: body.name, position: body.position }).map(({ field, problem }) => ({
    keyword: 'wtn',
    instancePath: field,
    params: {},
    message: problem,
  }));
}

/** Validates a signature's body: the schema's errors and the name rule together. */
export const signValidator: FastifySchemaCompiler<TSchema> = bodyValidator(SignBody, signIssues);

function bodyValidator(
  schema: TSchema,
  issuesOf: (body: unknown) => Issue[],
): FastifySchemaCompiler<TSchema> {
  const check = Compile(schema);
  return (route) => {
    if (route.httpPart !== 'body') return TypeBoxValidatorCompiler(route);
    return (value: unknown) => {
      const issues = issuesOf(value);
      if (issues.length === 0 && check.Check(value)) return { value };
      return { error: [...issues, ...(check.Check(value) ? [] : check.Errors(value))] } as never;
    };
  };
}
