import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { ImageStore, sniffImageFormat } from './images.ts';

const SAVED = /^\/uploads\/employees\/[0-9a-f]{32}\.(jpg|png|webp)$/;

let base: string;
let root: string;
let store: ImageStore;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'trust-images-'));
  root = join(base, 'uploads');
  store = new ImageStore(root);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

function solid(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } });
}

/** A PNG whose header says width × height but which holds pixel data for its first row only. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(join(root, 'employees'));
  } catch {
    return [];
  }
}

function fileOf(publicPath: string): string {
  return join(root, publicPath.replace(/^\/uploads\//, ''));
}

describe('ImageStore.save', () => {
  it('shrinks a large JPEG to 512 px on the longer side and strips its EXIF and GPS', async () => {
    const input = await solid(3000, 2000)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'P1', Copyright: 'Someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '28/1 36/1 50/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 12/1 0/1',
        },
      })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('PhoneCo'); // the test image does carry EXIF

    const path = await store.save(input, 'employees');
    expect(path).toMatch(SAVED);
    expect(path.endsWith('.jpg')).toBe(true);
    const stored = await readFile(fileOf(path));
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 512, height: 341 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('turns a photo the way its EXIF orientation says before dropping the tag', async () => {
    const input = await solid(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const after = await sharp(await readFile(fileOf(await store.save(input, 'employees')))).metadata();
    expect(after).toMatchObject({ width: 100, height: 300 });
    expect(after.orientation).toBeUndefined();
  });

  it('keeps PNG as PNG (with its transparency) and WebP as WebP, metadata stripped', async () => {
    const png = await solid(800, 1200, 4)
      .png()
      .withExif({ IFD0: { Make: 'PhoneCo' } })
      .toBuffer();
    const pngPath = await store.save(png, 'employees');
    expect(pngPath).toMatch(/\.png$/);
    const pngMeta = await sharp(await readFile(fileOf(pngPath))).metadata();
    expect(pngMeta).toMatchObject({ format: 'png', width: 341, height: 512, hasAlpha: true });
    expect(pngMeta.exif).toBeUndefined();

    const webp = await solid(1000, 1000)
      .webp()
      .withExif({ IFD0: { Make: 'PhoneCo' } })
      .toBuffer();
    expect((await sharp(webp).metadata()).exif).toBeDefined();
    const webpPath = await store.save(webp, 'employees');
    expect(webpPath).toMatch(/\.webp$/);
    const webpMeta = await sharp(await readFile(fileOf(webpPath))).metadata();
    expect(webpMeta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(webpMeta.exif).toBeUndefined();
  });

  it('does not enlarge a small image', async () => {
    const path = await store.save(await solid(120, 80).jpeg().toBuffer(), 'employees');
    expect(await sharp(await readFile(fileOf(path))).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it('names every file at random', async () => {
    const input = await solid(10, 10).png().toBuffer();
    const [a, b] = await Promise.all([store.save(input, 'employees'), store.save(input, 'employees')]);
    expect(a).not.toBe(b);
    expect((await storedFiles()).sort()).toEqual([a, b].map((p) => p.split('/').pop()).sort());
  });

  it('recognises images by their bytes only', async () => {
    expect(sniffImageFormat(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await solid(4, 4).webp().toBuffer())).toBe('webp');
    for (const other of [
      Buffer.from('just some text, saved as photo.jpg'),
      await solid(4, 4).gif().toBuffer(),
      await solid(4, 4).tiff().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      Buffer.alloc(0),
    ]) {
      expect(sniffImageFormat(other)).toBeUndefined();
      const error = await rejection(store.save(other, 'employees'));
      expect(error.status).toBe(400);
      expect(error.message).toBe('The photo must be a JPEG, PNG or WebP image.');
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 400, not 500, for a JPEG header followed by garbage, and keeps nothing', async () => {
    const jpeg = await solid(600, 400).jpeg().toBuffer();
    for (const broken of [
      Buffer.concat([jpeg.subarray(0, 700), Buffer.alloc(4000, 0x41)]),
      jpeg.subarray(0, jpeg.length - 200), // truncated
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2000, 0x00)]),
    ]) {
      const error = await rejection(store.save(broken, 'employees'));
      expect(error.status).toBe(400);
      expect(error.message).toBe('The photo could not be read; the file may be damaged.');
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 413 above 5 MB', async () => {
    const big = Buffer.concat([await solid(10, 10).jpeg().toBuffer(), Buffer.alloc(5 * 1024 * 1024)]);
    const error = await rejection(store.save(big, 'employees'));
    expect(error.status).toBe(413);
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('The photo is larger than 5 MB.');
  });

  it('refuses more than 40 megapixels from the header, before decoding', async () => {
    const real = await solid(8000, 6000).jpeg().toBuffer();
    expect(real.length).toBeLessThan(5 * 1024 * 1024);
    const error = await rejection(store.save(real, 'employees'));
    expect(error.status).toBe(400);
    expect(error.message).toBe('The photo is too large (at most 40 megapixels).');

    // This one holds one row of pixels: decoding it would fail as damaged, so the megapixel sentence proves that
    // the header alone decided. The same file at 100 × 100 is decoded, and is refused as damaged.
    const headerOnly = await rejection(store.save(pngHeaderOnly(8000, 6000), 'employees'));
    expect(headerOnly.message).toBe('The photo is too large (at most 40 megapixels).');
    const small = await rejection(store.save(pngHeaderOnly(100, 100), 'employees'));
    expect(small.message).toBe('The photo could not be read; the file may be damaged.');
    expect(await storedFiles()).toEqual([]);
  });

  it('accepts exactly 40 megapixels', async () => {
    const path = await store.save(await solid(8000, 5000).jpeg().toBuffer(), 'employees');
    expect(await sharp(await readFile(fileOf(path))).metadata()).toMatchObject({ width: 512, height: 320 });
  });

  it('takes its limits from the options', async () => {
    const small = new ImageStore(root, { maxBytes: 1024 * 1024, maxPixels: 2_000_000, maxSide: 64 });
    const oneMegabyte = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(1024 * 1024 - 2)]);
    const tooBig = await rejection(small.save(oneMegabyte, 'a'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toBe('The photo is larger than 1 MB.');
    const pixels = await rejection(small.save(await solid(2001, 1000).png().toBuffer(), 'a'));
    expect(pixels.message).toBe('The photo is too large (at most 2 megapixels).');
    const path = await small.save(await solid(2000, 1000).png().toBuffer(), 'a');
    expect(await sharp(await readFile(join(root, path.replace('/uploads/', '')))).metadata()).toMatchObject({
      width: 64,
      height: 32,
    });
  });

  it('takes only fixed folder names', async () => {
    const input = await solid(10, 10).png().toBuffer();
    for (const folder of ['../outside', 'Employees', '', 'a/b', 'employees/..', '.']) {
      await expect(store.save(input, folder), folder).rejects.toThrow(/invalid folder name/);
    }
    expect(await readdir(base)).toEqual([]);
  });
});

describe('ImageStore.remove and resolve', () => {
  it('removes the file of a saved path; a second remove is harmless', async () => {
    const path = await store.save(await solid(10, 10).png().toBuffer(), 'employees');
    expect(await storedFiles()).toHaveLength(1);
    await store.remove(path);
    expect(await storedFiles()).toEqual([]);
    await store.remove(path);
  });

  it('ignores what is not its own and never leaves the root', async () => {
    await mkdir(join(root, 'employees'), { recursive: true });
    const victim = join(base, 'victim.jpg');
    await writeFile(victim, 'keep me');
    const notes = join(root, 'employees', 'notes.txt');
    await writeFile(notes, 'keep me too');
    const nearMiss = join(root, 'employees', `${'a'.repeat(32)}.jpg`);
    await writeFile(nearMiss, 'mine');
    for (const path of [
      null,
      undefined,
      '',
      victim,
      'https://example.org/uploads/employees/x.jpg',
      '/uploads/../victim.jpg',
      '/uploads/employees/../../victim.jpg',
      `/uploads/employees/../../victim.jpg/../employees/${'a'.repeat(32)}.jpg`,
      '/uploads/employees/%2e%2e%2f%2e%2e%2fvictim.jpg',
      '/uploads/employees/notes.txt',
      `/uploads/employees/${'a'.repeat(32)}.jpg/`,
      `/uploads/employees/${'a'.repeat(32)}.gif`,
      `/uploads//employees/${'a'.repeat(32)}.jpg`,
      `uploads/employees/${'a'.repeat(32)}.jpg`,
      `/uploads/employees/${'a'.repeat(32)}.jpg?x`,
    ]) {
      expect(store.resolve(path), String(path)).toBeUndefined();
      await store.remove(path);
    }
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    expect(await readFile(notes, 'utf8')).toBe('keep me too');
    expect(await readFile(nearMiss, 'utf8')).toBe('mine');
    // The control: the same name, written the way save() writes it, is its own.
    expect(store.resolve(`/uploads/employees/${'a'.repeat(32)}.jpg`)).toEqual({
      filePath: nearMiss,
      contentType: 'image/jpeg',
    });
    expect(store.resolveFile('..', `${'a'.repeat(32)}.jpg`)).toBeUndefined();
    expect(store.resolveFile('employees', `..${'a'.repeat(30)}.jpg`)).toBeUndefined();
  });

  it('saveWith: a failed database write leaves no file behind', async () => {
    const input = await solid(10, 10).png().toBuffer();
    let seen: string | undefined;
    await expect(
      store.saveWith(input, 'employees', async (path) => {
        seen = path;
        expect(await storedFiles()).toHaveLength(1); // saved before the write
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    expect(seen).toMatch(SAVED);
    expect(await storedFiles()).toEqual([]);
  });

  it('saveWith: a replaced photo removes the old file once the new one is recorded', async () => {
    const old = await store.save(await solid(10, 10).png().toBuffer(), 'employees');
    const result = await store.saveWith(
      await solid(20, 20).jpeg().toBuffer(),
      'employees',
      async (path) => ({ path }),
      {
        replaces: old,
      },
    );
    expect(result.path).toMatch(SAVED);
    expect(result.path).not.toBe(old);
    expect(await storedFiles()).toEqual([result.path.split('/').pop()]);

    // A failed replacement keeps the old photo and drops the new file.
    await expect(
      store.saveWith(
        await solid(30, 30).png().toBuffer(),
        'employees',
        async () => {
          throw new Error('update failed');
        },
        { replaces: result.path },
      ),
    ).rejects.toThrow('update failed');
    expect(await storedFiles()).toEqual([result.path.split('/').pop()]);
  });
});
