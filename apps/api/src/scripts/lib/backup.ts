import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runMigrations } from '../../db/client';
import { resolveRunAs } from '../../db/embedded-postgres';
import { migrationsFolder } from '../../lib/paths';

/**
 * Backups of the shop's database (docs/decisions/0015-backups.md):
 *
 * - **physical**, for the embedded PostgreSQL (its files are on this machine): a base backup
 *   through PostgreSQL's low-level API (`pg_backup_start` / `pg_backup_stop`) on an ordinary
 *   connection, the data directory's files copied meanwhile, and the WAL written from the start
 *   to the stop kept by a temporary replication slot and copied after the stop. Restoring is
 *   copying the files back: PostgreSQL replays the WAL to the consistent point on first start.
 * - **logical**, for an external PostgreSQL (often on another machine, any version 15+): every
 *   table of the shop's schema read in one REPEATABLE READ, READ ONLY transaction (one snapshot,
 *   so the tables agree with each other), one JSON line a row; restoring migrates an empty
 *   database to the same migration and loads the rows with triggers off (they are copies of
 *   what the triggers wrote).
 *
 * Either way the backup also holds the data directory's secrets.json (the embedded server's
 * password, signing secrets) and the uploaded media, so the restored shop is the same shop.
 */

export const MANIFEST = 'manifest.json';
const FORMAT_VERSION = 1;

export type Manifest = {
  kind: 'kampala-cellars-backup';
  formatVersion: number;
  format: 'physical' | 'logical';
  createdAt: string;
  serverVersion: string;
  /** The migrations (by tag) the database had: a logical backup restores into the same schema. */
  migrations: string[];
  durationMs: number;
  bytes: number;
  /** Physical only. */
  startLsn?: string;
  stopLsn?: string;
  walFiles?: number;
  /** Logical only: rows per table. */
  tables?: Record<string, number>;
};

type Log = (message: string) => void;

/** Files of a data directory that a base backup leaves out (PostgreSQL's own list, "Making a Base Backup"). */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'backup_label.old',
  'tablespace_map',
  'tablespace_map.old',
]);
/** Directories whose contents are runtime state, recreated empty. pg_wal is copied separately. */
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

function journalTags(): string[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.map((entry) => entry.tag);
}

async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const tags = journalTags();
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
  );
  // drizzle records a hash and a timestamp per migration, applied in journal order.
  return tags.slice(0, rows[0]!.n);
}

/** Copies a file tree; files that vanish meanwhile (dropped tables, temp files) are skipped. */
function copyTree(
  from: string,
  to: string,
  options: { skip?: (relative: string, entry: fs.Dirent) => 'skip' | 'empty' | 'copy' } = {},
  relative = '',
): { files: number; bytes: number } {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  let files = 0;
  let bytes = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files, bytes };
    throw error;
  }
  for (const entry of entries) {
    const rel = relative ? `${relative}/${entry.name}` : entry.name;
    const decision = options.skip?.(rel, entry) ?? 'copy';
    if (decision === 'skip') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (decision === 'empty') {
        fs.mkdirSync(target, { recursive: true, mode: 0o700 });
        continue;
      }
      const inner = copyTree(source, target, options, rel);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        fs.copyFileSync(source, target);
        files += 1;
        bytes += fs.statSync(target).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    // Sockets (the server's Unix socket lives in its data directory) and the like are not data.
  }
  return { files, bytes };
}

/** The parts of DATA_DIR that are not the database: its secrets and the uploaded media. */
function copyDataDirExtras(dataDir: string, out: string): number {
  let bytes = 0;
  const secrets = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(secrets)) {
    fs.copyFileSync(secrets, path.join(out, 'secrets.json'));
    bytes += fs.statSync(secrets).size;
  }
  bytes += copyTree(path.join(dataDir, 'media'), path.join(out, 'media')).bytes;
  return bytes;
}

