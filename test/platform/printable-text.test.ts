import { describe, expect, it } from 'vitest';
import { printable, printableText, REPLACEMENT } from '../../src/platform/pdf/printable-text.ts';

// What the printed notes make of stored text: every letter the embedded faces have prints as given, and
// each character a reader sees that they lack prints as one U+FFFD, never as another character.

const R = REPLACEMENT;

describe('printable text', () => {
  it('keeps Latin with its extensions, Greek and Cyrillic as given', () => {
    for (const text of [
      'Łódź ıstanbul Žydrūnas Ąžuolas Ștefan Țurcanu Şükrü Öğüt Nguyễn Đức',
      'Γιώργος Παπαδόπουλος',
      'Дмитрий Иванов, Україна, Беларусь',
      'Zoë’s Café – “Bistro” · 95% × 2 € • —',
      // A letter and its combining accent (NFD) stay one letter with its accent.
      'Lo\u0301dz\u0301',
      'line one\nline two',
    ]) {
      expect(printableText(text), text).toBe(text);
    }
  });

  it('prints one replacement for each character the faces lack, and keeps the rest', () => {
    expect(printableText('中文 Garage Łódź ıstanbul 😀')).toBe(`${R}${R} Garage Łódź ıstanbul ${R}`);
    // An emoji of several code points (a family joined by ZWJ, a flag, a skin tone) is one character.
    expect(printableText('a👨‍👩‍👧b 🇬🇧 👍🏽')).toBe(`a${R}b ${R} ${R}`);
    expect(printableText('≤ 5% → drum ✓')).toBe(`${R} 5% ${R} drum ${R}`);
  });

  it('leaves out what prints nothing, and turns a tab into a space', () => {
    expect(printableText('©\ufe0f 2026')).toBe('© 2026');
    expect(printableText('a\u0007b\u0000c')).toBe('abc');
    expect(printableText('Name:\tJo')).toBe('Name: Jo');
    expect(printableText('one\r\ntwo')).toBe('one\r\ntwo');
  });

  it('copies a note with every string made printable, and leaves the stored note as it was', () => {
    const stored = {
      name: '中文 Garage',
      lines: [{ description: 'Ölfilter 😀', quantity_kg: 5, colour: null, hazard: ['HP5'] }],
      signed: true,
    };
    const copy = printable(stored);
    expect(copy).toEqual({
      name: `${R}${R} Garage`,
      lines: [{ description: `Ölfilter ${R}`, quantity_kg: 5, colour: null, hazard: ['HP5'] }],
      signed: true,
    });
    expect(stored.name).toBe('中文 Garage');
    expect(stored.lines[0].description).toBe('Ölfilter 😀');
  });
});
