import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { connectDatabase } from '../../db/client';
import { findFreePort } from '../../lib/net';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

describe('health and readiness', () => {
  it('answers liveness', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('answers ready when the database answers', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', database: 'up' });
  });

  it('is ready once the catalog index is built, and says whether it is current', async () => {
    const index = harness.app.catalog.indexKeeper;
    const readiness = async () => (await harness.app.inject({ method: 'GET', url: '/api/v1/ready' })).json();
    // The first build starts once the LISTEN is up.
    for (let tries = 0; tries < 200 && (await readiness()).catalog_index !== 'current'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await readiness()).toEqual({ status: 'ready', database: 'up', catalog_index: 'current' });
    // A rebuild queued (as invalidateCatalogCache does) makes the index not current at once…
    index.clear();
    expect(index.current()).toBeNull();
    await index.settled();
    expect(await readiness()).toMatchObject({ catalog_index: 'current' });
    // …and readiness says 'building' while it is not. Held not current here: an empty catalog's
    // rebuild can finish during the route's own database round trip, before it asks.
    const building = vi.spyOn(index, 'current').mockReturnValue(null);
    try {
      expect(await readiness()).toMatchObject({ status: 'ready', catalog_index: 'building' });
    } finally {
      building.mockRestore();
    }
    expect(await readiness()).toMatchObject({ catalog_index: 'current' });
    // Before its first index the instance answers no catalog list: not ready.
    const notBuilt = vi.spyOn(index, 'built', 'get').mockReturnValue(false);
    try {
      const response = await harness.app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ status: 'unavailable', database: 'up' });
    } finally {
      notBuilt.mockRestore();
    }
  });

  it('answers 503 when the database cannot be reached', async () => {
    const port = await findFreePort();
    const url = `postgres://postgres@127.0.0.1:${port}/nothing`;
    const database = connectDatabase(url, 1);
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url }),
      database,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      // Liveness stays up: the process is fine, only its database is away.
      expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      // Any call that needs the database: a 503 to retry, in the envelope, not a 500.
      const search = await app.inject({ method: 'GET', url: '/api/v1/products/products/?search=port' });
      expect(search.statusCode).toBe(503);
      expect(search.json()).toEqual({
        error: { code: 'service_unavailable', message: expect.any(String) },
      });
      expect(Number(search.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the contract schemas', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/v1/health'].get.responses['200']).toBeDefined();
    expect(document.paths['/api/v1/ready'].get.responses['503']).toBeDefined();
  });

  it('serves an interactive reference', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});
