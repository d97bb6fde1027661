import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded by the first call rather than when the importing module is: for libraries a start
 * of the server or of a `wcs` command seldom needs (a PDF library, a Redis client, password
 * dictionaries), whose loading would otherwise be paid by every start. Synchronous, so the callers stay
 * as they were; the packages are CommonJS or ship a CommonJS build.
 */
export function onFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(specifier) as T;
    return loaded;
  };
}
