import { type Compilable, CompiledQuery, type DialectAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The largest multi-row insert: a dozen columns a row stays far under SQLite's 32,766 bound parameters. */
const LARGEST_STATEMENT = 512;

/**
 * The row counts a batch is inserted in: powers of two, largest first (137 rows are 128 + 8 + 1), so
 * however batch sizes vary, at most ten distinct INSERT statements exist. SQLite keeps prepared
 * statements in a bounded cache keyed by their text (platform/db/sqlite.ts); a statement for every
 * batch size would push out the ones the requests themselves use.
 */
export function statementSizes(rows: number): number[] {
  const sizes: number[] = [];
  let left = rows;
  for (let size = LARGEST_STATEMENT; size >= 1; size /= 2) {
    while (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/**
 * Multi-row INSERTs into one table, whose SQL Kysely builds once per row count. Building and compiling
 * a multi-row INSERT costs Kysely more than the database spends running it, on the event loop the
 * requests share; the text depends only on the row count (the values go as parameters), so each count
 * is built once and then given each batch's values, column by column in `columns` order.
 *
 * `build` is the INSERT as Kysely writes it (with any ON CONFLICT or RETURNING) for the rows it is given;
 * the rows it is built from are only a template. Texts are kept per dialect (a process may have a
 * SQLite and a PostgreSQL database at once: the tests do).
 */
export class MultiRowInsert<Row extends object, Returned = unknown> {
  readonly #columns: readonly (keyof Row & string)[];
  readonly #build: (db: Kysely<Database>, rows: Row[]) => Compilable<Returned>;
  readonly #texts = new WeakMap<DialectAdapter, Map<number, string>>();

  constructor(
    columns: readonly (keyof Row & string)[],
    build: (db: Kysely<Database>, rows: Row[]) => Compilable<Returned>,
  ) {
    this.#columns = columns;
    this.#build = build;
  }

  /** Inserts `rows` (in the caller's transaction when `db` is one); what RETURNING gave, in order. */
  async insert(db: Kysely<Database>, rows: Row[]): Promise<Returned[]> {
    const returned: Returned[] = [];
    let at = 0;
    for (const size of statementSizes(rows.length)) {
      const chunk = rows.slice(at, at + size);
      at += size;
      const parameters = chunk.flatMap((row) => this.#columns.map((column) => row[column]));
      const result = await db.executeQuery<Returned>(CompiledQuery.raw(this.#textFor(db, chunk), parameters));
      returned.push(...result.rows);
    }
    return returned;
  }

  #textFor(db: Kysely<Database>, chunk: Row[]): string {
    const adapter = db.getExecutor().adapter;
    let texts = this.#texts.get(adapter);
    if (!texts) {
      texts = new Map();
      this.#texts.set(adapter, texts);
    }
    let text = texts.get(chunk.length);
    if (text === undefined) {
      // Every row's columns in one order, so the parameters follow it row by row.
      const ordered = chunk.map((row) => Object.fromEntries(this.#columns.map((c) => [c, row[c]])) as Row);
      text = this.#build(db, ordered).compile().sql;
      texts.set(chunk.length, text);
    }
    return text;
  }
}
