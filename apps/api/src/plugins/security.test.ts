import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ CORS_ORIGINS: 'https://partner.example', RATE_LIMIT_MAX: '3' });
});
afterAll(() => harness.close());

describe('security headers', () => {
  it('sends a Content-Security-Policy and hardening headers', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('switches off browser features the shop does not use (the camera only for its own pages)', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route', '/']) {
      const policy = String((await harness.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const feature of ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'camera=(self)']) {
        expect(policy, url).toContain(feature);
      }
    }
  });
});

describe('CORS', () => {
  it('allows listed origins only', async () => {
    const allowed = await harness.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/health',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');

    const refused = await harness.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/health',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limiting', () => {
  it('answers 429 in the envelope past the limit, and never limits the health and readiness probes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await harness.app.inject({ method: 'GET', url: '/api/v1/products/products/' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
        });
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    for (let i = 0; i < 5; i++) {
      expect((await harness.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      expect((await harness.app.inject({ method: 'GET', url: '/api/v1/ready' })).statusCode).toBe(200);
    }
  });
});
