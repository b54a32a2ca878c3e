/**
 * The backup archive's format, read and written as streams (docs/decisions.md, Backups): a tar of parts, gzipped,
 * and encrypted when a passphrase or a public key is configured.
 *
 *   backup.json                       what the snapshot held: product, engine, migration, tables (columns, rows),
 *                                     sequences, the audit chain's head
 *   tables/<table>/<000001>.jsonl     the rows, one JSON array of the columns' text (or null) a line, about 1 MiB
 *                                     a part, tables in the order their foreign keys allow loading them
 *   uploads/<key>                     the uploaded files the rows name (images/…, files/…, .mail/<email id>/…)
 *   manifest.json                     last: the sha256 and size of every part above, backup.json included
 *
 * Values are PostgreSQL's own text of each column, so a row reads back exactly, whichever engine wrote it and
 * whichever reads it. Nothing is held whole in memory: a part of rows is at most about a mebibyte, a file is streamed.
 *
 * Encryption (AES-256-GCM, authenticated) cuts the gzipped stream into segments of 64 KiB, each sealed with its
 * own tag and a nonce made of a random prefix, its number and a flag marking the last one: a changed, reordered,
 * removed or appended segment, or an archive cut short, fails to open. The key comes from the passphrase (scrypt)
 * or is random and sealed to an RSA public key (OAEP, SHA-256). The header is authenticated with every segment.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  scrypt,
  constants as cryptoConstants,
  type KeyObject,
} from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { crc32, createGunzip, createGzip, type Gzip } from 'node:zlib';

export const ARCHIVE_FORMAT = 'trust-school-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

/** A refusal of an archive, in a sentence a person can act on. */
export class ArchiveError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// What the archive says about itself

export interface ArchiveTable {
  name: string;
  /** The columns, in the order of each line's values. */
  columns: string[];
  rows: number;
}

/** backup.json: the snapshot's own facts, written first. */
export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  product: { name: string; version: string };
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** The last migration applied to the database backed up (drizzle/meta/_journal.json's tag and `when`). */
  migration: { tag: string; when: number; count: number };
  /** In loading order (a table after those it refers to). */
  tables: ArchiveTable[];
  /** Every sequence of the schema: its last value and whether that value was given out. */
  sequences: { name: string; value: string; called: boolean }[];
  /** The audit chain's head at the snapshot (src/server/db/audit-chain.ts). */
  auditHead: { seq: number; hash: string };
}

export interface PartDigest {
  bytes: number;
  sha256: string;
}

/** manifest.json: the sha256 and size of every part, written last. */
export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  parts: Record<string, PartDigest>;
  /** Files a row names that were not there when the backup read them (removed meanwhile, or lost before). */
  missingFiles: string[];
}

export const HEADER_PART = 'backup.json';
export const MANIFEST_PART = 'manifest.json';

/** The part of a table's rows (numbered from 1). */
export const tablePart = (table: string, index: number) => `tables/${table}/${String(index).padStart(6, '0')}.jsonl`;
const TABLE_PART = /^tables\/([a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/;

/**
 * The uploaded files an archive may hold, by the key of the upload store (services/storage.ts): anything else in
 * an archive is refused, so an entry can never name a place outside the uploads directory.
 */
const UPLOAD_KEYS = [
  /^images\/[0-9a-f]{32}(?:-\d{2,5})?\.(?:jpg|png|webp)$/,
  /^files\/[0-9a-f]{32}\.(?:mp4|webm|pdf)$/,
  // An email's attachments (services/mail.ts): `<index>-<name>`, the name cleaned of separators when stored.
  /^\.mail\/\d{1,12}\/\d{1,4}-[^/\\\0]{1,200}$/u,
];

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEYS.some((pattern) => pattern.test(key)) && !key.split('/').some((s) => s === '..' || s === '.');
}

// ---------------------------------------------------------------------------------------------------------------
// tar (POSIX ustar, with a pax header for a long or non-ASCII name or a size beyond 8 GiB)

const BLOCK = 512;
export const TAR_END = Buffer.alloc(BLOCK * 2);

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(value.toString(8).padStart(length - 1, '0') + '\0', offset, length, 'ascii');
}

function headerBlock(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, mtime);
  block.fill(' ', 148, 156);
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'ascii');
  return block;
}

