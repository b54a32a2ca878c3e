/**
 * A lock file that keeps a second process from opening the same PGlite directory: two processes writing one
 * PGlite data directory corrupt it. The lock holds the owner's pid; a lock left by a process that no longer
 * exists is taken over.
 */
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface Lock {
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {}

/** Lock paths held by this process. */
const held = new Set<string>();

/** Whether `pid` is a running Node process (a recycled pid of another program does not count). */
async function aliveNode(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => undefined);
  return cmdline === undefined || cmdline.includes('node');
}

export async function acquireLock(dataDir: string): Promise<Lock> {
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      held.add(path);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          held.delete(path);
          await unlink(path).catch(() => {});
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt((await readFile(path, 'utf8').catch(() => '')).trim(), 10);
      const ours = owner === process.pid;
      if ((ours && held.has(path)) || (!ours && Number.isInteger(owner) && owner > 0 && (await aliveNode(owner)))) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by another process (pid ${owner}). ` +
            'Stop that process first, or set DATA_DIR to another directory.',
        );
      }
      // The owner is gone (a crash, or a pid recycled since): take the lock over.
      await unlink(path).catch(() => {});
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${dataDir}; another process keeps taking it.`);
}
