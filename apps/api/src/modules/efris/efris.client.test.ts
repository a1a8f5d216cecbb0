import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_EFRIS_CODES, FakeEfris, taxpayerKeys } from '../../../test/fakes/efris';
import { loadConfig } from '../../config';
import {
  aesDecrypt,
  aesEncrypt,
  EfrisClient,
  EfrisError,
  EfrisKeyCache,
  kampalaTimestamp,
  parseUraTime,
  rsaPkcs1Decrypt,
  SESSION_KEY_LIFETIME_MS,
  uraTime,
} from './efris.client';
import { keyEncryptionKey, openPrivateKey, readUploadedKey, sealPrivateKey } from './efris.keys';

/**
 * The EFRIS client on its own against the fake URA: the key exchange and its 24-hour renewal,
 * the clock check, timeouts and URA's codes as errors; and the private key's sealing at rest.
 */

const TIN = '1000123456';
const DEVICE = 'TCS00012345';
const taxpayer = taxpayerKeys();
let fake: FakeEfris;

beforeAll(async () => {
  fake = await new FakeEfris().start();
  fake.registerTaxpayer({
    tin: TIN,
    deviceNo: DEVICE,
    legalName: 'KAMPALA CELLARS LIMITED',
    businessName: 'Kampala Cellars',
    address: 'Kololo',
    publicKey: taxpayer.publicKey,
  });
});
afterAll(async () => {
  await fake?.stop();
});
beforeEach(() => fake.reset());

function client(options: { now?: () => Date; timeoutMs?: number; keys?: EfrisKeyCache; pem?: string } = {}) {
  return new EfrisClient(
    { baseUrl: fake.url, tin: TIN, deviceNo: DEVICE, privateKeyPem: options.pem ?? taxpayer.privateKeyPem },
    {
      timeoutMs: options.timeoutMs ?? 1_000,
      keys: options.keys ?? new EfrisKeyCache(),
      ...(options.now ? { now: options.now } : {}),
    },
  );
}

describe('the client', () => {
  it('exchanges the AES key (T104) once a day and reuses it in between', async () => {
    let now = Date.now();
    const efris = client({ now: () => new Date(now), keys: new EfrisKeyCache(() => now) });
    await efris.registrationDetails();
    await efris.registrationDetails();
    expect(fake.calls).toEqual(['T104', 'T103', 'T103']);
    // A day later the fake's clock would refuse a request dated so: it moves along too.
    now += SESSION_KEY_LIFETIME_MS;
    fake.driftClock(SESSION_KEY_LIFETIME_MS);
    await efris.registrationDetails();
    expect(fake.calls).toEqual(['T104', 'T103', 'T103', 'T104', 'T103']);
  });

  it('measures the clock offset with T101 and refuses to go on beyond ±10 minutes', async () => {
    const efris = client();
    expect(Math.abs(await efris.checkClock())).toBeLessThan(5_000);
    fake.driftClock(-11 * 60 * 1000);
    const skew = await efris.serverTime();
    expect(skew.withinLimit).toBe(false);
    expect(skew.offsetMs).toBeLessThan(-10 * 60 * 1000);
    await expect(efris.checkClock()).rejects.toMatchObject({ kind: 'clock_skew', retryable: true });
    // URA refuses a request dated more than 10 minutes off its clock.
    await expect(efris.registrationDetails()).rejects.toMatchObject({
      kind: 'refused',
      returnCode: FAKE_EFRIS_CODES.time,
    });
  });

  it('times out an unanswered call, and maps HTTP errors and URA codes to clear errors', async () => {
    const efris = client({ timeoutMs: 300 });
    fake.hang();
    await expect(efris.serverTime()).rejects.toMatchObject({ kind: 'timeout', retryable: true });
    fake.failNext({ kind: 'http', status: 502 });
    await expect(efris.serverTime()).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('HTTP 502'),
    });
    fake.failNext({ kind: 'code', code: FAKE_EFRIS_CODES.systemError });
    await expect(efris.serverTime()).rejects.toMatchObject({
      kind: 'refused',
      returnCode: '99',
      retryable: true,
    });
    const stranger = new EfrisClient(
      { baseUrl: fake.url, tin: '1000999999', deviceNo: DEVICE, privateKeyPem: taxpayer.privateKeyPem },
      { timeoutMs: 1_000, keys: new EfrisKeyCache() },
    );
    const error = await stranger.registrationDetails().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EfrisError);
    expect(error).toMatchObject({
      kind: 'refused',
      returnCode: FAKE_EFRIS_CODES.unknownDevice,
      retryable: false,
    });
    expect((error as Error).message).toContain('The device is not registered');
  });

  it('cannot use a session key sent to another taxpayer’s public key', async () => {
    const other = taxpayerKeys();
    await expect(client({ pem: other.privateKeyPem }).registrationDetails()).rejects.toMatchObject({
      kind: 'bad_answer',
    });
  });

  it('reads and writes URA’s times in Kampala time, and AES and RSA round-trip', () => {
    const at = new Date('2026-11-29T08:05:09.000Z');
    expect(kampalaTimestamp(at)).toBe('2026-11-29 11:05:09');
    expect(uraTime(at)).toBe('29/11/2026 11:05:09');
    expect(parseUraTime('29/11/2026 11:05:09')?.toISOString()).toBe(at.toISOString());
    expect(parseUraTime('2026-11-29')).toBeNull();
    const key = crypto.randomBytes(16);
    expect(aesDecrypt(key, aesEncrypt(key, '{"a":1}')).toString()).toBe('{"a":1}');
    const secret = Buffer.from('c2Vzc2lvbi1rZXk=');
    const sealed = crypto.publicEncrypt(
      { key: taxpayer.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING },
      secret,
    );
    expect(rsaPkcs1Decrypt(crypto.createPrivateKey(taxpayer.privateKeyPem), sealed)).toEqual(secret);
  });
});

describe('the private key at rest', () => {
  it('opens only with the key it was sealed under, which the data directory keeps across restarts', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'efris-keys-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      const kek = keyEncryptionKey(config);
      expect(keyEncryptionKey(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }))).toEqual(kek);
      const { pem } = readUploadedKey(taxpayer.privateKeyPem);
      const sealed = sealPrivateKey(kek, pem);
      expect(sealed).not.toContain(pem.split('\n')[2]);
      expect(openPrivateKey(kek, sealed)).toBe(pem);
      expect(() => openPrivateKey(crypto.randomBytes(32), sealed)).toThrow(/does not open/);
      const [version, iv, tag, body] = sealed.split('.');
      const tampered = [version, iv, tag, `${body!.slice(0, -2)}AA`].join('.');
      expect(() => openPrivateKey(kek, tampered)).toThrow(/does not open/);
      const configured = crypto.randomBytes(32).toString('hex');
      expect(
        keyEncryptionKey(
          loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, EFRIS_KEY_ENCRYPTION_KEY: configured }),
        ),
      ).toEqual(Buffer.from(configured, 'hex'));
      expect(() =>
        loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, EFRIS_KEY_ENCRYPTION_KEY: 'short' }),
      ).toThrow(/EFRIS_KEY_ENCRYPTION_KEY must be 32 bytes/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
