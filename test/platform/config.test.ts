import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from '../../src/config.ts';

describe('configuration', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite:data/wcs.sqlite',
      LOG_LEVEL: 'info',
    });
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('reads and converts what is set', () => {
    const config = loadConfig({
      PORT: '9090',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://h:6379',
    });
    expect(config.PORT).toBe(9090);
    expect(config.DATABASE_URL).toBe('postgres://u@h:5432/db');
  });

  it('names every wrong setting, with what it got', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('"eighty"');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('refuses an auth cache long enough to delay a revocation past one second', () => {
    expect(() => loadConfig({ AUTH_CACHE_TTL_MS: '5000' })).toThrow(/AUTH_CACHE_TTL_MS/);
  });

  it('reads TRUST_PROXY as Fastify takes it, and refuses what is not an address', () => {
    expect(trustProxyOption(loadConfig({}).TRUST_PROXY)).toBe(false);
    expect(trustProxyOption('true')).toBe(true);
    expect(trustProxyOption('10.0.0.0/8, loopback')).toBe('10.0.0.0/8, loopback');
    const twoHops = trustProxyOption('2') as (address: string, hop: number) => boolean;
    expect([twoHops('10.0.0.1', 0), twoHops('10.0.0.1', 1), twoHops('10.0.0.1', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,my-balancer' })).toThrow(
      /TRUST_PROXY: use false, true, a hop count, or addresses\/CIDRs \(got "my-balancer"\)/,
    );
  });

  it('needs PUBLIC_URL with SMTP_URL, because reset links are built from it', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /PUBLIC_URL: required with SMTP_URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', PUBLIC_URL: 'https://wcs.example.org' }),
    ).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example:465',
    });
  });
});
