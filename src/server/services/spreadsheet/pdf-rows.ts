/**
 * The rows a PDF of this product's exports carries: its list rides along inside the file as the attachment
 * `rows.csv` (services/export-list.typ), which Import reads back. Only an embedded file's own stream is read (a
 * PDF's other objects may be compressed in object streams, but an embedded file is always a stream of its own, its
 * dictionary in plain text before it); nothing of the PDF is run or drawn.
 */
import { inflateSync } from 'node:zlib';
import { SheetError } from './errors.ts';

export function looksLikePdf(data: Uint8Array): boolean {
  return data.length >= 5 && Buffer.from(data.subarray(0, 5)).toString('latin1') === '%PDF-';
}

const EMBEDDED = /\/Type\s*\/EmbeddedFile(?![A-Za-z])/;

/** The bytes of the PDF's first embedded file, unpacked to at most `maxBytes`. */
export function pdfAttachment(data: Uint8Array, maxBytes: number): Uint8Array {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  for (let at = text.indexOf('/EmbeddedFile'); at !== -1; at = text.indexOf('/EmbeddedFile', at + 1)) {
    const start = text.lastIndexOf(' obj', at);
    const keyword = text.indexOf('stream', at);
    if (start === -1 || keyword === -1) break;
    const dictionary = text.slice(start, keyword);
    if (!EMBEDDED.test(dictionary)) continue;
    let begin = keyword + 'stream'.length;
    if (text[begin] === '\r') begin++;
    if (text[begin] === '\n') begin++;
    const length = directLength(dictionary);
    let end = length !== undefined ? begin + length : text.indexOf('endstream', begin);
    if (end === -1 || end > data.length) throw damaged();
    if (length === undefined) while (end > begin && (text[end - 1] === '\n' || text[end - 1] === '\r')) end--;
    const raw = data.subarray(begin, end);
    if (!/\/Filter/.test(dictionary)) return raw;
    if (!/\/Filter\s*(?:\[\s*)?\/FlateDecode\s*\]?/.test(dictionary)) throw damaged();
    try {
      return inflateSync(raw, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new SheetError('too-large', 'sheetPdfTooLarge', {
          limit: Math.round(maxBytes / 1_000_000),
        });
      throw damaged();
    }
  }
  throw new SheetError('no-rows', 'sheetPdfNoRows');
}

/** The dictionary's `/Length n` when it is a number written there, not a reference (`/Length 12 0 R`). */
function directLength(dictionary: string): number | undefined {
  const at = dictionary.indexOf('/Length');
  if (at === -1) return undefined;
  const words = dictionary
    .slice(at + '/Length'.length, at + 40)
    .trim()
    .split(/[\s/>]/, 3);
  const [first, second, third] = words;
  if (!first || !/^\d{1,10}$/.test(first)) return undefined;
  if (second && /^\d{1,10}$/.test(second) && third?.startsWith('R')) return undefined;
  return Number(first);
}

function damaged(): SheetError {
  return new SheetError('damaged', 'sheetPdfDamaged');
}
