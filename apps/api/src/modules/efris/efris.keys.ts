import crypto from 'node:crypto';
import type { Config } from '../../config';
import { ensureDataDirSecret } from '../../db/secrets';
import { AppError } from '../../errors';
import { keyFingerprint } from './efris.client';

/**
 * The taxpayer's private key at rest (decision 0024): AES-256-GCM under EFRIS_KEY_ENCRYPTION_KEY
 * (or, unset, a key generated once into the data directory), stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. The clear key exists only in memory while a call
 * to EFRIS is made; it is never logged or returned (the API shows its fingerprint).
 */

const VERSION = 'v1';
const SECRET_NAME = 'efrisKeyEncryptionKey';

export function keyEncryptionKey(config: Config): Buffer {
  const configured = config.EFRIS_KEY_ENCRYPTION_KEY;
  if (configured) {
    return /^[0-9a-fA-F]{64}$/.test(configured)
      ? Buffer.from(configured, 'hex')
      : Buffer.from(configured, 'base64');
  }
  const stored = ensureDataDirSecret(config.dataDir, SECRET_NAME, () =>
    crypto.randomBytes(32).toString('base64url'),
  );
  return Buffer.from(stored, 'base64url');
}

export function sealPrivateKey(kek: Buffer, pem: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', kek, iv);
  // The version is bound to the ciphertext, so it cannot be swapped for another format's.
  cipher.setAAD(Buffer.from(VERSION));
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openPrivateKey(kek: Buffer, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !ciphertext)
    throw new Error('The stored EFRIS key is not in a known format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', kek, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(VERSION));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error('The stored EFRIS key does not open with EFRIS_KEY_ENCRYPTION_KEY (was it changed?)');
  }
}

/**
 * An uploaded key, checked: an unencrypted RSA private key of at least 2048 bits in PEM (PKCS#8
 * or PKCS#1). Answers it as PKCS#8 PEM with its fingerprint; 422 on `private_key` otherwise.
 */
export function readUploadedKey(text: string): { pem: string; fingerprint: string } {
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: text, format: 'pem' });
  } catch {
    throw invalidKey('must be an unencrypted RSA private key in PEM (-----BEGIN PRIVATE KEY-----)');
  }
  if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) {
    throw invalidKey('must be an RSA key of at least 2048 bits');
  }
  return { pem: key.export({ type: 'pkcs8', format: 'pem' }).toString(), fingerprint: keyFingerprint(key) };
}

const invalidKey = (message: string) =>
  new AppError('validation_failed', 'The private key was refused.', [{ field: 'private_key', message }]);
