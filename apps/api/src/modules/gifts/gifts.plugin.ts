import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { ensureDataDirSecret } from '../../db/secrets';
import '../delivery/delivery.events';
import { type GiftDeps, sendRecipientSms } from './gifts.service';

/**
 * Gifts: the recipient's SMS follow the delivery (`delivery.status_changed`). The link's key is
 * the server's session secret (AUTH_SECRET, or the data directory's), so every instance derives
 * the same links and no new setting is needed.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const linkSecret =
      config.AUTH_SECRET ??
      ensureDataDirSecret(config.dataDir, 'authSecret', () => crypto.randomBytes(32).toString('base64url'));
    const deps: GiftDeps = { db: app.db, sms: app.sms, publicUrl: config.publicUrl, linkSecret };
    app.events.subscribe('delivery.status_changed', async (event) => {
      await sendRecipientSms(deps, event);
    });
  },
  { name: 'gifts', dependencies: ['config', 'database', 'domain-events', 'sms'] },
);
