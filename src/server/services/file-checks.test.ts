import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectFileType } from './file-checks.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-checks-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const box = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const mp4 = Buffer.concat([
  box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
  box('moov', Buffer.alloc(32)),
  box('mdat', Buffer.alloc(100)),
]);
const webm = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.from([0x18, 0x53, 0x80, 0x67, 0x81, 0x00]),
]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

async function detect(bytes: Buffer, accept: ('mp4' | 'webm' | 'pdf')[]) {
  const path = join(dir, `f${Math.random().toString(36).slice(2)}`);
  await writeFile(path, bytes);
  const handle = await open(path, 'r');
  try {
    return await detectFileType(handle, bytes.length, accept);
  } finally {
    await handle.close();
  }
}

describe('detectFileType', () => {
  it('recognises an MP4, a WebM and a PDF by their structure', async () => {
    expect(await detect(mp4, ['mp4', 'webm'])).toBe('mp4');
    expect(await detect(webm, ['mp4', 'webm'])).toBe('webm');
    expect(await detect(pdf, ['pdf'])).toBe('pdf');
  });

  it('refuses a truncated video, a renamed page, a video without its movie box and a kind not accepted', async () => {
    expect(await detect(mp4.subarray(0, mp4.length - 10), ['mp4'])).toBeUndefined();
    expect(await detect(Buffer.from('<html><script>alert(1)</script></html>'), ['mp4', 'webm', 'pdf'])).toBeUndefined();
    expect(
      await detect(Buffer.concat([box('ftyp', Buffer.from('isom')), box('mdat', Buffer.alloc(10))]), ['mp4']),
    ).toBeUndefined();
    expect(await detect(pdf, ['mp4', 'webm'])).toBeUndefined();
    expect(await detect(Buffer.from('%PDF-1.7\nno end'), ['pdf'])).toBeUndefined();
    expect(await detect(Buffer.alloc(0), ['pdf'])).toBeUndefined();
    const mkv = Buffer.from(webm);
    mkv.write('mkvx', 9, 'latin1');
    expect(await detect(mkv, ['webm'])).toBeUndefined();
  });
});
