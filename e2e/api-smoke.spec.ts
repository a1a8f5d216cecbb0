import { errorEnvelopeSchema } from '@shop/contract/errors';
import { healthResponseSchema } from '@shop/contract/health';
import { expect, test } from './fixtures';

// The production server as a client sees it: no browser needed.
test.describe('API smoke', () => {
  test('GET /api/v1/health answers 200', async ({ request }) => {
    const response = await request.get('/api/v1/health');
    expect(response.status()).toBe(200);
    expect(healthResponseSchema.parse(await response.json()).status).toBe('ok');
  });

  test('GET /api/v1/ready answers 200 with the database up', async ({ request }) => {
    const response = await request.get('/api/v1/ready');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', database: 'up' });
  });

  for (const path of ['/', '/api/v1/health']) {
    test(`security headers on ${path}`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-powered-by']).toBeUndefined();
    });
  }

  test('a malformed JSON body answers 4xx in the error envelope', async ({ request }) => {
    // A real POST route when the API has one (its body is parsed), else any /api/v1 path.
    const document = (await (await request.get('/api/v1/openapi.json')).json()) as {
      paths?: Record<string, Record<string, unknown>>;
    };
    const postPath = Object.entries(document.paths ?? {}).find(
      ([path, operations]) => 'post' in operations && !path.includes('{'),
    )?.[0];
    const response = await request.post(postPath ?? '/api/v1/health', {
      headers: { 'content-type': 'application/json' },
      data: '{"broken": ',
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
    errorEnvelopeSchema.parse(await response.json());
  });

  test('hashed assets are cached as immutable', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length, 'index.html links hashed assets under /assets/').toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['cache-control'], asset).toContain('immutable');
    }
  });

  test('index.html is served compressed for accept-encoding: br', async ({ request }) => {
    const response = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(response.headers()['content-encoding']).toBe('br');
  });
});
