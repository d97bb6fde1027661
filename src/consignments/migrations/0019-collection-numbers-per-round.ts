import type { Kysely } from 'kysely';

// A multiple collection's notes are numbered 1, 2, 3... through the round (reg 38; NRW: "the collection
// number ... in sequence" on each note of the round), whichever premises each collection is from. 0012's
// counters were kept per round number and code prefix (`round:<prefix>:<round>`), so a round through two
// producers numbered each from 1. The counter is now one per round (`round:<round>`), and each round's
// starts from the highest number any of its old counters reached, so no number already given is given
// again. The old counters stay, unused, so `down` can return to them.

interface Sequence {
  organisation_id: string;
  mode: string;
  name: string;
  last_number: number;
}

export async function up(db: Kysely<{ consignment_sequences: Sequence }>): Promise<void> {
  const old = await db
    .selectFrom('consignment_sequences')
    .selectAll()
    .where('name', 'like', 'round:%:%')
    .execute();
  const rounds = new Map<string, Sequence>();
  for (const row of old) {
    const round = row.name.slice(row.name.lastIndexOf(':') + 1);
    const name = `round:${round}`;
    const key = JSON.stringify([row.organisation_id, row.mode, name]);
    const seen = rounds.get(key);
    if (!seen || row.last_number > seen.last_number) rounds.set(key, { ...row, name });
  }
  for (const row of rounds.values()) {
    await db.insertInto('consignment_sequences').values(row).execute();
  }
}

export async function down(db: Kysely<{ consignment_sequences: Sequence }>): Promise<void> {
  await db
    .deleteFrom('consignment_sequences')
    .where('name', 'like', 'round:%')
    .where('name', 'not like', 'round:%:%')
    .execute();
}
