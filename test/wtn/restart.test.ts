import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import {
  runCli,
  type ServerProcess,
  sharedDatabaseUrl,
  startServerProcess,
} from '../helpers/server-process.ts';
import { validBody } from './wtn-app.ts';

describe(`a transfer note survives the server (${process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite file'})`, () => {
  let db: Awaited<ReturnType<typeof sharedDatabaseUrl>>;
  let server: ServerProcess | undefined;
  let env: Record<string, string>;
  let key: string;

  beforeAll(async () => {
    db = await sharedDatabaseUrl();
    // A test key: the sandbox answers for the register, so the server needs nothing but its database.
    env = { DATABASE_URL: db.url };
    const org = JSON.parse(
      await runCli(['org', 'create', '--name', 'Restart Ltd', '--plan', 'business', '--json'], env),
    );
    key = JSON.parse(await runCli(['key', 'create', '--org', org.id, '--mode', 'test', '--json'], env)).key;
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.dispose();
  });

  // Two server start-ups (migrations, catalogue, engine) on a shared machine: allow a minute.
  it('being killed the moment the 201 is sent, and restarted', { timeout: 60_000 }, async () => {
    server = await startServerProcess(env);
    const created: WasteTransferNote[] = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${server!.url}/v1/generate-wtn`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            ...validBody(),
            transfer_date: `2026-03-${String(i + 1).padStart(2, '0')}`,
          }),
        });
        expect(res.status).toBe(201);
        return (await res.json()) as WasteTransferNote;
      }),
    );
    // No graceful shutdown: a crash.
    await server.stop('SIGKILL');

    server = await startServerProcess(env);
    for (const note of created) {
      const res = await fetch(`${server.url}/v1/wtn/${note.reference}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(note);
    }
    const listed = await fetch(`${server.url}/v1/wtn?limit=100`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(20);
  });
});
