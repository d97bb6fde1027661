import { type Compilable, CompiledQuery, type DialectAdapter, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './db/schema.ts';

/**
 * A query whose SQL Kysely builds once per shape and dialect, then runs with each call's values.
 * Building and compiling a query costs Kysely tens of microseconds, often more than the database spends
 * running it, on the event loop every request shares; the hot paths of the outboxes run a handful of
 * queries per request whose text never changes (platform/db/multi-row-insert.ts does the same for
 * INSERTs).
 *
 * `build` writes the query as usual; `parameters` lists the values it binds, in the order they appear
 * in the SQL. The first run of each shape checks the list against what Kysely compiled and refuses a
 * difference, so a list that falls out of step with its query fails in the tests rather than binding a
 * value to the wrong placeholder. `shape` names what changes the text (the length of an `in` list);
 * queries whose text never changes leave it out.
 */
export class CompiledOnce<Args, Row> {
  readonly #build: (db: Kysely<Database>, args: Args) => Compilable<Row>;
  readonly #parameters: (args: Args) => readonly unknown[];
  readonly #shape: (args: Args) => string | number;
  readonly #texts = new WeakMap<DialectAdapter, Map<string | number, string>>();

  constructor(options: {
    build: (db: Kysely<Database>, args: Args) => Compilable<Row>;
    parameters: (args: Args) => readonly unknown[];
    shape?: (args: Args) => string | number;
  }) {
    this.#build = options.build;
    this.#parameters = options.parameters;
    this.#shape = options.shape ?? (() => 0);
  }

  /** Runs the query in `db` (the caller's transaction when it is one). */
  execute(db: Kysely<Database>, args: Args): Promise<QueryResult<Row>> {
    const adapter = db.getExecutor().adapter;
    let texts = this.#texts.get(adapter);
    if (!texts) {
      texts = new Map();
      this.#texts.set(adapter, texts);
    }
    const shape = this.#shape(args);
    const parameters = this.#parameters(args);
    const text = texts.get(shape);
    if (text !== undefined) return db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]));
    const compiled = this.#build(db, args).compile();
    const same =
      compiled.parameters.length === parameters.length &&
      compiled.parameters.every((p, i) => Object.is(p, parameters[i]));
    if (!same) {
      throw new Error(
        `CompiledOnce: the parameters listed (${parameters.length}) are not those of the query (${compiled.parameters.length}): ${compiled.sql}`,
      );
    }
    texts.set(shape, compiled.sql);
    return db.executeQuery<Row>(compiled);
  }

  /** The rows the query returned. */
  async rows(db: Kysely<Database>, args: Args): Promise<Row[]> {
    return (await this.execute(db, args)).rows;
  }

  /** The first row, or undefined. */
  async first(db: Kysely<Database>, args: Args): Promise<Row | undefined> {
    return (await this.execute(db, args)).rows[0];
  }

  /** How many rows an UPDATE or DELETE changed. */
  async affected(db: Kysely<Database>, args: Args): Promise<number> {
    return Number((await this.execute(db, args)).numAffectedRows ?? 0);
  }
}

/**
 * The values of an `in (…)` list padded to a power of two by repeating the last, so a list of any
 * length has one of a few SQL texts (SQLite keeps a bounded cache of prepared statements by text). A
 * value repeated in the list changes nothing it matches.
 */
export function inList<T>(values: readonly T[]): T[] {
  let size = 1;
  while (size < values.length) size *= 2;
  const padded = [...values];
  while (padded.length < size && padded.length > 0) padded.push(values[values.length - 1]);
  return padded;
}
