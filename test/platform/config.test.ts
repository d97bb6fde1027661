import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

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
});