const MAX_OCTAL_SIZE = 0o77777777777;

/** The header block(s) of an entry of `size` bytes: its content follows, then tarPadding(size). */
export function tarHeader(name: string, size: number, mtime = Math.floor(Date.now() / 1000)): Buffer {
  const records: string[] = [];
  if (Buffer.byteLength(name) > 99 || !/^[\x20-\x7e]*$/.test(name)) records.push(`path=${name}`);
  if (size > MAX_OCTAL_SIZE) records.push(`size=${size}`);
  const main = headerBlock(
    records.length > 0 ? `pax/${createHash('sha256').update(name).digest('hex').slice(0, 32)}` : name,
    size > MAX_OCTAL_SIZE ? 0 : size,
    '0',
    mtime,
  );
  if (records.length === 0) return main;
  const body = Buffer.from(records.map(paxRecord).join(''), 'utf8');
  return Buffer.concat([headerBlock('PaxHeader', body.length, 'x', mtime), body, tarPadding(body.length), main]);
}

/** `<length> <key>=<value>\n`, where the length counts itself. */
function paxRecord(text: string): string {
  const rest = Buffer.byteLength(text) + 2;
  let length = rest + String(rest).length;
  if (String(length).length !== String(rest).length) length += 1;
  return `${length} ${text}\n`;
}

export function tarPadding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

/** Reads exact numbers of bytes from a stream of chunks. */
class ByteReader {
  private readonly iterator: AsyncIterator<Buffer>;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;

  constructor(source: AsyncIterable<Buffer | Uint8Array | string>) {
    const inner = source[Symbol.asyncIterator]();
    this.iterator = {
      next: async () => {
        const result = await inner.next();
        if (result.done) return { done: true, value: undefined };
        const value = result.value;
        return { done: false, value: typeof value === 'string' ? Buffer.from(value) : Buffer.from(value) };
      },
    };
  }

  /** Whether `n` bytes could be buffered (false: the stream ended first). */
  async fill(n: number): Promise<boolean> {
    while (this.buffered < n && !this.ended) {
      const result = await this.iterator.next();
      if (result.done) this.ended = true;
      else if (result.value.length > 0) {
        this.chunks.push(result.value);
        this.buffered += result.value.length;
      }
    }
    return this.buffered >= n;
  }

  /** `n` bytes already buffered. */
  take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return taken;
  }

  /** Up to `limit` bytes as they come (at least one unless the stream has ended). */
  async some(limit: number): Promise<Buffer> {
    if (this.buffered === 0) await this.fill(1);
    if (this.buffered === 0) return Buffer.alloc(0);
    const first = this.chunks[0]!;
    if (first.length <= limit) {
      this.chunks.shift();
      this.buffered -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(limit);
    this.buffered -= limit;
    return first.subarray(0, limit);
  }

  /** The bytes buffered now (all that is left once fill answered false). */
  get length(): number {
    return this.buffered;
  }

  /** Whether anything at all is left. */
  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** The content, to be read to its end before the next entry. */
  body: AsyncIterable<Buffer>;
}

