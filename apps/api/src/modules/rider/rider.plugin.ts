import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { ensureDataDirSecret } from '../../db/secrets';
import { type HandoverCodes, handoverCodes } from './handover-code';

declare module 'fastify' {
  interface FastifyInstance {
    /** The handover codes of deliveries (decision 0026). */
    handoverCodes: HandoverCodes;
  }
}

/**
 * The handover codes' key comes from the sessions' secret (AUTH_SECRET, or the data directory's
 * own), so every instance that shares sessions makes the same codes; no setting of its own.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const secret =
      config.AUTH_SECRET ??
      ensureDataDirSecret(config.dataDir, 'authSecret', () => crypto.randomBytes(32).toString('base64url'));
    app.decorate('handoverCodes', handoverCodes(secret));
  },
  { name: 'rider', dependencies: ['config'] },
);
