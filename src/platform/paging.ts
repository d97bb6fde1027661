import { Type } from 'typebox';
import { ApiError } from './errors.ts';

/**
 * Cursor paging as every /v1 list does it (Stripe's): newest first, ties broken by id, `limit` items a
 * page, and `starting_after` the last id of the previous page, so pages never overlap or skip however
 * many items arrive meanwhile.
 */

/** Where an item sits in a list ordered by (created_at, id), newest first. */
export interface Position {
  createdAt: string;
  id: string;
}

export const DEFAULT_PAGE_SIZE = 20;

/** The `limit` query parameter: 1 to 100, 20 when not given. */
export const PageLimit = Type.Integer({
  minimum: 1,
  maximum: 100,
  default: DEFAULT_PAGE_SIZE,
  examples: [50],
});

/** A page of a list, as every list endpoint answers it. */
export const pageFields = {
  has_more: Type.Boolean({ description: 'Whether older items follow this page.' }),
  next_starting_after: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as `starting_after` for the next page; null on the last.',
  }),
};

/**
 * The position `starting_after` names, found by `find` among the caller's own items; an id that is not
 * one of them (another organisation's, another mode's, or none at all) is refused as every list does.
 */
export async function positionOf(
  startingAfter: string | undefined,
  find: (id: string) => Promise<Position | undefined>,
  what: string,
): Promise<Position | undefined> {
  if (startingAfter === undefined) return undefined;
  const position = await find(startingAfter);
  if (!position) {
    throw new ApiError('INVALID_REQUEST', `starting_after is not the id of one of your ${what}.`, [
      { field: 'starting_after', issue: `is not one of your ${what} in this mode` },
    ]);
  }
  return position;
}

/** The page answered from `rows`, fetched with `limit + 1` so whether more follow is known. */
export function pageOf<R extends { id: string }, V>(
  rows: R[],
  limit: number,
  view: (row: R) => V,
): { data: V[]; has_more: boolean; next_starting_after: string | null } {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    data: page.map(view),
    has_more: hasMore,
    next_starting_after: hasMore ? page[page.length - 1].id : null,
  };
}
