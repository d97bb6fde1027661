import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  assertResolvesPublicly,
  checkUrlShape,
  isPublicAddress,
  safeLookup,
  UnsafeUrlError,
  type UrlPolicy,
} from '../../src/webhooks/url-safety.ts';

const strict: UrlPolicy = { allowHttpLoopback: false };
const local: UrlPolicy = { allowHttpLoopback: true };

/** The private IPv4 ranges a webhook may never reach, as [first address, prefix length]. */
const PRIVATE: [string, number][] = [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
  ['100.64.0.0', 10],
];

/** Public addresses, several just outside a private range. */
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '151.101.1.69',
  '9.255.255.255',
  '11.0.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.167.255.255',
  '192.169.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
];

/** The IPv6 forms that carry an IPv4 address in their last 32 bits: the first six 16-bit groups. */
const FORMS: { name: string; groups: number[]; short: string }[] = [
  { name: 'compatible ::/96', groups: [0, 0, 0, 0, 0, 0], short: '::' },
  { name: 'mapped ::ffff:0:0/96', groups: [0, 0, 0, 0, 0, 0xffff], short: '::ffff:' },
  { name: 'NAT64 64:ff9b::/96', groups: [0x64, 0xff9b, 0, 0, 0, 0], short: '64:ff9b::' },
  { name: 'local-use NAT64 64:ff9b:1::/48', groups: [0x64, 0xff9b, 1, 0, 0, 0], short: '64:ff9b:1::' },
];

const toNumber = (dotted: string) => dotted.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const toDotted = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 0xff).join('.');

/** First, last and 20 pseudo-random addresses of a range, the same on every run (a fixed LCG seed). */
function sample([first, bits]: [string, number]): string[] {
  const base = toNumber(first);
  const size = 2 ** (32 - bits);
  const picks = [base, base + size - 1];
  let seed = base ^ 0x9e3779b9;
  for (let i = 0; i < 20; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    picks.push(base + (seed % size));
  }
  return picks.map(toDotted);
}

/** Every spelling of one IPv4 address in one IPv6 form: compressed, expanded, padded, dotted, upper case. */
function spellings(ipv4: string, form: (typeof FORMS)[number]): string[] {
  const n = toNumber(ipv4);
  const hi = (n >>> 16).toString(16);
  const lo = (n & 0xffff).toString(16);
  const head = form.groups.map((g) => g.toString(16));
  const padded = (g: string) => g.padStart(4, '0');
  const lower = [
    `${form.short}${hi}:${lo}`,
    `${form.short}${padded(hi)}:${padded(lo)}`,
    `${form.short}${ipv4}`,
    [...head, hi, lo].join(':'),
    [...head, hi, lo].map(padded).join(':'),
    [...head, ipv4].join(':'),
    [...head.map(padded), ipv4].join(':'),
    `${head[0]}:${head[1]}::${head.slice(4).join(':')}:${hi}:${lo}`.replace(':::', '::'),
  ];
  return [...new Set([...lower, ...lower.map((s) => s.toUpperCase())])];
}

const fakeResolver = (address: string) => async (): Promise<LookupAddress[]> => [{ address, family: 6 }];

function fakeLookup(address: string): typeof dnsLookup {
  return ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
    callback(null, [{ address, family: 6 }])) as unknown as typeof dnsLookup;
}

function lookupRefuses(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    safeLookup(strict, fakeLookup(address))('hooks.example.com', {}, (error) => {
      resolve((error as NodeJS.ErrnoException | null)?.code === 'EADDRNOTPUBLIC');
    });
  });
}

async function isRefusedEverywhere(spelling: string, policy: UrlPolicy): Promise<string[]> {
  const ways: string[] = [];
  if (isPublicAddress(spelling, policy)) ways.push('as an address');
  try {
    checkUrlShape(`https://[${spelling}]/hook`, policy);
    ways.push('as a URL literal');
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
  }
  const name = new URL('https://hooks.example.com/hook');
  try {
    await assertResolvesPublicly(name, policy, fakeResolver(spelling));
    ways.push('as a DNS answer when saved');
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
  }
  if (policy === strict && !(await lookupRefuses(spelling))) ways.push('as a DNS answer when delivering');
  return ways;
}

