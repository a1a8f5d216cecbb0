import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, uniqueEmail } from '../modules/identity/testing';
import { allowedOrigins, listeningText } from './origins';

// `npm start` listens on 127.0.0.1:3000 and PUBLIC_URL defaults to http://localhost:3000: a visitor
// who opened the address the log printed was refused every sign-in with 403 "Invalid origin"
// (issue 33). A loopback PUBLIC_URL answers to each loopback name; any other address to itself.

const LOOPBACK_NAMES = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];

describe('the allowed origins', () => {
  it('are each loopback name, on the same port, for a loopback PUBLIC_URL', () => {
    for (const publicUrl of LOOPBACK_NAMES) {
      expect(allowedOrigins({ publicUrl, CORS_ORIGINS: [], NODE_ENV: 'production' }).sort()).toEqual(
        [...LOOPBACK_NAMES].sort(),
      );
    }
    expect(
      allowedOrigins({ publicUrl: 'http://localhost', CORS_ORIGINS: [], NODE_ENV: 'production' }),
    ).toEqual(['http://localhost', 'http://127.0.0.1', 'http://[::1]']);
  });

  it('are only the shop’s own address (and CORS_ORIGINS) for a public one', () => {
    expect(
      allowedOrigins({
        publicUrl: 'https://shop.example',
        CORS_ORIGINS: ['https://admin.shop.example'],
        NODE_ENV: 'production',
      }),
    ).toEqual(['https://shop.example', 'https://admin.shop.example']);
  });

  it('the listening line names PUBLIC_URL, not the socket', () => {
    expect(listeningText({ publicUrl: 'http://localhost:3000' })()).toBe(
      'Server listening at http://localhost:3000',
    );
  });
});

async function signIns(harness: TestApp, origin: string) {
  const visitor = new TestBrowser(harness.app, { origin });
  const anonymous = await visitor.startVisit();
  const registered = await new TestBrowser(harness.app, { origin }).signUp({ email: uniqueEmail('origin') });
  const cors = await harness.app.inject({ method: 'GET', url: '/api/v1/settings/', headers: { origin } });
  return {
    anonymous: anonymous.statusCode,
    registered: registered.statusCode,
    cors: cors.headers['access-control-allow-origin'] ?? null,
  };
}

describe('a loopback PUBLIC_URL (the default, http://localhost:3000)', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', PUBLIC_URL: 'http://localhost:3000' });
  });
  afterAll(() => harness?.close());

  it.each(LOOPBACK_NAMES)('lets a browser at %s sign in, register and read with CORS', async (origin) => {
    expect(await signIns(harness, origin)).toEqual({ anonymous: 200, registered: 200, cors: origin });
  });

  it('still refuses another port and another host', async () => {
    for (const origin of ['http://127.0.0.1:4000', 'http://evil.example:3000']) {
      expect(await signIns(harness, origin)).toMatchObject({ anonymous: 403, registered: 403, cors: null });
    }
  });
});

describe('a public PUBLIC_URL', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => harness?.close());

  it('accepts its own origin and no loopback one', async () => {
    expect((await signIns(harness, 'https://shop.example')).anonymous).toBe(200);
    for (const origin of LOOPBACK_NAMES) {
      expect(await signIns(harness, origin)).toMatchObject({ anonymous: 403, registered: 403, cors: null });
    }
  });
});
