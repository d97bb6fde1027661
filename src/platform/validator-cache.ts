import type { FastifySchemaCompiler } from 'fastify';
import { Settings } from 'typebox/system';

/**
 * TypeBox stops at 8 errors a value, so a union's allowed values were listed in part (8 of the 16
 * webhook event types, without `*`) and a body with more problems was told of 8: a refusal names
 * every problem, and every value a field takes.
 */
Settings.Set({ maxErrors: 100 });

// biome-ignore lint/suspicious/noExplicitAny: one cache for compilers of any schema type
type Compiler = FastifySchemaCompiler<any>;
type Validate = ReturnType<Compiler>;

/** Validators by compiler, then by schema object, then by the part of the request they check. */
const compiled = new WeakMap<Compiler, WeakMap<object, Map<string | undefined, Validate>>>();

/**
 * Fastify compiles a validator for every schema of every route each time an app is built, and most
 * routes' schemas are module constants: a process that builds the app again (the CLI, the tests, which
 * build hundreds) compiled the same objects again. A compiled validator depends only on its schema and
 * the part of the request it checks (a body is checked as sent, the rest converted first), so each is
 * compiled once per process; a schema object made afresh for a build is compiled afresh.
 */
export function cachedValidators<C extends Compiler>(compile: C): C {
  const bySchema = compiled.get(compile) ?? new WeakMap<object, Map<string | undefined, Validate>>();
  compiled.set(compile, bySchema);
  return ((route: Parameters<C>[0]) => {
    const { schema, httpPart } = route;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    const byPart = bySchema.get(schema) ?? new Map<string | undefined, Validate>();
    bySchema.set(schema, byPart);
    let validate = byPart.get(httpPart);
    if (!validate) {
      validate = compile(route);
      byPart.set(httpPart, validate);
    }
    return validate;
  }) as C;
}
