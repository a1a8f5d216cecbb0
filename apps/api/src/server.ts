import { buildApp } from './app';
import { ConfigError, loadConfig, reconnectBackoff } from './config';
import { connectDatabase, runMigrations } from './db/client';
import { survivePgBossConnectionLoss } from './db/connection-loss';
import { acquireDataDirLock, DataDirInUseError } from './db/data-dir-lock';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { loadDataDirSecrets } from './db/secrets';
import { createShutdown } from './lib/graceful-shutdown';
import { limitHeapGrowth } from './lib/heap-growth';
import { listeningText } from './lib/origins';
import { seedDemoCatalogIfEmpty } from './modules/catalog/seed/seed-catalog';
import { seedDemoEventsIfEmpty } from './modules/events/seed/seed-events';
import { seedDemoHampersIfAbsent } from './modules/hampers/demo-hampers';

/**
 * Starts the shop: configuration, database (embedded unless DATABASE_URL is set), migrations,
 * then the HTTP server. SIGTERM or SIGINT finish in-flight requests before stopping.
 */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  limitHeapGrowth(config.HEAP_GROWING_PERCENT);
  const bootLog = {
    info: (message: string) => console.log(`[shop] ${message}`),
    warn: (message: string) => console.warn(`[shop] ${message}`),
    error: (message: string) => console.error(`[shop] ${message}`),
  };
  survivePgBossConnectionLoss(bootLog.warn);
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      cleanups.push(acquireDataDirLock(config.dataDir));
      const secrets = loadDataDirSecrets(config.dataDir);
      const embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        password: secrets.postgresPassword,
        log: bootLog,
        backoff: reconnectBackoff(config),
      });
      cleanups.push(embedded.stop);
      databaseUrl = embedded.url;
    }

    await runMigrations(databaseUrl);
    const database = connectDatabase(databaseUrl, config.DATABASE_POOL_SIZE, { warn: bootLog.warn });
    cleanups.push(database.close);
    await seedDemoCatalogIfEmpty(database, bootLog);
    // After the cellar: the demo events feature its bottles.
    await seedDemoEventsIfEmpty(database, bootLog);
    // After the cellar: the demo hampers hold its bottles.
    await seedDemoHampersIfAbsent(database, bootLog);

    const app = await buildApp({ config, database });
    await app.listen({ host: config.HOST, port: config.PORT, listenTextResolver: listeningText(config) });
    app.log.info(
      `${config.publicUrl} is ready in ${Math.round(performance.now() - startedAt)} ms ` +
        `(database: ${config.DATABASE_URL ? 'DATABASE_URL' : 'embedded'})`,
    );

    const shutdown = createShutdown({ app, cleanUp, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
    process.once('SIGTERM', () => void shutdown('SIGTERM received'));
    process.once('SIGINT', () => void shutdown('SIGINT received'));
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(`[shop] ${error.message}`);
  } else {
    console.error('[shop] Could not start:', error);
  }
  process.exit(1);
});
