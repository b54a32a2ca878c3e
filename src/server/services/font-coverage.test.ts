import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codePointsOf, receiptFontFiles, unprintable } from './font-coverage.ts';

describe("the receipt fonts' coverage", () => {
  it('reads the fonts’ character maps: Devanagari, Latin, digits and the rupee sign', () => {
    const points = codePointsOf(readFileSync(receiptFontFiles()[0]!));
    for (const character of ['क', 'ि', '्', 'ज़', 'A', 'z', '0', '9', '₹', ',', '/', '।'])
      for (const point of [...character].map((c) => c.codePointAt(0)!)) expect(points.has(point), character).toBe(true);
    expect(points.has('😀'.codePointAt(0)!)).toBe(false);
    expect(points.has('த'.codePointAt(0)!)).toBe(false);
  });

  it('names each character no receipt font can draw, once, and passes spaces and joiners', () => {
    expect(unprintable('श्रीमती किशोरी देवी, Varanasi 221001 ₹1,50,000')).toEqual([]);
    expect(unprintable('क्\u200dष\u00a0x\tz\u200b')).toEqual([]);
    expect(unprintable('Ravi 😀 ரவி 😀')).toEqual(['😀', 'ர', 'வ', 'ி']);
  });
});
