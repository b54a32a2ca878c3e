/**
 * `npm run restore -- <archive or directory> [--replace]`: restores an archive of `npm run backup` into the configured database
 * (DATABASE_URL, as DATABASE_OWNER_URL when set; otherwise PGlite in DATA_DIR) and UPLOADS_DIR, whichever engine made
 * it (services/backup-restore.ts; docs/operations.md, Backups). Given a directory, it takes the newest archive there
 * (the one last written). Stop the server first. An encrypted archive needs
 * BACKUP_PASSPHRASE or BACKUP_PRIVATE_KEY. Refuses a target that holds data unless --replace is given (the old data
 * is then kept aside, and the command says where). Exit 0 once restored and verified; 1 when refused or failed, and
 * then nothing was changed.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { archiveKeysOf, BACKUP_NAME, sizeText } from '../src/server/services/backup.ts';
import { restoreArchive } from '../src/server/services/backup-restore.ts';

const USAGE = 'Usage: npm run restore -- <archive, or a directory of archives> [--replace]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let archive: string | undefined;
let replace = false;
for (const arg of process.argv.slice(2)) {
  if (arg === '--replace') replace = true;
  else if (arg === '--help' || arg === '-h') fail(USAGE);
  else if (arg.startsWith('-')) fail(`Unknown argument ${arg}. ${USAGE}`);
  else if (archive === undefined) archive = arg;
  else fail(`One archive at a time. ${USAGE}`);
}
// `npm run restore <archive> --replace` without `--` gives npm the flag, which passes it on as npm_config_replace.
if (process.env.npm_config_replace === 'true') replace = true;
if (!archive) fail(USAGE);

let config;
let keys;
try {
  config = loadConfig();
  keys = archiveKeysOf(config);
} catch (error) {
  fail((error as Error).message);
}

// A directory: its newest archive (by the time it was written; names of one second differ by a suffix).
if ((await stat(archive).catch(() => undefined))?.isDirectory()) {
  const dir = archive;
  const archives = await Promise.all(
    (await readdir(dir))
      .filter((name) => BACKUP_NAME.test(name))
      .map(async (name) => ({ name, time: (await stat(join(dir, name))).mtimeMs })),
  );
  const newest = archives.sort((a, b) => b.time - a.time || b.name.localeCompare(a.name))[0];
  if (!newest) fail(`There is no archive of npm run backup in ${dir} (trust-backup-….tar.gz).`);
  archive = join(dir, newest.name);
  console.log(`The newest archive in ${dir}: ${newest.name}`);
}

const started = Date.now();
try {
  const result = await restoreArchive({
    archive,
    keys,
    replace,
    uploadsDir: config.UPLOADS_DIR,
    target: config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_OWNER_URL ?? config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  });
  const { header, rows, files, fileBytes } = result.summary;
  console.log(
    `Restored ${archive} into ${config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`} ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s): ${rows} rows in ${header.tables.length} tables, ` +
      `${files} files (${sizeText(fileBytes)}), made ${header.createdAt} on ${header.engine}.`,
  );
  console.log(
    `  Checked: every part's checksum, every table's rows, the audit trail up to its head ${header.auditHead.seq}:${header.auditHead.hash}.`,
  );
  if (result.laterMigrations > 0)
    console.log(`  Then ${result.laterMigrations} later migration(s) of this version ran.`);
  if (result.keptAside.database) console.log(`  The data it replaced is kept in ${result.keptAside.database}.`);
  if (result.keptAside.uploads) console.log(`  The files it replaced are kept in ${result.keptAside.uploads}.`);
  console.log('  Start the server: npm start');
} catch (error) {
  fail(`The restore failed: ${(error as Error).message}`);
}
