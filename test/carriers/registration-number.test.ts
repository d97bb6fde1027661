import { describe, expect, it } from 'vitest';
import { normaliseRegistrationNumber, parseRegistrationNumber } from '../../src/carriers/index.ts';
import { ApiError } from '../../src/platform/errors.ts';

describe('normaliseRegistrationNumber', () => {
  it.each([' cbdu 900101 ', 'CBDU-900101', 'cbdu900101', 'CBDU\t900 101'])('%j -> CBDU900101', (raw) => {
    expect(normaliseRegistrationNumber(raw)).toBe('CBDU900101');
  });

  it.each(['CBDX900101', 'CBD900101', 'CBDU', 'CBDU90O101', '900101', ''])('rejects %j', (raw) => {
    expect(() => normaliseRegistrationNumber(raw)).toThrow(ApiError);
    try {
      normaliseRegistrationNumber(raw);
    } catch (error) {
      expect((error as ApiError).code).toBe('INVALID_REGISTRATION_NUMBER');
      expect((error as ApiError).status).toBe(400);
    }
  });
});

describe('parseRegistrationNumber', () => {
  it('reads the tier the prefix suggests', () => {
    expect(parseRegistrationNumber('CBDL900107')).toMatchObject({ ok: true, prefixTier: 'lower' });
    expect(parseRegistrationNumber('CBDU900101')).toMatchObject({ ok: true, prefixTier: 'upper' });
  });

  it('accepts short and long numbers with a warning', () => {
    expect(parseRegistrationNumber('CBDU12')).toMatchObject({
      ok: true,
      warning: expect.stringMatching(/2 digits/),
    });
    expect(parseRegistrationNumber('CBDU12345678')).toMatchObject({
      ok: true,
      warning: expect.stringMatching(/8 digits/),
    });
    expect(parseRegistrationNumber('CBDU123')).not.toHaveProperty('warning', expect.anything());
  });

  it.each([
    ['WCR/R/1234567', /Scottish \(SEPA\)/],
    ['SCO/123456', /Scottish \(SEPA\)/],
    ['ROC UT 1234', /Northern Ireland/],
    ['ROCLT99', /Northern Ireland/],
    ['CB/AF7003CS/A001', /pre-2018/],
    ['CBDX900101', /expected CBDU \(upper tier\) or CBDL/],
  ])('explains %j', (raw, message) => {
    const parsed = parseRegistrationNumber(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
