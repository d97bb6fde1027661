import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;
type RouteSchema = { schema?: unknown };
type Serializer = (data: unknown) => string;

// The serializer factory Fastify itself uses (a dependency of Fastify's, so resolved from Fastify's own
// location rather than declared again here): the compiled code stays exactly what Fastify would build.
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const defaultSerializers: () => SerializerFactory = requireFromFastify(
  '@fastify/fast-json-stringify-compiler',
);

/** Compiled serializers by shared schemas and options, then by response schema, both as JSON text. */
const compiled = new Map<string, Map<string, Serializer>>();

/**
 * Fastify compiles a serializer for every response schema of every route, a few milliseconds each, and
 * most of them are the same schema again (the error envelope under each route's 4xx, a note under
 * several routes): 441 compilations of 103 distinct schemas when this was written. The compiled code
 * depends only on the schema, the shared schemas it refers to and the options, so the same text is
 * compiled once per process. That saves a second at start, and nearly all of each further build of the
 * app in one process (the tests build hundreds).
 */
export function cachedSerializers(): SerializerFactory {
  const factory = defaultSerializers();
  return (externalSchemas, serializerOpts) => {
    const scopeKey = JSON.stringify([externalSchemas ?? null, serializerOpts ?? null]);
    const byText = compiled.get(scopeKey) ?? new Map<string, Serializer>();
    compiled.set(scopeKey, byText);
    const compile = factory(externalSchemas, serializerOpts);
    return (route: RouteSchema) => {
      const text = JSON.stringify(route.schema);
      let serializer = byText.get(text);
      if (!serializer) {
        serializer = compile(route as Parameters<typeof compile>[0]) as Serializer;
        byText.set(text, serializer);
      }
      return serializer;
    };
  };
}
