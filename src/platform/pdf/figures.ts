/**
 * Numbers as a note prints them, the formatters made once (`toLocaleString` with options makes one at
 * every call, which a long note feels). A figure is rounded to a few decimal places, but one so small
 * that rounding would print 0 (a quantity under a gram) keeps three significant digits, and below a
 * millionth is written in scientific notation: a note never prints 0 for something it holds.
 */
const fixed = new Map<number, Intl.NumberFormat>();
const SIGNIFICANT = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 3 });
const SCIENTIFIC = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 3, notation: 'scientific' });

export function figure(value: number, fractionDigits: number): string {
  let format = fixed.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { maximumFractionDigits: fractionDigits });
    fixed.set(fractionDigits, format);
  }
  const size = Math.abs(value);
  if (size === 0 || size >= 0.5 * 10 ** -fractionDigits) return format.format(value);
  return size < 1e-6 ? SCIENTIFIC.format(value) : SIGNIFICANT.format(value);
}
