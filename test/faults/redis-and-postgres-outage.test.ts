import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBody } from '../receipts/receipt-app.ts';
import { type Answer, OutageLoad, sleep, statusCounts, summarise } from './outage-load.ts';
import { OutageRig, until } from './outage-rig.ts';
import { postgresBinDir } from './throwaway-postgres.ts';
import { hasRedisServer } from './throwaway-redis.ts';

const OUTAGE_MS = 10_000;
const pgBin = postgresBinDir();
const enabled = Boolean(process.env.DATABASE_URL?.startsWith('postgres')) && !!pgBin && hasRedisServer();
const EXPECTED = { 'generate-wtn': 201, 'verify-carrier': 200, 'waste-receipt': 202 } as const;

/**
 * Issue 27, item 6: two `wcs serve` processes on one PostgreSQL and one Redis of the test's own, under a
 * bounded load (transfer notes, carrier checks, waste receipts to the DWT stand-in, webhook deliveries to
 * a receiver), while Redis and then PostgreSQL stop for 10 s each. Real processes rather than two apps
 * in one: each has its own connection pool, Redis connection, workers and event loop, as in production,
 * and a fault that would crash an instance (an unhandled 'error' from a driver) shows as a dead server
 * instead of taking the test runner down with it.
 *
 * Runs only in the PostgreSQL + Redis run (CI's second run) and where PostgreSQL's server binaries and
 * redis-server are installed; the shared servers on 5432 and 6379 are never touched.
 */