const INCOMPLETE = 'The archive is incomplete: it ends in the middle (a backup that was cut short, or a partial copy).';

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = block
    .toString('ascii', offset, offset + length)
    .replaceAll('\0', ' ')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError('The archive is damaged: a tar header holds an invalid number.');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** The entries of a tar stream, in order; the end blocks must be there (an archive cut short is refused). */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  let pax: Record<string, string> = {};
  for (;;) {
    if (!(await reader.fill(BLOCK))) throw new ArchiveError(INCOMPLETE);
    const block = reader.take(BLOCK);
    if (block.every((byte) => byte === 0)) {
      if (!(await reader.fill(BLOCK))) throw new ArchiveError(INCOMPLETE);
      if (!reader.take(BLOCK).every((byte) => byte === 0)) {
        throw new ArchiveError('The archive is damaged: data follows an empty tar block.');
      }
      // Anything after the end blocks (other than zeros some tools add) is not ours.
      while (!(await reader.atEnd())) {
        const rest = await reader.some(65536);
        if (!rest.every((byte) => byte === 0)) throw new ArchiveError('The archive is damaged: data follows its end.');
      }
      return;
    }
    const stored = readOctal(block, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (sum !== stored) throw new ArchiveError('The archive is damaged: a tar header does not match its checksum.');
    const type = String.fromCharCode(block[156]!);
    let size = readOctal(block, 124, 12);
    if (type === 'x') {
      if (size > 65536) throw new ArchiveError('The archive is damaged: an oversized pax header.');
      if (!(await reader.fill(size + tarPadding(size).length))) throw new ArchiveError(INCOMPLETE);
      const text = reader.take(size).toString('utf8');
      reader.take(tarPadding(size).length);
      pax = {};
      for (const line of text.split('\n')) {
        const match = /^\d+ ([^=]+)=(.*)$/s.exec(line);
        if (match) pax[match[1]!] = match[2]!;
      }
      continue;
    }
    if (type !== '0' && type !== '\0')
      throw new ArchiveError(`The archive is damaged: an entry of tar type "${type}".`);
    const nul = block.indexOf(0);
    let name = block.toString('utf8', 0, nul >= 0 && nul < 100 ? nul : 100);
    if (pax.path !== undefined) name = pax.path;
    if (pax.size !== undefined) size = Number(pax.size);
    pax = {};
    let left = size;
    const body = (async function* () {
      while (left > 0) {
        const chunk = await reader.some(Math.min(left, 65536));
        if (chunk.length === 0) throw new ArchiveError(INCOMPLETE);
        left -= chunk.length;
        yield chunk;
      }
    })();
    yield { name, size, body };
    // Whatever the consumer left unread is skipped.
    for await (const _ of body) void _;
    const padding = tarPadding(size).length;
    if (!(await reader.fill(padding))) throw new ArchiveError(INCOMPLETE);
    reader.take(padding);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The envelope: gzip, then encryption when configured

export interface ArchiveKeys {
  /** BACKUP_PASSPHRASE. */
  passphrase?: string | undefined;
  /** BACKUP_PUBLIC_KEY's PEM: archives are sealed to it. */
  publicKey?: string | undefined;
  /** BACKUP_PRIVATE_KEY's PEM: opens archives sealed to its public key. */
  privateKey?: string | undefined;
  /**
   * The archive's own key, known to the writer alone: it reads back what it sealed to a public key without the
   * private key, which the machine taking backups need not have (services/backup.ts, writeBackup).
   */
  archiveKey?: Buffer | undefined;
}

const MAGIC = Buffer.from('TSBACKUP', 'ascii');
const ENVELOPE_VERSION = 1;
const MODE_PASSPHRASE = 1;
const MODE_PUBLIC_KEY = 2;
const SEGMENT = 64 * 1024;
const TAG = 16;
const SCRYPT = { logN: 15, r: 8, p: 1 };

function deriveKey(passphrase: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  if (logN > 20 || r > 16 || p > 4)
    throw new ArchiveError('The archive is damaged: its key parameters are out of range.');
  return new Promise((resolve, reject) => {
    scrypt(passphrase, salt, 32, { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The SHA-256 of a public key's DER: names the key an archive was sealed to. */
function keyId(key: KeyObject): Buffer {
  return createHash('sha256')
    .update(key.export({ type: 'spki', format: 'der' }))
    .digest();
}

/** Whether archives are to be encrypted, and how (for messages). */
export function encryptionOf(keys: ArchiveKeys): 'passphrase' | 'public key' | 'none' {
  return keys.publicKey ? 'public key' : keys.passphrase ? 'passphrase' : 'none';
}

/** The header of a new encrypted archive and its key; undefined when no key is configured. */
async function newEnvelope(keys: ArchiveKeys): Promise<{ header: Buffer; key: Buffer } | undefined> {
  const prefix = randomBytes(7);
  if (keys.publicKey) {
    const publicKey = createPublicKey(keys.publicKey);
    const key = randomBytes(32);
    const sealed = publicEncrypt(
      { key: publicKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      key,
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(sealed.length);
    const header = Buffer.concat([
      MAGIC,
      Buffer.from([ENVELOPE_VERSION, MODE_PUBLIC_KEY]),
      keyId(publicKey),
      length,
      sealed,
      prefix,
    ]);
    return { header, key };
  }
  if (keys.passphrase) {
    const salt = randomBytes(16);
    const key = await deriveKey(keys.passphrase, salt, SCRYPT.logN, SCRYPT.r, SCRYPT.p);
    const header = Buffer.concat([
      MAGIC,
      Buffer.from([ENVELOPE_VERSION, MODE_PASSPHRASE]),
      salt,
      Buffer.from([SCRYPT.logN, SCRYPT.r, SCRYPT.p]),
      prefix,
    ]);
    return { header, key };
  }
  return undefined;
}

function nonce(prefix: Buffer, counter: number, last: boolean): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(counter, 7);
  value[11] = last ? 1 : 0;
  return value;
}

/** Seals the stream in segments (see the top of this file). */
class Encryptor extends Transform {
  private readonly key: Buffer;
  private readonly header: Buffer;
  private readonly prefix: Buffer;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private counter = 0;

  constructor(key: Buffer, header: Buffer) {
    super();
    this.key = key;
    this.header = header;
    this.prefix = header.subarray(header.length - 7);
    this.push(header);
  }

  private seal(plain: Buffer, last: boolean): Buffer {
    if (this.counter >= 0xffffffff) throw new Error('The archive is too large to encrypt (over 256 TiB).');
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce(this.prefix, this.counter++, last));
    cipher.setAAD(this.header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    // A full segment is sealed only once more follows: the last one, sealed in _flush, is never empty by accident.
    if (this.pendingBytes > SEGMENT) {
      let all = Buffer.concat(this.pending, this.pendingBytes);
      while (all.length > SEGMENT) {
        this.push(this.seal(all.subarray(0, SEGMENT), false));
        all = all.subarray(SEGMENT);
      }
      this.pending = [all];
      this.pendingBytes = all.length;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    try {
      this.push(this.seal(Buffer.concat(this.pending, this.pendingBytes), true));
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}

/** The gzip level of what deflate shrinks (the rows, as JSON lines, and the tar's headers). */
const GZIP_LEVEL = 3;
/** How much of each piece is looked at, and the bits a byte above which deflate is not worth it. */
const SAMPLE_BYTES = 4096;
const RANDOM_BITS = 7.5;

/**
 * Whether deflate shrinks `piece`, judged by the spread of the bytes at its start: compressed data (a video, a photo)
 * uses every byte value about as often, about 8 bits a byte; rows of text far less. Counting is a few microseconds
 * where trying deflate on a sample cost a millisecond a piece (it sets up zlib each time).
 */
export function shrinks(piece: Buffer): boolean {
  const sample = piece.subarray(0, SAMPLE_BYTES);
  if (sample.length < 512) return true;
  const counts = new Uint32Array(256);
  for (const byte of sample) counts[byte]! += 1;
  let bits = 0;
  for (const count of counts) {
    if (count === 0) continue;
    const p = count / sample.length;
    bits -= p * Math.log2(p);
  }
  return bits < RANDOM_BITS;
}

/** A gzip member's header: deflate, no name, no time, made on an unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** The most bytes a stored deflate block holds. */
const STORED_BLOCK = 0xffff;

/** `piece` as one gzip member of stored (not deflated) blocks: its bytes as they are, framed and checksummed. */
export function storedMember(piece: Buffer): Buffer {
  const blocks = Math.max(1, Math.ceil(piece.length / STORED_BLOCK));
  const out = Buffer.allocUnsafe(GZIP_HEADER.length + blocks * 5 + piece.length + 8);
  let at = GZIP_HEADER.copy(out, 0);
  for (let i = 0; i < blocks; i++) {
    const part = piece.subarray(i * STORED_BLOCK, (i + 1) * STORED_BLOCK);
    out[at] = i === blocks - 1 ? 1 : 0; // the last block of the member; type 00, stored
    out.writeUInt16LE(part.length, at + 1);
    out.writeUInt16LE(part.length ^ 0xffff, at + 3);
    at += 5 + part.copy(out, at + 5);
  }
  out.writeUInt32LE(crc32(piece) >>> 0, at);
  out.writeUInt32LE(piece.length >>> 0, at + 4);
  return out;
}

/**
 * Gzips the tar as gzip members one after another (RFC 1952 allows it; gunzip, tar and the restore read them as one
 * stream): what deflate shrinks (the rows, as JSON lines, and the tar's headers) in members deflated at GZIP_LEVEL,
 * what it does not (photos, videos and PDFs: compressed already, most of an archive's bytes) in members stored as
 * they are. Deflating those kept a core busy for the whole backup beside the server and saved nothing
 * (docs/performance.md, Backups); storing them costs a copy and a checksum.
 */
class CompressWhatShrinks extends Transform {
  /** The deflated member being written, if any. */
  private member: Gzip | undefined;
  private written = false;

  override _transform(piece: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (shrinks(piece)) {
      this.deflating().write(piece, (error) => done(error ?? null));
      return;
    }
    this.endMember().then(() => {
      this.written = true;
      done(null, storedMember(piece));
    }, done);
  }

  override _flush(done: TransformCallback): void {
    // An empty tar is still one (empty) gzip member.
    if (!this.written) this.deflating();
    this.endMember().then(() => done(), done);
  }

  private deflating(): Gzip {
    if (!this.member) {
      const member = createGzip({ level: GZIP_LEVEL });
      member.on('data', (chunk: Buffer) => this.push(chunk));
      member.on('error', (error) => this.destroy(error));
      this.member = member;
      this.written = true;
    }
    return this.member;
  }

  /** Finishes the deflated member, if one is open, once all of it is out. */
  private async endMember(): Promise<void> {
    const member = this.member;
    if (!member) return;
    this.member = undefined;
    await new Promise<void>((resolve) => {
      member.once('end', resolve);
      member.end();
    });
  }
}

/**
 * The transforms that make an archive of a tar stream: gzip (storing what does not shrink), then encryption when a
 * key is configured; and the archive's key, with which the writer reads it back.
 */
export async function envelopeTransforms(keys: ArchiveKeys): Promise<{ transforms: Transform[]; key?: Buffer }> {
  const gzip = new CompressWhatShrinks();
  const envelope = await newEnvelope(keys);
  return envelope
    ? { transforms: [gzip, new Encryptor(envelope.key, envelope.header)], key: envelope.key }
    : { transforms: [gzip] };
}

const DAMAGED = 'The archive is damaged or was changed after it was written';

async function* decrypt(reader: ByteReader, keys: ArchiveKeys): AsyncGenerator<Buffer> {
  // The magic was read already (openArchive).
  if (!(await reader.fill(2))) throw new ArchiveError(INCOMPLETE);
  const start = Buffer.concat([MAGIC, reader.take(2)]);
  if (start[8] !== ENVELOPE_VERSION) {
    throw new ArchiveError(`This archive's encryption (version ${start[8]}) is newer than this program: update it.`);
  }
  let key: Buffer;
  let rest: Buffer;
  if (start[9] === MODE_PASSPHRASE) {
    if (!(await reader.fill(16 + 3 + 7))) throw new ArchiveError(INCOMPLETE);
    rest = reader.take(16 + 3 + 7);
    if (keys.archiveKey) key = keys.archiveKey;
    else if (!keys.passphrase) {
      throw new ArchiveError('The archive is encrypted with a passphrase: set BACKUP_PASSPHRASE to open it.');
    } else key = await deriveKey(keys.passphrase, rest.subarray(0, 16), rest[16]!, rest[17]!, rest[18]!);
  } else if (start[9] === MODE_PUBLIC_KEY) {
    if (!(await reader.fill(32 + 2))) throw new ArchiveError(INCOMPLETE);
    const id = reader.take(32);
    const lengthBytes = reader.take(2);
    const length = lengthBytes.readUInt16BE();
    if (!(await reader.fill(length + 7))) throw new ArchiveError(INCOMPLETE);
    const sealed = reader.take(length);
    rest = Buffer.concat([id, lengthBytes, sealed, reader.take(7)]);
    if (keys.archiveKey) key = keys.archiveKey;
    else if (!keys.privateKey) {
      throw new ArchiveError(
        'The archive is encrypted to a public key: set BACKUP_PRIVATE_KEY to its private key file.',
      );
    } else {
      const privateKey = createPrivateKey(keys.privateKey);
      if (!keyId(createPublicKey(privateKey)).equals(id)) {
        throw new ArchiveError('The archive is encrypted to another public key than the one of BACKUP_PRIVATE_KEY.');
      }
      try {
        key = privateDecrypt(
          { key: privateKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          sealed,
        );
      } catch {
        throw new ArchiveError(`${DAMAGED}: its key does not open.`);
      }
    }
  } else {
    throw new ArchiveError('The archive is damaged: its encryption header is not one this program knows.');
  }
  const header = Buffer.concat([start, rest]);
  const prefix = header.subarray(header.length - 7);
  let counter = 0;
  const open = (sealed: Buffer, last: boolean): Buffer => {
    if (sealed.length < TAG) throw new ArchiveError(INCOMPLETE);
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, counter++, last));
    decipher.setAAD(header);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
    } catch {
      // A cut archive ends on a segment not sealed as the last one: the same failure as a changed one.
      const what = last
        ? 'The archive is incomplete (cut short), or damaged or changed after it was written'
        : `${DAMAGED} (its bytes from ${(counter - 1) * 64} KiB on do not match their seal)`;
      throw new ArchiveError(
        counter === 1 && start[9] === MODE_PASSPHRASE
          ? `${what}, or BACKUP_PASSPHRASE is not the passphrase it was made with.`
          : `${what}.`,
      );
    }
  };
  // One segment is held back until the next shows it was not the last.
  for (;;) {
    const full = await reader.fill(SEGMENT + TAG + 1);
    if (!full) {
      yield open(reader.take(reader.length), true);
      if (!(await reader.atEnd())) throw new ArchiveError(`${DAMAGED}: data follows its last segment.`);
      return;
    }
    yield open(reader.take(SEGMENT + TAG), false);
  }
}

/**
 * The tar stream inside an archive's bytes: opened with the keys when it is encrypted, then gunzipped. A damaged
 * or cut archive fails with an ArchiveError saying so.
 */
export function openArchive(source: AsyncIterable<Buffer>, keys: ArchiveKeys): AsyncIterable<Buffer> {
  return (async function* () {
    const reader = new ByteReader(source);
    if (!(await reader.fill(8))) throw new ArchiveError(INCOMPLETE);
    const first = reader.take(8);
    let compressed: AsyncIterable<Buffer>;
    if (first.equals(MAGIC)) {
      compressed = decrypt(reader, keys);
    } else if (first[0] === 0x1f && first[1] === 0x8b) {
      compressed = (async function* () {
        yield first;
        for (;;) {
          const chunk = await reader.some(65536);
          if (chunk.length === 0) return;
          yield chunk;
        }
      })();
    } else {
      throw new ArchiveError(
        'This is not a backup archive of this program (it starts neither as gzip nor as TSBACKUP).',
      );
    }
    const gunzip = createGunzip();
    const input = Readable.from(compressed);
    input.on('error', (error) => gunzip.destroy(error));
    input.pipe(gunzip);
    try {
      for await (const chunk of gunzip) yield chunk as Buffer;
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'Z_BUF_ERROR') throw new ArchiveError(INCOMPLETE);
      if (typeof code === 'string' && code.startsWith('Z_')) {
        throw new ArchiveError(`${DAMAGED}: ${(error as Error).message}.`);
      }
      throw error;
    } finally {
      input.destroy();
    }
  })();
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a whole archive, part by part, against its manifest

export interface ArchiveVisitor {
  /** backup.json, before anything else. */
  header?(header: ArchiveHeader): Promise<void>;
  /** A part of a table's rows: its lines, each a JSON array of text values. */
  rows?(table: ArchiveTable, lines: string[]): Promise<void>;
  /** An uploaded file: its content, to be read to its end. */
  file?(key: string, size: number, body: AsyncIterable<Buffer>): Promise<void>;
}

export interface ArchiveSummary {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  rows: number;
  files: number;
  fileBytes: number;
}

/** The largest part of rows a reader takes in (a writer makes them about a mebibyte). */
const MAX_ROWS_PART = 64 * 1024 * 1024;

function parseJson<T>(bytes: Buffer, what: string): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    throw new ArchiveError(`The archive is damaged: its ${what} is not readable JSON.`);
  }
}

/**
 * Reads every part of an archive in order, hashing each, and hands them to the visitor; at the end checks the
 * manifest: every part there once with its size and sha256, nothing else, and each table's row count. Throws an
 * ArchiveError at the first thing wrong.
 */
export async function readArchive(
  source: AsyncIterable<Buffer>,
  keys: ArchiveKeys,
  visitor: ArchiveVisitor = {},
): Promise<ArchiveSummary> {
  let header: ArchiveHeader | undefined;
  let manifest: ArchiveManifest | undefined;
  const seen = new Map<string, PartDigest>();
  const rowsOf = new Map<string, number>();
  let files = 0;
  let fileBytes = 0;
  for await (const entry of readTar(openArchive(source, keys))) {
    if (manifest) throw new ArchiveError(`The archive is damaged: ${entry.name} follows its manifest.`);
    if (seen.has(entry.name)) throw new ArchiveError(`The archive is damaged: ${entry.name} is in it twice.`);
    const hash = createHash('sha256');
    const hashed = (async function* () {
      for await (const chunk of entry.body) {
        hash.update(chunk);
        yield chunk;
      }
    })();
    const digest = () => ({ bytes: entry.size, sha256: hash.digest('hex') });

    if (!header) {
      if (entry.name !== HEADER_PART) {
        throw new ArchiveError(`This is not a backup archive of this program (it starts with ${entry.name}).`);
      }
      header = parseJson<ArchiveHeader>(await collect(hashed, 1024 * 1024), 'backup.json');
      if (header.format !== ARCHIVE_FORMAT) throw new ArchiveError('This is not a backup archive of this program.');
      if (header.formatVersion > ARCHIVE_FORMAT_VERSION) {
        throw new ArchiveError(
          `This archive's format (version ${header.formatVersion}) is newer than this program's: update the program.`,
        );
      }
      seen.set(entry.name, digest());
      await visitor.header?.(header);
      continue;
    }
    if (entry.name === MANIFEST_PART) {
      manifest = parseJson<ArchiveManifest>(await collect(hashed, 256 * 1024 * 1024), 'manifest');
      continue;
    }
    const table = TABLE_PART.exec(entry.name)?.[1];
    if (table !== undefined) {
      const declared = header.tables.find((t) => t.name === table);
      if (!declared)
        throw new ArchiveError(`The archive is damaged: rows of ${table}, a table its header does not list.`);
      if (entry.size > MAX_ROWS_PART) throw new ArchiveError(`The archive is damaged: ${entry.name} is too large.`);
      const text = (await collect(hashed, MAX_ROWS_PART)).toString('utf8');
      seen.set(entry.name, digest());
      const lines = text.length === 0 ? [] : text.replace(/\n$/, '').split('\n');
      rowsOf.set(table, (rowsOf.get(table) ?? 0) + lines.length);
      await visitor.rows?.(declared, lines);
      continue;
    }
    if (entry.name.startsWith('uploads/') && isUploadKey(entry.name.slice('uploads/'.length))) {
      const key = entry.name.slice('uploads/'.length);
      if (visitor.file) await visitor.file(key, entry.size, hashed);
      else for await (const _ of hashed) void _;
      seen.set(entry.name, digest());
      files += 1;
      fileBytes += entry.size;
      continue;
    }
    throw new ArchiveError(`The archive holds an entry this program does not know: ${JSON.stringify(entry.name)}.`);
  }
  if (!header) throw new ArchiveError('The archive is empty.');
  if (!manifest) throw new ArchiveError(INCOMPLETE.replace('ends in the middle', 'has no manifest at its end'));
  for (const [name, digest] of seen) {
    const listed = manifest.parts[name];
    if (!listed) throw new ArchiveError(`The archive is damaged: ${name} is not in its manifest.`);
    if (listed.bytes !== digest.bytes || listed.sha256 !== digest.sha256) {
      throw new ArchiveError(`${DAMAGED}: ${name} does not match the checksum in its manifest.`);
    }
  }
  for (const name of Object.keys(manifest.parts)) {
    if (!seen.has(name)) throw new ArchiveError(`The archive is damaged: ${name}, listed in its manifest, is missing.`);
  }
  let rows = 0;
  for (const table of header.tables) {
    const found = rowsOf.get(table.name) ?? 0;
    if (found !== table.rows) {
      throw new ArchiveError(`${DAMAGED}: ${table.name} has ${found} rows, its header says ${table.rows}.`);
    }
    rows += found;
  }
  return { header, manifest, rows, files, fileBytes };
}

/** A whole entry (at most `limit` bytes). */
async function collect(body: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new ArchiveError('The archive is damaged: an entry is larger than it may be.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}
