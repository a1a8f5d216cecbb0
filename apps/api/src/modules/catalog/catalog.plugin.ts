import fp from 'fastify-plugin';
import { reconnectBackoff } from '../../config';
import { type CatalogService, createCatalogService } from './catalog.service';
import { CatalogCache, listenForCatalogChanges, registerCatalogCache } from './catalog-cache';
import { CatalogIndexKeeper } from './catalog-index-keeper';

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogService;
    /**
     * Calls `listener` whenever the catalog changes, like the catalog's own cache is dropped, with
     * the notification's payload (`products:12,57@1043`, see parseChange; `listening` after a
     * (re)connection, when changes may have been missed).
     */
    onCatalogChange: (listener: (reason: string) => void) => void;
  }
}

/**
 * One catalog service per instance, with its in-memory cache, shared by the API routes and the
 * server-rendered product pages. The cache is dropped whenever the catalog changes (LISTEN
 * catalog_changed, so other instances' writes count too) or after 30 s.
 */
export default fp(
  async (app) => {
    const cache = new CatalogCache();
    const dependents = new Set<(reason: string) => void>();
    const unregister = registerCatalogCache(cache);
    // The catalog index, the read model of lists, searches and counts, kept by the same LISTEN.
    const index = new CatalogIndexKeeper(app.db, {
      warn: (message) => app.log.warn(message),
      info: (message) => app.log.info(message),
    });
    const unregisterIndex = registerCatalogCache(index);
    const listener = listenForCatalogChanges({
      connection: app.pool.options,
      onChange: (reason) => {
        cache.clear();
        index.onChange(reason);
        for (const listener of dependents) listener(reason);
      },
      onLost: () => index.onLost(),
      backoff: reconnectBackoff(app.config),
      log: { warn: (message) => app.log.warn(message), debug: (message) => app.log.debug(message) },
    });
    app.addHook('onClose', async () => {
      unregister();
      unregisterIndex();
      await listener.close();
      index.close();
    });
    app.metrics.watchCache('catalog', () => cache);
    app.metrics.watchCache('catalog_index', () => index);
    app.decorate('catalog', createCatalogService(app.db, cache, index));
    app.decorate('onCatalogChange', (listener: (reason: string) => void) => {
      dependents.add(listener);
    });
  },
  { name: 'catalog', dependencies: ['config', 'database', 'metrics'] },
);
