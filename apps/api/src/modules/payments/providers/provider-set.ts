import crypto from 'node:crypto';
import type { PaymentProviderName } from '@shop/contract/payments';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { ensureDataDirSecret } from '../../../db/secrets';
import { createFlutterwaveProvider } from './flutterwave.provider';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox.provider';

/**
 * The providers this instance can talk to. `active` takes new charges; the others stay
 * reachable so that charges made before a switch still verify and settle.
 */
export type ProviderSet = {
  active: PaymentProvider;
  get(name: PaymentProviderName): PaymentProvider | undefined;
};

/** PAYMENT_PROVIDER, else flutterwave when its keys are set, else the sandbox. */
export function activeProviderName(config: Config): PaymentProviderName {
  if (config.PAYMENT_PROVIDER) return config.PAYMENT_PROVIDER;
  return config.FLUTTERWAVE_SECRET_KEY && config.FLUTTERWAVE_WEBHOOK_HASH ? 'flutterwave' : 'sandbox';
}

export function createProviderSet(config: Config, db: Database): ProviderSet {
  const providers = new Map<PaymentProviderName, PaymentProvider>();
  providers.set('sandbox', createSandboxProvider({ db, webhookSecret: sandboxWebhookSecret(config) }));
  if (config.FLUTTERWAVE_SECRET_KEY && config.FLUTTERWAVE_WEBHOOK_HASH) {
    providers.set(
      'flutterwave',
      createFlutterwaveProvider({
        secretKey: config.FLUTTERWAVE_SECRET_KEY,
        webhookHash: config.FLUTTERWAVE_WEBHOOK_HASH,
        baseUrl: config.FLUTTERWAVE_BASE_URL,
        timeoutMs: config.FLUTTERWAVE_TIMEOUT_MS,
      }),
    );
  }
  const active = providers.get(activeProviderName(config));
  if (!active) throw new Error('The configured payment provider is not available');
  return { active, get: (name) => providers.get(name) };
}

/** The sandbox signs its webhooks with a secret of this data directory (generated, never in git). */
export function sandboxWebhookSecret(config: Pick<Config, 'dataDir'>): string {
  return ensureDataDirSecret(config.dataDir, 'sandboxWebhookHash', () =>
    crypto.randomBytes(32).toString('base64url'),
  );
}