function prepareOut(out: string) {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    throw new Error(`${out} exists and is not empty; choose a new directory for the backup`);
  }
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });
}

/**
 * A base backup of a running server whose data directory is `pgDir` on this machine, through a
 * superuser connection `url`. Writes `out/postgres` (a data directory with its backup_label and
 * the WAL it needs) and the DATA_DIR extras.
 */
export async function physicalBackup(options: {
  url: string;
  pgDir: string;
  dataDir: string;
  out: string;
  log?: Log;
}): Promise<Manifest> {
  const { url, pgDir, dataDir, out, log = () => undefined } = options;
  const started = performance.now();
  prepareOut(out);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const serverVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v"))
      .rows[0]!.v;
    const migrations = await appliedMigrations(client);
    // The WAL from the backup's start must still be in pg_wal when the copy ends: a temporary
    // slot reserves it (checkpoints would otherwise recycle it) and goes with this session.
    const slot = `kampala_backup_${process.pid}`;
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
    const label = `kampala-cellars ${new Date().toISOString()}`;
    const start = await client.query<{ lsn: string }>('SELECT pg_backup_start($1, true) AS lsn', [label]);
    const startLsn = start.rows[0]!.lsn;
    log(`backup started at WAL ${startLsn}; copying ${pgDir}`);
    const target = path.join(out, 'postgres');
    let copied: { files: number; bytes: number };
    try {
      copied = copyTree(pgDir, target, {
        skip: (relative, entry) => {
          const top = relative.split('/')[0]!;
          if (!relative.includes('/') && SKIPPED_FILES.has(relative)) return 'skip';
          if (entry.name.startsWith('.s.PGSQL.') || entry.name.startsWith('pgsql_tmp')) return 'skip';
          if (relative === top && EMPTIED_DIRS.has(top) && entry.isDirectory()) return 'empty';
          return 'copy';
        },
      });
    } catch (error) {
      await client.query('SELECT pg_backup_stop(false)').catch(() => undefined);
      throw error;
    }
    // wait_for_archive false: the embedded server does not archive WAL; we copy it below.
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      'SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    const { lsn: stopLsn, labelfile, spcmapfile } = stop.rows[0]!;
    fs.writeFileSync(path.join(target, 'backup_label'), labelfile, { mode: 0o600 });
    if (spcmapfile) fs.writeFileSync(path.join(target, 'tablespace_map'), spcmapfile, { mode: 0o600 });
    // pg_backup_stop switched to a new segment, so the one holding stopLsn is complete.
    const names = await client.query<{ first: string; last: string }>(
      'SELECT pg_walfile_name($1::pg_lsn) AS first, pg_walfile_name($2::pg_lsn) AS last',
      [startLsn, stopLsn],
    );
    const { first, last } = names.rows[0]!;
    const walDir = path.join(pgDir, 'pg_wal');
    let walFiles = 0;
    let walBytes = 0;
    for (const name of fs.readdirSync(walDir)) {
      if (fs.statSync(path.join(walDir, name)).isDirectory()) {
        // archive_status, and summaries on PostgreSQL 17+: present, empty.
        fs.mkdirSync(path.join(target, 'pg_wal', name), { recursive: true, mode: 0o700 });
        continue;
      }
      const segment = /^[0-9A-F]{24}$/.test(name) && name >= first && name <= last;
      if (!segment && !name.endsWith('.history')) continue;
      fs.copyFileSync(path.join(walDir, name), path.join(target, 'pg_wal', name));
      walFiles += segment ? 1 : 0;
      walBytes += fs.statSync(path.join(target, 'pg_wal', name)).size;
    }
    fs.mkdirSync(path.join(target, 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
    if (walFiles === 0 || !fs.existsSync(path.join(target, 'pg_wal', last))) {
      throw new Error(`the WAL segment ${last} needed by the backup was not found in ${walDir}`);
    }
    const bytes = copied.bytes + walBytes + copyDataDirExtras(dataDir, out);
    const manifest: Manifest = {
      kind: 'kampala-cellars-backup',
      formatVersion: FORMAT_VERSION,
      format: 'physical',
      createdAt: new Date().toISOString(),
      serverVersion,
      migrations,
      durationMs: Math.round(performance.now() - started),
      bytes,
      startLsn,
      stopLsn,
      walFiles,
    };
    fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The shop's tables: everything in `public` (partitions are read through their parent). */
async function shopTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** Columns a row is restored into (generated columns are computed again). */
async function storedColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT quote_ident(attname) AS name FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
     ORDER BY attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

const FETCH_ROWS = 5_000;

/**
 * A logical backup of the database at `url`: one consistent snapshot of every shop table, one
 * JSON object a line (`tables/<schema>.<table>.jsonl`), and the sequences' positions.
 */
export async function logicalBackup(options: {
  url: string;
  dataDir: string;
  out: string;
  log?: Log;
}): Promise<Manifest> {
  const { url, dataDir, out, log = () => undefined } = options;
  const started = performance.now();
  prepareOut(out);
  fs.mkdirSync(path.join(out, 'tables'), { mode: 0o700 });
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const serverVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v"))
      .rows[0]!.v;
    // One snapshot for every table: the backup is the database as it was at this instant,
    // while the shop goes on writing (readers do not block writers).
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = await appliedMigrations(client);
    const tables: Record<string, number> = {};
    let bytes = 0;
    for (const table of await shopTables(client)) {
      const file = path.join(out, 'tables', `${table.replace(/"/g, '')}.jsonl`);
      const fd = fs.openSync(file, 'w', 0o600);
      let count = 0;
      try {
        await client.query(
          `DECLARE rows_out NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${table} t`,
        );
        for (;;) {
          const { rows } = await client.query<{ row: string }>(`FETCH ${FETCH_ROWS} FROM rows_out`);
          if (rows.length === 0) break;
          const chunk = `${rows.map((row) => row.row).join('\n')}\n`;
          fs.writeSync(fd, chunk);
          bytes += Buffer.byteLength(chunk);
          count += rows.length;
        }
        await client.query('CLOSE rows_out');
      } finally {
        fs.closeSync(fd);
      }
      tables[table] = count;
    }
    // Sequences are not transactional: their position may be past the snapshot, never before it.
    const sequences = await client.query<{ name: string; value: string | null }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value
       FROM pg_sequences WHERE schemaname = 'public'`,
    );
    fs.writeFileSync(path.join(out, 'sequences.json'), `${JSON.stringify(sequences.rows, null, 2)}\n`, {
      mode: 0o600,
    });
    await client.query('COMMIT');
    log(`${Object.keys(tables).length} tables read in one snapshot`);
    bytes += copyDataDirExtras(dataDir, out);
    const manifest: Manifest = {
      kind: 'kampala-cellars-backup',
      formatVersion: FORMAT_VERSION,
      format: 'logical',
      createdAt: new Date().toISOString(),
      serverVersion,
      migrations,
      durationMs: Math.round(performance.now() - started),
      bytes,
      tables,
    };
    fs.writeFileSync(path.join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function readManifest(backup: string): Manifest {
  const file = path.join(backup, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${backup} is not a backup (no ${MANIFEST}); was it complete?`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.kind !== 'kampala-cellars-backup' || manifest.formatVersion !== FORMAT_VERSION) {
    throw new Error(`${backup} is not a backup this version of the shop can restore`);
  }
  return manifest;
}

/** The DATA_DIR extras into `dataDir`; the secrets only when it has none of its own. */
function restoreDataDirExtras(backup: string, dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const secrets = path.join(backup, 'secrets.json');
  const target = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(secrets) && !fs.existsSync(target)) fs.copyFileSync(secrets, target);
  copyTree(path.join(backup, 'media'), path.join(dataDir, 'media'));
}

/**
 * Puts a physical backup's data directory in place as `dataDir/postgres` (which must not exist
 * or be empty). The WAL is replayed when the server first starts on it.
 */
export function restorePhysical(backup: string, dataDir: string): void {
  const pgDir = path.join(dataDir, 'postgres');
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    throw new Error(`${pgDir} is not empty: restore into a new DATA_DIR (or move that one away first)`);
  }
  // The secrets hold the password of the restored server's `postgres` role: they come with it.
  if (fs.existsSync(path.join(dataDir, 'secrets.json'))) {
    fs.renameSync(path.join(dataDir, 'secrets.json'), path.join(dataDir, `secrets.json.before-restore`));
  }
  restoreDataDirExtras(backup, dataDir);
  copyTree(path.join(backup, 'postgres'), pgDir);
  fs.chmodSync(pgDir, 0o700);
  const runAs = resolveRunAs();
  if (runAs) chownTree(pgDir, runAs.uid, runAs.gid);
}

