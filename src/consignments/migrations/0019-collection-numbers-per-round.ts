import type { Kysely } from 'kysely';

// A multiple collection's notes are numbered 1, 2, 3... through the round (reg 38; NRW: "the collection
// number ... in sequence" on each note of the round), whichever premises each collection is from. 0012's
// counters were kept per round number and code prefix (`round:<prefix>:<round>`), so a round through two
// producers numbered each from 1. The counter is now one per round (`round:<round>`), and each round's
// starts from the highest number any of its old counters reached, so no number already given is given
// again. The old counters stay, for `down` to return to. Instances of the previous release must be
// stopped before this runs (docs/operations.md): they would go on counting per prefix.

interface Sequence {
  organisation_id: string;
  mode: string;
  name: string;
  last_number: number;
}
type Db = Kysely<{ consignment_sequences: Sequence }>;

const roundOf = (name: string) => name.slice(name.lastIndexOf(':') + 1);

/** Sets each counter to at least the value given (an existing higher count is kept). */
async function raise(db: Db, rows: Iterable<Sequence>): Promise<void> {
  for (const row of rows) {
    await db
      .insertInto('consignment_sequences')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['organisation_id', 'mode', 'name']).doUpdateSet((eb) => ({
          last_number: eb
            .case()
            .when('consignment_sequences.last_number', '<', row.last_number)
            .then(row.last_number)
            .else(eb.ref('consignment_sequences.last_number'))
            .end(),
        })),
      )
      .execute();
  }
}

export async function up(db: Db): Promise<void> {
  const old = await db
    .selectFrom('consignment_sequences')
    .selectAll()
    .where('name', 'like', 'round:%:%')
    .execute();
  const rounds = new Map<string, Sequence>();
  for (const row of old) {
    const name = `round:${roundOf(row.name)}`;
    const key = JSON.stringify([row.organisation_id, row.mode, name]);
    const seen = rounds.get(key);
    if (!seen || row.last_number > seen.last_number) rounds.set(key, { ...row, name });
  }
  await raise(db, rounds.values());
}

export async function down(db: Db): Promise<void> {
  const rounds = await db
    .selectFrom('consignment_sequences')
    .selectAll()
    .where('name', 'like', 'round:%')
    .where('name', 'not like', 'round:%:%')
    .execute();
  // Numbers given since `up` were counted on the new counters: every old counter of the round continues
  // from the highest of them.
  const old = await db
    .selectFrom('consignment_sequences')
    .selectAll()
    .where('name', 'like', 'round:%:%')
    .execute();
  const highest = new Map(
    rounds.map((r) => [JSON.stringify([r.organisation_id, r.mode, roundOf(r.name)]), r]),
  );
  await raise(
    db,
    old.flatMap((row) => {
      const round = highest.get(JSON.stringify([row.organisation_id, row.mode, roundOf(row.name)]));
      return round ? [{ ...row, last_number: round.last_number }] : [];
    }),
  );
  await db
    .deleteFrom('consignment_sequences')
    .where('name', 'like', 'round:%')
    .where('name', 'not like', 'round:%:%')
    .execute();
}
