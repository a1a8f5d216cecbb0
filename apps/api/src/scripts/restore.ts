import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { loadDataDirSecrets } from '../db/secrets';
import { readManifest, restoreLogical, restorePhysical } from './lib/backup';
import { expectedFailure } from './lib/open-database';

const HELP = `Restore a backup written by \`npm run backup\` into an empty data directory or database.

Usage:
  npm run restore -- <backup directory>

  - A physical backup (of the embedded database) becomes DATA_DIR/postgres; DATA_DIR must not
    hold a database yet. The server is started once here, which replays the backup's WAL.
  - A logical backup is loaded into DATABASE_URL when set (an empty database, e.g. one just made
    with CREATE DATABASE), otherwise into a new embedded database in DATA_DIR.
Then start the shop with the same DATA_DIR / DATABASE_URL.`;

class UsageError extends Error {}

async function checkEmbedded(
  dataDir: string,
  log: (message: string) => void,
  work?: (url: string) => Promise<void>,
) {
  const release = acquireDataDirLock(dataDir);
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir,
      password: loadDataDirSecrets(dataDir).postgresPassword,
      log: { info: () => undefined, warn: log },
    });
    try {
      if (work) await work(embedded.url);
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      await client.end();
      log(`the restored database answers (${rows[0]!.n} orders)`);
    } finally {
      await embedded.stop();
    }
  } finally {
    release();
  }
}

export async function run(argv: string[], log: (message: string) => void = console.log): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { help: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help) {
    log(HELP);
    throw new UsageError('');
  }
  if (positionals.length !== 1)
    throw new UsageError('Name the backup directory: npm run restore -- <directory>');
  const config = loadConfig();
  const backup = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const manifest = readManifest(backup);
  const started = performance.now();
  if (manifest.format === 'physical') {
    if (config.DATABASE_URL) {
      throw new UsageError(
        'A physical backup restores into an embedded data directory: unset DATABASE_URL and set DATA_DIR',
      );
    }
    restorePhysical(backup, config.dataDir);
    log(`files in place in ${config.dataDir}; starting the server once to replay the WAL`);
    await checkEmbedded(config.dataDir, log);
  } else if (config.DATABASE_URL) {
    await restoreLogical({ backup, url: config.DATABASE_URL, dataDir: config.dataDir, log });
  } else {
    await checkEmbedded(config.dataDir, log, (url) =>
      restoreLogical({ backup, url, dataDir: config.dataDir, log }),
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(`${manifest.format} backup of ${manifest.createdAt} restored in ${seconds} s`);
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  run(process.argv.slice(2), (message) => console.log(`[restore] ${message}`)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        if (error.message) console.error(`[restore] ${error.message}`);
        process.exit(error.message ? 1 : 0);
      }
      console.error('[restore] failed:', expectedFailure(error) ?? error);
      process.exit(1);
    },
  );
}
