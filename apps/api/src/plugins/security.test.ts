import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { helmetHeaders } from './security';

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

  it('sends them on every answer, a 404 included', async () => {
    // Requests the rate-limiting test below does not count (its limit is 3 per client).
    const answers = await Promise.all(
      ['/api/v1/health', '/api/v1/no-such-route'].map((url) => harness.app.inject({ method: 'GET', url })),
    );
    expect(answers.map((response) => response.statusCode)).toEqual([200, 404]);
    for (const response of answers) {
      expect(response.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
      });
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
      // The test shop's address is http: no HSTS, no upgrade of requests.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(String(response.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
  });

  it('works out the headers once, as Helmet would set them', () => {
    const headers = helmetHeaders({
      strictTransportSecurity: { maxAge: 60 },
      xFrameOptions: { action: 'deny' },
    });
    expect(headers['strict-transport-security']).toBe('max-age=60; includeSubDomains');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(helmetHeaders({ contentSecurityPolicy: false })['content-security-policy']).toBeUndefined();
  });

  it('switches off browser features the shop does not use (the camera and the position only for its own pages)', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route', '/']) {
      const policy = String((await harness.app.inject({ method: 'GET', url })).headers['permissions-policy']);
      for (const feature of [
        'microphone=()',
        'geolocation=(self)',
        'payment=()',
        'usb=()',
        'camera=(self)',
      ]) {
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

    const fromPartner = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { origin: 'https://partner.example' },
    });
    expect(fromPartner.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(fromPartner.headers['access-control-allow-credentials']).toBe('true');
    // Same-origin and non-browser requests carry no Origin and need no CORS headers.
    const sameOrigin = await harness.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(sameOrigin.headers['access-control-allow-credentials']).toBeUndefined();
    expect(sameOrigin.headers.vary).toContain('Origin');
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
