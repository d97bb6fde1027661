import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/webhooks/url-safety.ts';
import { sendWebhook } from '../../src/webhooks/webhook-sender.ts';

const strict = { allowHttpLoopback: false };
const local = { allowHttpLoopback: true };

describe('which addresses a webhook may reach', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '151.101.1.69'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address, strict)).toBe(true);
    },
  );

  it.each([
    '10.1.2.3',
    '172.31.255.255',
    '192.168.0.1',
    '127.0.0.1',
    '127.5.5.5',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:192.168.0.1',
    '::ffff:127.0.0.1',
    '2002:c0a8:0001::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address, strict)).toBe(false);
  });

  it('allows loopback only when local development asks for it', () => {
    expect(isPublicAddress('127.0.0.1', local)).toBe(true);
    expect(isPublicAddress('10.0.0.1', local)).toBe(false);
  });
});

describe('sending a webhook', () => {
  it('does not follow a redirect, so a receiver cannot steer the request elsewhere', async () => {
    let followed = 0;
    const server = createServer((req, res) => {
      if (req.url === '/elsewhere') followed++;
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const result = await sendWebhook(
      `http://127.0.0.1:${port}/hook`,
      '{}',
      {},
      { timeoutMs: 2000, policy: local },
    );
    server.close();
    expect(result.httpStatus).toBe(302);
    expect(result.error).toContain('redirects are not followed');
    expect(followed).toBe(0);
  });

  it('refuses a name that resolves to a loopback address at connection time', async () => {
    const result = await sendWebhook(
      'https://localhost:9/hook',
      '{}',
      {},
      { timeoutMs: 2000, policy: strict },
    );
    expect(result.httpStatus).toBeNull();
    expect(result.error).toMatch(/^Refused: /);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const server = createServer(() => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const result = await sendWebhook(
      `http://127.0.0.1:${port}/`,
      '{}',
      {},
      { timeoutMs: 200, policy: local },
    );
    server.closeAllConnections();
    server.close();
    expect(result.httpStatus).toBeNull();
    expect(result.error).toBe('No answer within 200 ms');
  });
});
