import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { envelopeTransforms, openArchive, shrinks, type ArchiveKeys } from './backup-archive.ts';

const ROWS = Buffer.from('{"id":1,"donor_name":"रमेश कुमार","amount":"1000.00","pan":"ABCDE1234F"}\n'.repeat(30_000));
const VIDEO = randomBytes(6 * 2 ** 20);

/** An archive's bytes, as the backup writes them, of `parts` given in pieces of 64 KiB as a tar stream comes. */
async function archiveOf(parts: Buffer[], keys: ArchiveKeys): Promise<{ bytes: Buffer; levels: number[] }> {
  const pieces = parts.flatMap((part) =>
    Array.from({ length: Math.ceil(part.length / 65_536) }, (_, i) => part.subarray(i * 65_536, (i + 1) * 65_536)),
  );
  const { transforms } = await envelopeTransforms(keys);
  // The levels the gzip stream is set to, as it goes (its own `params`, called through).
  const gzip = transforms[1] as unknown as { params: (level: number, ...rest: unknown[]) => void };
  const levels: number[] = [];
  const params = gzip.params.bind(gzip);
  gzip.params = (level, ...rest) => {
    levels.push(level);
    params(level, ...rest);
  };
  const out: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk);
      done();
    },
  });
  await pipeline([Readable.from(pieces), ...transforms, sink]);
  return { bytes: Buffer.concat(out), levels };
}

async function readBack(bytes: Buffer, keys: ArchiveKeys): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of openArchive(Readable.from([bytes]), keys)) out.push(chunk);
  return Buffer.concat(out);
}

describe('the archive’s compression', () => {
  it('tells rows, which deflate shrinks, from a video, which it does not', () => {
    expect(shrinks(ROWS.subarray(0, 65_536))).toBe(true);
    expect(shrinks(VIDEO.subarray(0, 65_536))).toBe(false);
  });

  it('deflates the rows and stores the video, in one gzip stream that reads back whole', async () => {
    const parts = [ROWS, VIDEO, ROWS, VIDEO.subarray(0, 100_000), ROWS.subarray(0, 1000)];
    const { bytes, levels } = await archiveOf(parts, {});
    expect(levels).toEqual([0, 3, 0, 3]);
    const rowBytes = 2 * ROWS.length + 1000;
    // The video's bytes are stored (a few bytes a block more), the rows' shrink to a small part of their size.
    expect(bytes.length).toBeGreaterThan(VIDEO.length + 100_000);
    expect(bytes.length).toBeLessThan(VIDEO.length + 100_000 + rowBytes / 10);
    expect((await readBack(bytes, {})).equals(Buffer.concat(parts))).toBe(true);
  });

  it('reads back whole when encrypted too', async () => {
    const keys = { passphrase: 'a passphrase for the test' };
    const parts = [VIDEO.subarray(0, 300_000), ROWS.subarray(0, 200_000), VIDEO.subarray(300_000, 700_000)];
    const { bytes } = await archiveOf(parts, keys);
    expect((await readBack(bytes, keys)).equals(Buffer.concat(parts))).toBe(true);
  });
});
