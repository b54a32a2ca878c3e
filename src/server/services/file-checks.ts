/**
 * What an uploaded video or document is, decided by its bytes and its structure, never by its name or declared
 * type: an MP4 is a chain of ISO boxes that starts with `ftyp`, covers the whole file and holds a `moov`; a WebM is
 * an EBML document of DocType `webm` followed by its Segment; a PDF starts with `%PDF-` and ends with `%%EOF`.
 * A renamed page, a truncated video or a file of another kind is refused.
 */
import type { FileHandle } from 'node:fs/promises';
import type { FileType } from '../../resources/define.ts';

export const FILE_CONTENT_TYPES: Record<FileType, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

const BOX_TYPE = /^[\x20-\x7e]{4}$/;

/** An ISO base media file (MP4): boxes chained over exactly the file's length, `ftyp` first, a `moov` among them. */
async function isMp4(handle: FileHandle, size: number): Promise<boolean> {
  let offset = 0;
  let boxes = 0;
  let hasMovie = false;
  while (offset < size) {
    if (++boxes > 100_000) return false;
    const header = await readAt(handle, offset, 16);
    if (header.length < 8) return false;
    let boxSize = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    if (!BOX_TYPE.test(type)) return false;
    if (boxes === 1 && type !== 'ftyp') return false;
    if (boxSize === 1) {
      if (header.length < 16) return false;
      const large = header.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      boxSize = Number(large);
      if (boxSize < 16) return false;
    } else if (boxSize === 0) {
      boxSize = size - offset;
    } else if (boxSize < 8) {
      return false;
    }
    if (type === 'moov') hasMovie = true;
    offset += boxSize;
  }
  return offset === size && hasMovie;
}

/** The value and length of an EBML variable-length integer at `at`, or undefined. */
function vint(bytes: Buffer, at: number): { value: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8 || at + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!;
  return { value, length };
}

/** A WebM file: the EBML header (ID 1A45DFA3) with DocType `webm`, then a Segment (ID 18538067). */
async function isWebm(handle: FileHandle, size: number): Promise<boolean> {
  const head = await readAt(handle, 0, Math.min(size, 4096));
  if (head.length < 5 || head.readUInt32BE(0) !== 0x1a45dfa3) return false;
  const headerSize = vint(head, 4);
  if (!headerSize) return false;
  const bodyStart = 4 + headerSize.length;
  const bodyEnd = bodyStart + headerSize.value;
  if (bodyEnd + 4 > head.length) return false;
  let docType: string | undefined;
  for (let at = bodyStart; at < bodyEnd;) {
    // Element ids of the EBML header are two bytes (0x42xx) or one (0xEC, Void).
    const id = head[at] === 0xec ? 0xec : head.readUInt16BE(at);
    const idLength = id === 0xec ? 1 : 2;
    const elementSize = vint(head, at + idLength);
    if (!elementSize) return false;
    const valueStart = at + idLength + elementSize.length;
    if (id === 0x4282) docType = head.toString('latin1', valueStart, valueStart + elementSize.value);
    at = valueStart + elementSize.value;
  }
  return docType === 'webm' && head.readUInt32BE(bodyEnd) === 0x18538067;
}

/** A PDF: `%PDF-1.x` or `%PDF-2.x` at the start and `%%EOF` in its last kilobyte. */
async function isPdf(handle: FileHandle, size: number): Promise<boolean> {
  const head = await readAt(handle, 0, 8);
  if (!/^%PDF-[12]\.\d/.test(head.toString('latin1'))) return false;
  const tail = await readAt(handle, Math.max(0, size - 1024), Math.min(size, 1024));
  return tail.includes('%%EOF');
}

/** The first of `accept` that the file is, by its bytes and structure; undefined when it is none of them. */
export async function detectFileType(
  handle: FileHandle,
  size: number,
  accept: readonly FileType[],
): Promise<FileType | undefined> {
  if (size === 0) return undefined;
  for (const type of accept) {
    const matches =
      type === 'mp4'
        ? await isMp4(handle, size)
        : type === 'webm'
          ? await isWebm(handle, size)
          : await isPdf(handle, size);
    if (matches) return type;
  }
  return undefined;
}
