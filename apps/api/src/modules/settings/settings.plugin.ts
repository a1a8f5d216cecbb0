import fp from 'fastify-plugin';
import { reconnectBackoff } from '../../config';
import { listenToChannel } from '../../lib/pg-listener';
import { SettingsCache } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's settings, cached in this process and dropped on every `settings_changed`. */
    shopSettings: SettingsCache;
  }
}

export const SETTINGS_CHANGED_CHANNEL = 'settings_changed';

/**
 * The shop's settings for every module of this instance (checkout fee, sign-up age, invoices,
 * e-mails, the storefront's first screen). The copy is kept while this instance LISTENs to
 * `settings_changed` (a trigger NOTIFYs on every write), so a save on any instance counts here
 * at once; it is emptied when the LISTEN is (re)established, since changes may have been missed.
 */
export default fp(
  async (app) => {
    const cache = new SettingsCache(app.db);
    const listener = listenToChannel({
      connection: app.pool.options,
      channel: SETTINGS_CHANGED_CHANNEL,
      onNotification: () => cache.refresh(),
      onListening: () => {
        cache.setEnabled(true);
        cache.refresh();
      },
      onLost: () => cache.setEnabled(false),
      backoff: reconnectBackoff(app.config),
      log: { warn: (message) => app.log.warn(message), debug: (message) => app.log.debug(message) },
    });
    app.addHook('onClose', async () => {
      cache.setEnabled(false);
      await listener.close();
    });
    app.decorate('shopSettings', cache);
  },
  { name: 'settings', dependencies: ['config', 'database'] },
);
