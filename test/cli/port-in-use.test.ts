import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { StartError, startServer } from '../../src/server.ts';

let blocker: Server;
let port: number;
beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  port = (blocker.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

describe('starting on a port that is in use', () => {
  it('fails with a message that says which port and what to do, not a stack trace', async () => {
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite::memory:',
      LOG_LEVEL: 'silent',
    });
    const started = startServer(config);
    await expect(started).rejects.toBeInstanceOf(StartError);
    await expect(started).rejects.toThrow(`Cannot listen on 127.0.0.1:${port}: the port is already in use`);
  });
});