function chownTree(dir: string, uid: number, gid: number) {
  fs.chownSync(dir, uid, gid);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(child, uid, gid);
    else fs.chownSync(child, uid, gid);
  }
}

const INSERT_ROWS = 2_000;

/**
 * Loads a logical backup into the empty database at `url`: migrated to the backup's migrations,
 * then every table's rows in one transaction with triggers off (counters and search words are
 * restored as they were, not recomputed), then the sequences.
 */
export async function restoreLogical(options: { backup: string; url: string; dataDir: string; log?: Log }) {
  const { backup, url, dataDir, log = () => undefined } = options;
  const manifest = readManifest(backup);
  const tags = journalTags();
  if (manifest.migrations.join() !== tags.slice(0, manifest.migrations.length).join()) {
    throw new Error('the backup was taken by a different line of the shop (its migrations differ)');
  }
  if (tags.length !== manifest.migrations.length) {
    throw new Error(
      `the backup has ${manifest.migrations.length} migrations and this version of the shop ${tags.length}: ` +
        `restore with the version that took it (migration ${manifest.migrations.at(-1)}), then upgrade`,
    );
  }
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const existing = await shopTables(client);
    if (existing.length > 0) {
      throw new Error('the target database is not empty: restore into a new, empty database');
    }
    await runMigrations(url);
    await client.query('BEGIN');
    // Off: foreign keys (rows go in table by table), the audit trail's append-only guard and
    // the counting triggers. Needs a superuser or `GRANT SET ON PARAMETER session_replication_role`.
    await client.query("SET LOCAL session_replication_role = 'replica'");
    const tables = Object.keys(manifest.tables ?? {});
    // Rows the migrations seeded (delivery zones, counters) are in the backup too.
    if (tables.length > 0) await client.query(`TRUNCATE ${tables.join(', ')}`);
    for (const table of tables) {
      const columns = (await storedColumns(client, table)).join(', ');
      const file = path.join(backup, 'tables', `${table.replace(/"/g, '')}.jsonl`);
      const insert = `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
        SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await client.query(insert, [`[${batch.join(',')}]`]);
        batch = [];
      };
      for await (const line of lines(file)) {
        batch.push(line);
        if (batch.length >= INSERT_ROWS) await flush();
      }
      await flush();
    }
    const sequences = JSON.parse(fs.readFileSync(path.join(backup, 'sequences.json'), 'utf8')) as Array<{
      name: string;
      value: string | null;
    }>;
    for (const sequence of sequences) {
      if (sequence.value !== null)
        await client.query('SELECT setval($1::regclass, $2::bigint)', [sequence.name, sequence.value]);
    }
    await client.query('COMMIT');
    log(`${tables.length} tables restored`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  restoreDataDirExtras(backup, dataDir);
}

async function* lines(file: string): AsyncGenerator<string> {
  const { createInterface } = await import('node:readline');
  const reader = createInterface({
    input: fs.createReadStream(file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of reader) if (line) yield line;
}
