import { ConfigError, loadConfig } from '../../config';
import { connectDatabase, type DatabaseHandle, runMigrations } from '../../db/client';
import { acquireDataDirLock, DataDirInUseError } from '../../db/data-dir-lock';
import { startEmbeddedPostgres } from '../../db/embedded-postgres';
import { loadDataDirSecrets } from '../../db/secrets';

export type OpenedDatabase = {
  database: DatabaseHandle;
  /** Where the data is, for messages. */
  where: string;
  close: () => Promise<void>;
};

/**
 * The shop's database for a command-line tool, exactly as the server finds it: DATABASE_URL,
 * or the embedded PostgreSQL in DATA_DIR (which must not be in use by a running server), with
 * the migrations applied.
 */
export async function openDatabase(log: {
  info: (message: string) => void;
  warn: (message: string) => void;
}) {
  const config = loadConfig();
  const cleanups: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    let databaseUrl = config.DATABASE_URL;
    let where = 'DATABASE_URL';
    if (!databaseUrl) {
      cleanups.push(acquireDataDirLock(config.dataDir));
      const secrets = loadDataDirSecrets(config.dataDir);
      const embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        password: secrets.postgresPassword,
        log,
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
      where = `the embedded database in ${config.dataDir}`;
    }
    await runMigrations(databaseUrl);
    const database = connectDatabase(databaseUrl, 4);
    cleanups.push(database.close);
    return { database, where, close } satisfies OpenedDatabase;
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** A message for the errors a tool expects (bad settings, data directory in use), else undefined. */
export function expectedFailure(error: unknown): string | undefined {
  if (error instanceof ConfigError) return error.message;
  if (error instanceof DataDirInUseError) {
    return `${error.message} (or point the tool at the server's database with DATABASE_URL).`;
  }
  return undefined;
}
