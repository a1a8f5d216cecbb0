import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { loadDataDirSecrets } from '../db/secrets';
import { logicalBackup, type Manifest, physicalBackup } from './lib/backup';
import { expectedFailure } from './lib/open-database';

const HELP = `Back up the shop's database (and its data directory's secrets and uploaded media).

Usage:
  npm run backup [-- --out <directory>]

The database is the server's, found as \`npm start\` finds it:
  - DATABASE_URL unset: the embedded PostgreSQL of DATA_DIR (default ./data). While the shop
    runs, a base backup is taken from the running server (pg_backup_start/pg_backup_stop, the
    files and the WAL in between); when it is stopped, the server is started for the backup.
  - DATABASE_URL set: a logical backup, every table read in one consistent snapshot.
The shop keeps serving meanwhile. The backup is a new directory (default
./backups/<UTC time>-<physical|logical>), readable only by you: it holds the secrets.
Restore it with \`npm run restore -- <directory>\`.`;

class UsageError extends Error {}

function stamp(date = new Date()) {
  return date.toISOString().replace(/[:]/g, '').replace(/\..*/, 'Z');
}

/** The running embedded server of `pgDir` (its port from postmaster.pid), or undefined. */
export function runningEmbedded(pgDir: string): { port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number.parseInt(lines[0]!, 10);
    const port = Number.parseInt(lines[3]!, 10);
    process.kill(pid, 0);
    return Number.isInteger(port) ? { port } : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') throw error;
    return undefined;
  }
}

export async function run(argv: string[], log: (message: string) => void = console.log): Promise<Manifest> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: false,
  });
  if (values.help) {
    log(HELP);
    throw new UsageError('');
  }
  const config = loadConfig();
  const base = process.env.INIT_CWD ?? process.cwd();
  const format = config.DATABASE_URL ? 'logical' : 'physical';
  const out = path.resolve(base, values.out ?? path.join('backups', `${stamp()}-${format}`));
  const started = performance.now();
  let manifest: Manifest;
  if (config.DATABASE_URL) {
    manifest = await logicalBackup({ url: config.DATABASE_URL, dataDir: config.dataDir, out, log });
  } else {
    const pgDir = path.join(config.dataDir, 'postgres');
    const { postgresPassword } = loadDataDirSecrets(config.dataDir);
    const running = runningEmbedded(pgDir);
    if (running) {
      const url = `postgres://postgres:${encodeURIComponent(postgresPassword)}@127.0.0.1:${running.port}/shop`;
      manifest = await physicalBackup({ url, pgDir, dataDir: config.dataDir, out, log });
    } else {
      if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
        throw new UsageError(`There is no database in ${pgDir} to back up (is DATA_DIR right?)`);
      }
      // The shop is stopped: start its server for the backup, holding the data directory.
      const release = acquireDataDirLock(config.dataDir);
      try {
        const embedded = await startEmbeddedPostgres({
          dataDir: config.dataDir,
          password: postgresPassword,
          log: { info: () => undefined, warn: log },
        });
        try {
          manifest = await physicalBackup({ url: embedded.url, pgDir, dataDir: config.dataDir, out, log });
        } finally {
          await embedded.stop();
        }
      } finally {
        release();
      }
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(`${format} backup written to ${out} (${(manifest.bytes / 1e6).toFixed(1)} MB) in ${seconds} s`);
  return manifest;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  run(process.argv.slice(2), (message) => console.log(`[backup] ${message}`)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        if (error.message) console.error(`[backup] ${error.message}`);
        process.exit(error.message ? 1 : 0);
      }
      const expected = expectedFailure(error);
      console.error('[backup] failed:', expected ?? error);
      process.exit(1);
    },
  );
}
