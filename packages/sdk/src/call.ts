import { apiErrorFrom } from './errors.ts';
import type { CreateOptions, Page } from './types.ts';

interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The answer's data, or its error as a typed WcsApiError. */
export async function unwrap<R extends Answer>(pending: Promise<R>): Promise<NonNullable<R['data']>> {
  const { data, error, response } = await pending;
  if (!response.ok) throw apiErrorFrom(response, error);
  return data as NonNullable<R['data']>;
}

/** The key for this call: the caller's, or a new one (kept for all of the call's tries). */
export function idempotencyKey(options: CreateOptions): string {
  return options.idempotencyKey ?? globalThis.crypto.randomUUID();
}

/** Every item of a list, page after page, fetching the next page only when it is reached. */
export async function* paginate<T, Q extends { starting_after?: string }>(
  list: (query: Q) => Promise<Page<T>>,
  query: Q,
): AsyncGenerator<T, void, undefined> {
  let next = query;
  for (;;) {
    const page = await list(next);
    yield* page.data;
    if (!page.has_more || page.next_starting_after === null) return;
    next = { ...next, starting_after: page.next_starting_after };
  }
}
