/**
 * Where uploaded files are kept: one small interface, so that an object store can take the place of the local
 * directory later without touching the code that accepts, serves or sweeps uploads.
 *
 * A key is a relative path of fixed shape (`images/<32 hex>-640.webp`, `files/<32 hex>.mp4`, `employees/…`); the
 * callers make the keys, and the local directory refuses anything that would leave its root.
 *
 * Several server processes on one PostgreSQL database must see the same files: give them the same directory
 * (UPLOADS_DIR on a shared file system). docs/operations.md says how, and how to back it up.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, copyFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  size: number;
  modified: Date;
  /** The bytes from `start` to `end` inclusive (the whole file by default). */
  read(range?: { start: number; end: number }): Readable;
}

export interface FileStorage {
  /** Moves a finished local file (a temporary file of the upload) into the store under `key`. */
  put(key: string, localFile: string): Promise<void>;
  /** The stored file, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes a stored file; one already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Every key under a folder, with when it was written. */
  list(folder: string): AsyncIterable<{ key: string; modified: Date }>;
}

const KEY = /^[a-z-]+\/[0-9a-z][0-9a-z.-]*$/;

/** The default store: a directory on the local file system (UPLOADS_DIR). */
export class LocalDirectoryStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key inside the root, or an error for a key of another shape (a bug of the caller). */
  pathOf(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Storage: invalid key ${JSON.stringify(key)}.`);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage: key ${JSON.stringify(key)} leaves the root.`);
    return path;
  }

  async put(key: string, localFile: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(localFile, target);
    } catch (error) {
      // Another file system (a temporary directory elsewhere): copy, then remove the original.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(localFile, target);
      await rm(localFile, { force: true });
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    let path: string;
    try {
      path = this.pathOf(key);
    } catch {
      return undefined;
    }
    try {
      const info = await stat(path);
      if (!info.isFile()) return undefined;
      return {
        size: info.size,
        modified: info.mtime,
        read: (range) => createReadStream(path, range ? { start: range.start, end: range.end } : {}),
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(folder: string): AsyncIterable<{ key: string; modified: Date }> {
    let names: string[];
    try {
      names = await readdir(join(this.root, folder));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const key = `${folder}/${name}`;
      if (!KEY.test(key)) continue;
      try {
        const info = await stat(join(this.root, folder, name));
        if (info.isFile()) yield { key, modified: info.mtime };
      } catch {
        // Removed meanwhile.
      }
    }
  }

  /** Whether a local file can be opened (used by tests). */
  async exists(key: string): Promise<boolean> {
    try {
      const handle = await open(this.pathOf(key), 'r');
      await handle.close();
      return true;
    } catch {
      return false;
    }
  }
}
