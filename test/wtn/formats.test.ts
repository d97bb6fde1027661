import { describe, expect, it } from 'vitest';
import { recogniseContainer } from '../../src/wtn/container-types.ts';
import { recognisePermit } from '../../src/wtn/permit-numbers.ts';

describe('permit numbers', () => {
  it.each([
    ['EPR/AB1234CD', 'EA'],
    ['epr/ab1234cd', 'EA'],
    ['EPR / AB1234CD', 'EA'],
    ['AB1234CD', 'EA'],
    ['EPR/AB1234CD/D1234', 'EA'],
    ['AB1234CD/D12345', 'EA'],
    ['EAWML 123456', 'EA'],
    ['EAWML12345', 'EA'],
    ['WML 12345', 'EA'],
    ['WEX123456', 'EA'],
    ['PPC/A/1234567', 'SEPA'],
    ['PPC/A/SEPA1234-5678', 'SEPA'],
    ['WML/L/1234567', 'SEPA'],
    ['WML/L/1234567/01', 'SEPA'],
    ['WML/L/SEPA1234-5678', 'SEPA'],
    ['EAS/P/123456', 'SEPA'],
    ['P1234/12A', 'NIEA'],
    ['P1234/12A/V2', 'NIEA'],
    ['WPPC 12/34', 'NIEA'],
    ['WML 12/345 LN/12/34', 'NIEA'],
    ['WML 12/345 PAC/2020/WCL001', 'NIEA'],
  ])('%s is recognised (%s)', (permit, regulator) => {
    expect(recognisePermit(permit)?.regulator).toBe(regulator);
  });

  it.each(['EPR/1234', 'permit pending', 'AB12CD', '12345678', 'EPR/AB1234CDE'])(
    '%s is not recognised',
    (permit) => {
      expect(recognisePermit(permit)).toBeUndefined();
    },
  );
});

describe('container types', () => {
  it.each([
    ['SKI', 'SKI'],
    ['ibc', 'IBC'],
    ['skip', 'SKI'],
    ['8 yard skip', 'SKI'],
    ['1100L wheelie bins', 'WBI'],
    ['wheelie_bin', 'WBI'],
    ['205 litre drums', 'DRU'],
    ['fibre drum', 'FIB'],
    ['Loose', 'LOO'],
    ['roll-on roll-off', 'ROR'],
    ['RoRo container', 'ROR'],
    ['container', 'CON'],
    ['bulk bag', 'BAG'],
    ['pallet cage', 'CAR'],
    ['tanker', 'TAN'],
    ['1000L IBC', 'IBC'],
    ['hand cart', undefined],
    ['bags on a pallet', undefined],
  ])('%s -> %s', (text, code) => {
    expect(recogniseContainer(text)).toBe(code);
  });
});
