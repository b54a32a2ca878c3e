/**
 * How `npm run backup` reaches a running server on PGlite, whose data directory only that server may open: the
 * server listens on a Unix socket in its data directory, `DATA_DIR/backup.sock`, readable and writable by the
 * account the server runs as and nobody else (mode 0600, inside DATA_DIR). A connection asks `BACKUP 1` and
 * receives the archive's tar stream (services/backup.ts) in frames; the command gzips, encrypts, writes and
 * verifies it itself. Whoever can connect can already read DATA_DIR, so the socket gives nobody anything new.
 * docs/decisions.md (Backups) says why a socket rather than an HTTP route.
 *
 * Frames: a 4-byte big-endian length and that many bytes; length 0 ends the stream; 0xFFFFFFFF is followed by
 * a length and the text of the error that stopped the backup.
 *
 * Once its archive is written (or has failed), the command tells the server on a second connection, `RECORD 1`
 * and the run as JSON on one line, so that the dashboard's card shows it (backup.ts, RECORD_COMMAND_RUN); the
 * server answers `OK` or a line of why not.
 */
import { chmod, unlink } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

export const BACKUP_SOCKET = 'backup.sock';
const REQUEST = 'BACKUP 1\n';
const RECORD = 'RECORD 1 ';
/** The longest request line: a run's record with its error sentence. */
const REQUEST_LENGTH = 16 * 1024;
const FAILED = 0xffffffff;

export interface BackupSocket {
  path: string;
  close(): Promise<void>;
}

interface Log {
  info(message: string): void;
  warn(object: object, message: string): void;
}

/** Writes and waits for the socket to take more when its buffer is full. */
async function send(socket: Socket, bytes: Buffer): Promise<void> {
  if (socket.destroyed) throw new Error('The backup command went away.');
  if (!socket.write(bytes)) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        socket.off('drain', done);
        socket.off('close', closed);
        if (error) reject(error);
        else resolve();
      };
      const closed = () => done(new Error('The backup command went away.'));
      socket.once('drain', done);
      socket.once('close', closed);
    });
  }
}

function frame(payload: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  return Buffer.concat([length, payload]);
}

/**
 * Listens on DATA_DIR/backup.sock; each connection that asks gets one archive's tar stream from `tar()`. One backup
 * at a time: a second asker is told to wait. Answers undefined (with a warning in the log) when the socket cannot be
 * made, for instance a path longer than a Unix socket's 107 bytes.
 */
export async function listenForBackups(
  dataDir: string,
  tar: () => AsyncIterable<Buffer>,
  log: Log,
  record: (run: unknown) => Promise<boolean>,
): Promise<BackupSocket | undefined> {
  const path = join(dataDir, BACKUP_SOCKET);
  // The data directory's lock is this process's: a socket file left there is a dead server's.
  await unlink(path).catch(() => {});
  let busy = false;
  const server: Server = createServer((socket) => {
    let request = '';
    socket.setEncoding('latin1');
    const onData = (text: string) => {
      request += text;
      if (request.length > REQUEST_LENGTH) {
        socket.destroy();
        return;
      }
      if (!request.includes('\n')) return;
      socket.off('data', onData);
      socket.pause();
      if (request.startsWith(RECORD)) {
        void recordRun(Buffer.from(request.slice(RECORD.length), 'latin1').toString('utf8'));
        return;
      }
      if (request !== REQUEST) {
        socket.end(
          failure('This server does not understand the request; are the command and the server of one version?'),
        );
        return;
      }
      if (busy) {
        socket.end(failure('A backup is being taken already; run the command again when it is done.'));
        return;
      }
      busy = true;
      void (async () => {
        const stream = tar()[Symbol.asyncIterator]();
        try {
          for (;;) {
            const { done, value } = await stream.next();
            if (done) break;
            if (value.length > 0) await send(socket, frame(value));
          }
          await send(socket, frame(Buffer.alloc(0)));
          socket.end();
          log.info('A backup was read through DATA_DIR/backup.sock.');
        } catch (error) {
          // Ends the snapshot (its cursors) when the command went away mid-way.
          await stream.return?.(undefined).catch(() => {});
          log.warn({ err: error }, 'A backup through DATA_DIR/backup.sock failed.');
          if (!socket.destroyed) socket.end(failure((error as Error).message));
        } finally {
          busy = false;
        }
      })();
    };
    const recordRun = async (json: string) => {
      let answer = 'OK\n';
      try {
        let run: unknown;
        try {
          run = JSON.parse(json);
        } catch {
          run = undefined;
        }
        if (!(await record(run)))
          answer = 'The run was not understood: are the command and the server of one version?\n';
      } catch (error) {
        log.warn({ err: error }, 'A backup run of the command could not be recorded.');
        answer = `It could not be recorded: ${(error as Error).message}\n`;
      }
      if (!socket.destroyed) socket.end(answer);
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(path, 0o600);
  } catch (error) {
    server.close();
    log.warn({ err: error }, `No backup socket at ${path}: \`npm run backup\` cannot reach this server.`);
    return undefined;
  }
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        unlink(path).catch(() => {});
      }),
  };
}

function failure(message: string): Buffer {
  const text = Buffer.from(message, 'utf8');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(FAILED, 0);
  head.writeUInt32BE(text.length, 4);
  return Buffer.concat([head, text]);
}

/**
 * The tar stream of a backup taken by the server running on `dataDir`, or undefined when no server answers there
 * (none running, or one without the socket). Fails with the server's own sentence when it could not take one.
 */
export async function backupFromServer(dataDir: string): Promise<AsyncIterable<Buffer> | undefined> {
  const path = join(dataDir, BACKUP_SOCKET);
  const socket = await new Promise<Socket | undefined>((resolve, reject) => {
    const attempt = connect(path);
    attempt.once('connect', () => resolve(attempt));
    attempt.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
  if (!socket) return undefined;
  socket.write(REQUEST);
  return (async function* () {
    let buffered: Buffer = Buffer.alloc(0);
    let finished = false;
    try {
      for await (const chunk of socket) {
        buffered = buffered.length === 0 ? (chunk as Buffer) : Buffer.concat([buffered, chunk as Buffer]);
        while (buffered.length >= 4) {
          const length = buffered.readUInt32BE(0);
          if (length === FAILED) {
            if (buffered.length < 8) break;
            const size = buffered.readUInt32BE(4);
            if (buffered.length < 8 + size) break;
            throw new Error(`The server could not take the backup: ${buffered.toString('utf8', 8, 8 + size)}`);
          }
          if (buffered.length < 4 + length) break;
          if (length === 0) {
            finished = true;
            return;
          }
          yield buffered.subarray(4, 4 + length);
          buffered = buffered.subarray(4 + length);
        }
      }
      if (!finished) throw new Error('The server stopped sending the backup before its end (was it stopped?).');
    } finally {
      socket.destroy();
    }
  })();
}

/**
 * Tells the server running on `dataDir` of a command's run (`record`: what backup-schedule.ts's commandRunOf reads).
 * Answers undefined once recorded, or why it was not.
 */
export async function recordThroughServer(dataDir: string, record: object): Promise<string | undefined> {
  const path = join(dataDir, BACKUP_SOCKET);
  return new Promise((resolve) => {
    const socket = connect(path);
    let answer = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${RECORD}${JSON.stringify(record)}\n`));
    socket.on('data', (text: string) => (answer += text));
    socket.once('error', (error) => resolve(`the server did not answer (${error.message})`));
    socket.once('close', () => resolve(answer === 'OK\n' ? undefined : answer.trim() || 'the server did not answer'));
  });
}
