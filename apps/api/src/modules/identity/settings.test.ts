import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { ConfigError, loadConfig } from '../../config';
import { rateLimitAddress } from './auth';

describe('identity settings', () => {
  it('have documented defaults', () => {
    const config = loadConfig({});
    expect(config.AUTH_SECRET).toBeUndefined();
    expect(config.AUTH_RATE_LIMIT_ENABLED).toBe(true);
    expect(config.AUTH_TEST_FAST_HASHING).toBe(false);
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(config.OIDC_ISSUER).toBeUndefined();
    expect(config.OIDC_PROVIDER_NAME).toBe('OpenID Connect');
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe('Kampala Cellars <hello@kampalacellars.ug>');
  });

  it('name the variable when a value is wrong or half a pair is set', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL must be an smtp:\/\//);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ OIDC_ISSUER: 'nope' })).toThrow(/OIDC_ISSUER must be the issuer URL/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_TEST_FAST_HASHING: 'true' })).toThrow(/only allowed with NODE_ENV=test/);
    expect(
      loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'shop@example.ug' }).SMTP_URL,
    ).toBe('smtps://user:pass@mail.example:465');
  });

  it('generate the auth secret once into the data directory when AUTH_SECRET is unset', async () => {
    const harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
    try {
      const secrets = JSON.parse(fs.readFileSync(path.join(harness.dataDir, 'secrets.json'), 'utf8'));
      expect(secrets.authSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      await harness.close();
    }
    const given = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', AUTH_SECRET: 'x'.repeat(40) });
    try {
      const file = path.join(given.dataDir, 'secrets.json');
      const secrets = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
      expect(secrets.authSecret).toBeUndefined();
    } finally {
      await given.close();
    }
  });

  it('shows Google on the login page when it is configured, without reaching Google', async () => {
    const harness = await createTestApp({
      AUTH_TEST_FAST_HASHING: 'true',
      GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'test-secret',
    });
    try {
      const providers = await harness.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
      expect(providers.json()).toEqual({ email_password: true, google: true, oidc: null });
      const start = await harness.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in/social',
        payload: { provider: 'google', callbackURL: '/account' },
      });
      expect(start.statusCode).toBe(200);
      const url = new URL(start.json().url);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/v1/auth/callback/google');
      expect(url.searchParams.get('client_id')).toBe('test-client.apps.googleusercontent.com');
    } finally {
      await harness.close();
    }
  });
});

describe('rate-limit addresses', () => {
  it('key IPv4 on the address and IPv6 on its /64', () => {
    expect(rateLimitAddress('10.1.2.3')).toBe('10.1.2.3');
    expect(rateLimitAddress('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(rateLimitAddress('2001:db8:85a3:1234:5678:8a2e:370:7334')).toBe('2001:db8:85a3:1234::/64');
    expect(rateLimitAddress('2001:db8:85a3:1234::1')).toBe(rateLimitAddress('2001:db8:85a3:1234:ffff::2'));
    expect(rateLimitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
  });
});