describe.skipIf(!enabled)(
  enabled
    ? 'two instances while Redis, then PostgreSQL, stop for 10 s'
    : 'two instances while Redis, then PostgreSQL, stop (skipped: needs DATABASE_URL=postgres…, PostgreSQL server binaries and redis-server)',
  () => {
    const rig = new OutageRig();
    let answers: Answer[] = [];
    const ofOp = (op: Answer['op']) => answers.filter((a) => a.op === op && a.id).map((a) => a.id!);

    beforeAll(() => rig.start(pgBin!), 60_000);
    afterAll(() => rig.stop());

    it('keeps answering through both outages: limits per instance without Redis, 503 without PostgreSQL, never 500', {
      timeout: 90_000,
    }, async () => {
      const { servers, postgres, redis, freeKeys, liveKey } = rig;
      const site = await rig.call(1, liveKey, 'POST', '/v1/sites', siteBody());
      expect(site.status).toBe(201);
      const load = new OutageLoad(
        {
          urls: servers.map((s) => s.url),
          testKey: rig.testKey,
          liveKey,
          siteId: ((await site.json()) as { id: string }).id,
        },
        { lanes: 2, pauseMs: 100, maxRequests: 2_000 },
      );
      try {
        await sleep(3_000);

        // Redis stops: both instances carry on, each enforcing the limits alone (docs/limits.md).
        load.phase = 'redis away';
        await redis!.stop();
        await sleep(1_500);
        const alone = await rig.freeKeyBurst(freeKeys[0]);
        await sleep(OUTAGE_MS - 1_500);
        load.phase = 'redis back';
        await redis!.resume();
        // Each instance logs the recovery once its breaker lets a call through again.
        await until('both instances to use Redis again', async () =>
          servers.every((s) => s.output().includes('redis reachable again')) ? true : undefined,
        );
        const shared = await rig.freeKeyBurst(freeKeys[1]);
        await sleep(2_000);

        // PostgreSQL stops (fast shutdown): what needs the database is refused with 503 and Retry-After.
        load.phase = 'postgres away';
        await postgres!.stop();
        await sleep(1_500);
        const noDatabase = await rig.freeKeyBurst(freeKeys[2]);
        await sleep(OUTAGE_MS - 1_500);
        await postgres!.resume();
        load.phase = 'postgres back';
        await until('both instances ready', async () => {
          const ready = await Promise.all(servers.map((s) => fetch(`${s.url}/ready`)));
          return ready.every((r) => r.ok) ? true : undefined;
        });
        await sleep(3_000);
        answers = await load.stop();

        const summary = summarise(answers);
        console.log(`load: ${answers.length} requests\n${summary}`);
        // Both instances lived through it.
        expect(servers.map((s) => s.child.exitCode)).toEqual([null, null]);
        // Every request got an HTTP answer, and none was a 500 (or any 5xx but 503).
        expect(answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503))).toEqual([]);
        // A 503 says the service is unavailable and when to come back.
        for (const a of answers.filter((x) => x.status === 503)) {
          expect(a).toMatchObject({
            code: 'SERVICE_UNAVAILABLE',
            retryAfter: expect.stringMatching(/^\d+$/),
          });
        }
        // Without Redis nothing is refused, and once PostgreSQL is back (accepting queries) everything
        // succeeds at once: every request not sent or answered while the database was away succeeded.
        for (const a of answers) {
          if (a.phase === 'postgres away' || a.answeredIn === 'postgres away') continue;
          expect(a.status, `${a.phase} ${a.op}: ${a.code}`).toBe(EXPECTED[a.op]);
        }
        // ...and while PostgreSQL is away the writes are refused, not half-done.
        const away = answers.filter((a) => a.phase === 'postgres away' && a.op !== 'verify-carrier');
        expect(away.length).toBeGreaterThan(10);
        expect(away.filter((a) => a.status === 503).length).toBeGreaterThan(away.length * 0.8);

        console.log(
          `free key bursts (30 over both instances): redis away ${statusCounts(alone)}; ` +
            `redis back ${statusCounts(shared)}; postgres away ${statusCounts(noDatabase)}`,
        );
        // Limits without Redis: each instance enforces the free key's 10 a minute alone, so the two
        // allow 20 together; the refusals are 429 with Retry-After, never an error.
        for (const instance of [0, 1]) {
          const own = alone.filter((r) => r.instance === instance);
          expect(own.filter((r) => r.status === 200)).toHaveLength(10);
          expect(own.filter((r) => r.status === 429 && Number(r.retryAfter) >= 1)).toHaveLength(5);
        }
        // With Redis back, the limit is shared again: exactly 10 in total.
        expect(shared.filter((r) => r.status === 200)).toHaveLength(10);
        expect(shared.filter((r) => r.status === 429)).toHaveLength(20);
        // Without PostgreSQL a key cannot be checked: 503 with Retry-After, not 401 and not 500.
        expect(noDatabase.map((r) => r.status)).toEqual(noDatabase.map(() => 503));
        expect(noDatabase.every((r) => Number(r.retryAfter) >= 1)).toBe(true);

        // Every live call counted is on the record in the database, through both outages: the setup's
        // site (its webhook endpoint is free) and every acknowledged receipt. Each instance writes its
        // counted calls within 250 ms (docs/decisions.md) and a usage report waits only for its own
        // instance's: ask both until they agree.
        const counted = 1 + ofOp('waste-receipt').length;
        const used = async (instance: number) =>
          ((await (await rig.call(instance, liveKey, 'GET', '/v1/usage')).json()) as { used: number }).used;
        const recorded = await until(
          'the counted calls to be written',
          async () => {
            const [a, b] = [await used(0), await used(1)];
            return a === b && a >= counted ? a : undefined;
          },
          3_000,
        ).catch(() => used(0));
        expect(recorded).toBe(counted);
      } catch (error) {
        console.log(`${summarise(load.answers)}\n${rig.serverLogs()}`);
        throw error;
      } finally {
        await load.stop();
      }
    });

    it('loses nothing it acknowledged: every note and receipt is readable afterwards', async () => {
      const notes = ofOp('generate-wtn');
      const receipts = ofOp('waste-receipt');
      expect(notes.length).toBeGreaterThan(20);
      expect(receipts.length).toBeGreaterThan(20);
      for (const [i, reference] of notes.entries()) {
        const res = await rig.call(i % 2, rig.testKey, 'GET', `/v1/wtn/${reference}`);
        expect(res.status, reference).toBe(200);
        expect(((await res.json()) as { reference: string }).reference).toBe(reference);
      }
      for (const [i, id] of receipts.entries()) {
        const res = await rig.call(i % 2, rig.liveKey, 'GET', `/v1/waste-receipts/${id}`);
        expect(res.status, id).toBe(200);
      }
    });

    it('sends every acknowledged receipt to DWT exactly once', { timeout: 30_000 }, async () => {
      const acknowledged = ofOp('waste-receipt');
      // A receipt whose attempt outlived its record waits for its lease (2 x 1 s + 5 s), then for review.
      const settled = await until(
        'every receipt to settle',
        async () => {
          const statuses = await Promise.all(
            acknowledged.map(async (id, i) => {
              const res = await rig.call(i % 2, rig.liveKey, 'GET', `/v1/waste-receipts/${id}`);
              return ((await res.json()) as { status: string }).status;
            }),
          );
          const done = ['submitted', 'needs_review', 'rejected'];
          return statuses.every((s) => done.includes(s)) ? statuses : undefined;
        },
        25_000,
      );
      const sent = new Map<string, number>();
      for (const movement of rig.dwt!.movements) {
        // Our receipt id travels last in otherReferencesForMovement (src/receipts/dwt-payload.ts).
        const refs = (movement.payload as { otherReferencesForMovement: { reference: string }[] })
          .otherReferencesForMovement;
        const id = refs.at(-1)!.reference;
        sent.set(id, (sent.get(id) ?? 0) + 1);
      }
      expect([...sent].filter(([, n]) => n > 1)).toEqual([]);
      const byStatus = Object.groupBy(
        acknowledged.map((id, i) => ({ id, status: settled[i] })),
        (r) => r.status,
      );
      const tally = Object.entries(byStatus).map(([s, r]) => `${r!.length} ${s}`);
      console.log(
        `receipts: ${acknowledged.length} acknowledged, ${tally.join(', ')}; ${rig.dwt!.movements.length} movements at DWT`,
      );
      expect(byStatus.rejected ?? []).toEqual([]);
      // Submitted: in DWT once. Needs review: its answer was lost to the outage; sent at most once.
      for (const { id } of byStatus.submitted ?? []) expect(sent.get(id), id).toBe(1);
      for (const { id } of byStatus.needs_review ?? []) expect(sent.get(id) ?? 0, id).toBeLessThanOrEqual(1);
    });

    it('delivers every event, repeating only deliveries whose outcome the outage lost', {
      timeout: 30_000,
    }, async () => {
      const receiver = rig.receiver!;
      const eventsOf = (type: string, idOf: (data: Record<string, unknown>) => string) =>
        receiver.ofType(type).map((r) => idOf(r.json.data));
      const expected = [...ofOp('generate-wtn'), ...ofOp('waste-receipt')];
      await until('an event for every note and receipt', async () => {
        const seen = new Set([
          ...eventsOf('wtn.created', (d) => (d.note as { reference: string }).reference),
          ...eventsOf('waste_receipt.submitted', (d) => (d.receipt as { id: string }).id),
          ...eventsOf('waste_receipt.needs_review', (d) => (d.receipt as { id: string }).id),
        ]);
        return expected.every((n) => seen.has(n)) ? true : undefined;
      });
      const deliveries = await until('every delivery to succeed', async () => {
        const all = await rig.deliveries();
        return all.every((d) => d.status === 'succeeded') ? all : undefined;
      });
      const received = new Map<string, number>();
      for (const r of receiver.received) received.set(r.json.id, (received.get(r.json.id) ?? 0) + 1);
      let repeats = 0;
      for (const d of deliveries) {
        // Every request the receiver got is an attempt on record, and every attempt before the
        // successful one is one whose outcome was lost (no status recorded): the documented repeat.
        // None comes after a recorded 2xx.
        const times = received.get(d.event_id) ?? 0;
        expect(times, d.id).toBeGreaterThanOrEqual(1);
        expect(times, d.id).toBeLessThanOrEqual(d.attempts.length);
        expect(d.attempts.at(-1)!.http_status).toBe(200);
        for (const lost of d.attempts.slice(0, -1)) expect(lost).toMatchObject({ http_status: null });
        repeats += times - 1;
      }
      console.log(
        `webhooks: ${deliveries.length} deliveries, ${receiver.received.length} requests received, ${repeats} repeats`,
      );
    });
  },
);
