/**
 * Which characters the receipt's fonts can draw. Typst prints a character its fonts lack as an empty box without
 * a warning, so a receipt would be made with a donor's name in boxes; instead the writes of what a receipt prints
 * are refused, with the characters named, before a receipt is issued (services/receipts.ts).
 *
 * The fonts' character maps are read from their `cmap` tables (OpenType: format 4 for the Basic Multilingual
 * Plane, format 12 for all of Unicode), once, on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The receipt's font files (receipt-pdf.ts draws with the same two). */
export function receiptFontFiles(): string[] {
  const root = dirname(require.resolve('@expo-google-fonts/noto-sans-devanagari/package.json'));
  return ['400Regular/NotoSansDevanagari_400Regular.ttf', '700Bold/NotoSansDevanagari_700Bold.ttf'].map((file) =>
    join(root, file),
  );
}

/** The code points an OpenType font maps to a glyph. */
export function codePointsOf(font: Buffer): Set<number> {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('The font has no cmap table.');
  const subtables: { platform: number; encoding: number; offset: number }[] = [];
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    subtables.push({
      platform: font.readUInt16BE(record),
      encoding: font.readUInt16BE(record + 2),
      offset: cmap + font.readUInt32BE(record + 4),
    });
  }
  const points = new Set<number>();
  for (const { platform, encoding, offset } of subtables) {
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = font.readUInt16BE(offset);
    if (format === 4) readFormat4(font, offset, points);
    else if (format === 12) readFormat12(font, offset, points);
  }
  return points;
}

function readFormat4(font: Buffer, at: number, points: Set<number>): void {
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = font.readUInt16BE(ends + s * 2);
    const start = font.readUInt16BE(starts + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        glyph = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) points.add(c);
    }
  }
}

function readFormat12(font: Buffer, at: number, points: Set<number>): void {
  const groups = font.readUInt32BE(at + 12);
  for (let g = 0; g < groups; g++) {
    const group = at + 16 + g * 12;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    const glyph = font.readUInt32BE(group + 8);
    for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) points.add(c);
  }
}

/** Characters that draw nothing of their own and need no glyph: spaces, joiners, variation selectors. */
const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x2060, ...Array.from({ length: 16 }, (_, i) => 0xfe00 + i)]);

let covered: Set<number> | undefined;

/** The characters of `text` that none of the receipt's fonts can draw, each once, in order. */
export function unprintable(text: string): string[] {
  covered ??= new Set(receiptFontFiles().flatMap((file) => [...codePointsOf(readFileSync(file))]));
  const missing: string[] = [];
  for (const character of text) {
    const point = character.codePointAt(0)!;
    if (/\s/.test(character) || INVISIBLE.has(point) || covered.has(point)) continue;
    if (!missing.includes(character)) missing.push(character);
  }
  return missing;
}
