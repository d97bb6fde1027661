import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/classification/engine/text.ts';
import { cleanText, scanCleaned, scanText } from '../../src/classification/engine/text-scan.ts';
import { words } from '../../src/classification/ranker/negation.ts';

const fresh = (text: string) => scanCleaned(cleanText(text));

describe('text scan', () => {
  it('reads a text the same however often it is read', () => {
    const text = 'Oily rags & filters, NO asbestos – 5% water; café waste';
    expect(words(text)).toEqual(words(text));
    expect(tokenize(text)).toEqual(tokenize(text));
    expect(words(text).map((w) => w.raw)).toEqual([
      'oily',
      'rags',
      'and',
      'filters',
      'no',
      'asbestos',
      '5',
      'water',
      'cafe',
      'waste',
    ]);
    expect(tokenize(text).map((t) => t.raw)).toContain('percent');
  });

  it('joins two texts read before exactly as it reads the joined text afresh', () => {
    const pairs = [
      ['broken bricks, concrete', 'no plaster or asbestos.'],
      ['drums (empty) -', '- previously held oil'],
      ['tested 5', '% TPH, free of coal tar'],
      ['', 'sludge'],
      ['!!', ''],
      ['asbestos free', '/ cement sheets'],
    ];
    for (const [a, b] of pairs) {
      scanText(a);
      scanText(b);
      const joined = `${a} ${b}`;
      expect(scanText(joined)).toEqual(fresh(joined));
      expect(tokenize(joined)).toEqual(tokenize(`${joined}`.slice(0)));
    }
  });

  it('reads a statement put as a question as a doubt in any sentence, and a real question as it is', () => {
    expect(cleanText("hardcore, doesn't contain asbestos?")).toBe(
      'hardcore, does not contain asbestos unsure?',
    );
    // The question is the second sentence: it is found after the first one's end, not from its start.
    expect(cleanText('Broken bricks from a strip-out. Asbestos free? Skip 12')).toBe(
      'broken bricks from a strip-out. asbestos free unsure? skip 12',
    );
    expect(cleanText('oily rags; what code is it? and the filters?')).toBe(
      'oily rags; what code is it? and the filters unsure?',
    );
    // A long text with no question mark is left as it is (and not searched from each of its characters).
    const long = `${'broken concrete and bricks '.repeat(70)}. no asbestos`;
    expect(cleanText(long)).toBe(long.toLowerCase());
  });
});
