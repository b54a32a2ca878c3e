import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { envelopeTransforms, openArchive, shrinks, storedMember, type ArchiveKeys } from './backup-archive.ts';

const ROWS = Buffer.from('{"id":1,"donor_name":"रमेश कुमार","amount":"1000.00","pan":"ABCDE1234F"}\n'.repeat(30_000));
const VIDEO = randomBytes(6 * 2 ** 20);
const PIECE = 65_536;

/** `parts` in pieces of 64 KiB, as a tar stream comes. */
const piecesOf = (parts: Buffer[]) =>
  parts.flatMap((part) =>
    Array.from({ length: Math.ceil(part.length / PIECE) }, (_, i) => part.subarray(i * PIECE, (i + 1) * PIECE)),
  );

/** An archive's bytes, as the backup writes them, of `parts`. */
async function archiveOf(parts: Buffer[], keys: ArchiveKeys): Promise<Buffer> {
  const { transforms } = await envelopeTransforms(keys);
  const out: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk);
      done();
    },
  });
  await pipeline([Readable.from(piecesOf(parts)), ...transforms, sink]);
  return Buffer.concat(out);
}

async function readBack(bytes: Buffer, keys: ArchiveKeys): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of openArchive(Readable.from([bytes]), keys)) out.push(chunk);
  return Buffer.concat(out);
}

describe('the archive’s compression', () => {
  it('tells rows, which deflate shrinks, from a video, which it does not', () => {
    expect(shrinks(ROWS.subarray(0, PIECE))).toBe(true);
    expect(shrinks(VIDEO.subarray(0, PIECE))).toBe(false);
    expect(shrinks(Buffer.alloc(PIECE))).toBe(true);
  });

  it('writes a stored gzip member that gunzip reads back', () => {
    for (const size of [0, 1, 65_535, 65_536, 200_000]) {
      const piece = VIDEO.subarray(0, size);
      const member = storedMember(piece);
      expect(member.length).toBe(18 + 5 * Math.max(1, Math.ceil(size / 65_535)) + size);
      expect(gunzipSync(member).equals(piece)).toBe(true);
    }
  });

  it('deflates the rows and stores the video as it is, in gzip members that read back as one stream', async () => {
    const parts = [ROWS, VIDEO, ROWS, VIDEO.subarray(0, 100_000), ROWS.subarray(0, 1000)];
    const bytes = await archiveOf(parts, {});
    // Each piece of the video is a stored member of its own, found as it is in the archive.
    for (const piece of piecesOf([VIDEO])) expect(bytes.includes(storedMember(piece))).toBe(true);
    // The rows shrink to a small part of their size.
    const stored = VIDEO.length + 100_000;
    expect(bytes.length).toBeLessThan(stored * 1.001 + (2 * ROWS.length + 1000) / 10);
    expect(gunzipSync(bytes).equals(Buffer.concat(parts))).toBe(true);
    expect((await readBack(bytes, {})).equals(Buffer.concat(parts))).toBe(true);
  });

  it('reads back whole when encrypted too, and an empty tar is still a gzip stream', async () => {
    const keys = { passphrase: 'a passphrase for the test' };
    const parts = [VIDEO.subarray(0, 300_000), ROWS.subarray(0, 200_000), VIDEO.subarray(300_000, 700_000)];
    expect((await readBack(await archiveOf(parts, keys), keys)).equals(Buffer.concat(parts))).toBe(true);
    expect(gunzipSync(await archiveOf([], {})).length).toBe(0);
  });
});