describe('IPv6 addresses that carry an IPv4 address are judged by it', () => {
  it('generates every spelling a reader would expect', () => {
    expect(spellings('127.0.0.1', FORMS[0])).toEqual(
      expect.arrayContaining(['::7f00:1', '::127.0.0.1', '0:0:0:0:0:0:7f00:1', '::7F00:1']),
    );
    expect(spellings('169.254.169.254', FORMS[2])).toEqual(
      expect.arrayContaining(['64:ff9b::a9fe:a9fe', '0064:ff9b:0000:0000:0000:0000:a9fe:a9fe']),
    );
  });

  for (const form of FORMS) {
    it(`refuses every private range in the ${form.name} form, however it is spelt`, async () => {
      const accepted: string[] = [];
      let checked = 0;
      for (const range of PRIVATE) {
        for (const ipv4 of [...sample(range), ...(range[0] === '169.254.0.0' ? ['169.254.169.254'] : [])]) {
          for (const spelling of spellings(ipv4, form)) {
            checked++;
            const ways = await isRefusedEverywhere(spelling, strict);
            if (ways.length > 0) accepted.push(`${spelling} (${ipv4}) ${ways.join(', ')}`);
          }
        }
      }
      expect(checked).toBeGreaterThan(1000);
      expect(accepted).toEqual([]);
    });

    it(`accepts public addresses in the ${form.name} form`, async () => {
      const refused: string[] = [];
      for (const ipv4 of PUBLIC) {
        expect(isPublicAddress(ipv4, strict)).toBe(true);
        for (const spelling of spellings(ipv4, form)) {
          if (!isPublicAddress(spelling, strict)) refused.push(spelling);
          expect(checkUrlShape(`https://[${spelling}]/hook`, strict).protocol).toBe('https:');
          await assertResolvesPublicly(new URL('https://hooks.example.com/'), strict, fakeResolver(spelling));
          expect(await lookupRefuses(spelling)).toBe(false);
        }
      }
      expect(refused).toEqual([]);
    });
  }

  it('lets local development reach loopback in any form, and nothing else private', async () => {
    for (const form of FORMS) {
      for (const spelling of spellings('127.0.0.1', form))
        expect(isPublicAddress(spelling, local)).toBe(true);
      for (const range of PRIVATE.filter(([first]) => first !== '127.0.0.0')) {
        for (const spelling of spellings(sample(range)[2], form)) {
          expect(await isRefusedEverywhere(spelling, local)).toEqual([]);
        }
      }
    }
    expect(checkUrlShape('http://[::7f00:1]:8080/hook', local).port).toBe('8080');
    expect(() => checkUrlShape('http://[::7f00:1]:8080/hook', strict)).toThrow('must use https');
  });

  it('refuses the local-use NAT64 prefix in any layout but /96, whose IPv4 address cannot be read', () => {
    // 8.8.8.8 under a /48 and a /64 prefix (RFC 6052 2.2): the operator's choice, unknown to us.
    for (const address of ['64:ff9b:1:808:8:800::', '64:ff9b:1:0:8:808:800:0', '64:ff9b:1:ffff::808:808']) {
      expect(isPublicAddress(address, strict)).toBe(false);
    }
  });

  it('keeps refusing the transition ranges it refused before, whatever they carry', () => {
    // 6to4 (2002::/16), Teredo (2001::/32) and IPv4-translated (::ffff:0:0:0/96, RFC 6145).
    for (const address of ['2002:808:808::1', '2001:0:808:808::1', '::ffff:0:808:808']) {
      expect(isPublicAddress(address, strict)).toBe(false);
    }
  });

  it('still judges IPv6 loopback and unspecified as themselves, not as 0.0.0.1 and 0.0.0.0', () => {
    expect(isPublicAddress('::1', local)).toBe(true);
    expect(isPublicAddress('::1', strict)).toBe(false);
    expect(isPublicAddress('::', local)).toBe(false);
    expect(isPublicAddress('::2', local)).toBe(false);
  });
});

describe('webhook URL ports', () => {
  it.each([
    ['https://hooks.example.com:0/hook', 'port 0'],
    ['https://hooks.example.com:00000/hook', 'port 0'],
    ['https://8.8.8.8:0/hook', 'port 0'],
    ['https://[2606:4700:4700::1111]:0/hook', 'port 0'],
    ['https://hooks.example.com:65536/hook', 'port 65536'],
    ['https://hooks.example.com:99999', 'port 99999'],
    ['https://user@hooks.example.com:4294967296/?q', 'port 4294967296'],
    ['https://[2606:4700:4700::1111]:70000/hook', 'port 70000'],
  ])('refuses %s, naming the rule', (url, port) => {
    expect(() => checkUrlShape(url, strict)).toThrow(UnsafeUrlError);
    expect(() => checkUrlShape(url, strict)).toThrow(`has ${port}, but a port must be from 1 to 65535`);
  });

  it.each([
    'https://hooks.example.com:1/hook',
    'https://hooks.example.com:65535/hook',
    'https://hooks.example.com/hook',
  ])('accepts %s', (url) => {
    expect(checkUrlShape(url, strict).href).toBe(url);
  });

  it('still calls a URL that is not one "not an absolute URL"', () => {
    expect(() => checkUrlShape('https://hooks.example.com:12ab/hook', strict)).toThrow(
      'is not an absolute URL',
    );
  });
});
