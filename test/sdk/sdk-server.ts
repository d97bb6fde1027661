import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { GenerateWtnRequest } from '../../packages/sdk/src/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bodyWith } from '../wtn/wtn-app.ts';

export interface SdkServer extends TestApp {
  /** Where the service listens, e.g. http://127.0.0.1:41234. */
  url: string;
  /** A test key (the sandbox register; never counted). */
  testKey: string;
}

/** The whole service listening on 127.0.0.1 (the SDK talks real HTTP), with a test key. */
export async function sdkServer(env: Record<string, string> = {}): Promise<SdkServer> {
  const t = await createTestApp({
    env: { EA_REGISTER_URL: 'http://127.0.0.1:9/unused', EA_REGISTER_TIMEOUT_MS: '5000', ...env },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const { key } = await t.newKey({ mode: 'test' });
  return { ...t, url: `http://127.0.0.1:${port}`, testKey: key };
}

/** A generate-wtn body for a complete, compliant note with the sandbox's valid carrier (test/wtn's). */
export function noteBody(
  overrides: { description?: string; transfer_date?: string } = {},
): GenerateWtnRequest {
  const body = bodyWith('waste', { description: overrides.description ?? 'Broken plasterboard offcuts' });
  return { ...body, transfer_date: overrides.transfer_date ?? '2026-03-25' } as GenerateWtnRequest;
}

/** The error `pending` rejects with, which must be a `Class`. */
export async function rejection<T>(
  pending: Promise<unknown>,
  Class: abstract new (...args: never[]) => T,
): Promise<T> {
  const error = await pending.then(
    () => new Error('expected the call to fail, but it succeeded'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Class);
  return error as T;
}
