import { errorEnvelopeSchema } from '@shop/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { conflict } from '../errors';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ BODY_LIMIT_BYTES: '2048' }, (app) => {
    app.post(
      '/api/v1/test/orders/',
      {
        schema: {
          body: z.object({ product: z.number().int().positive(), quantity: z.number().int().min(1).max(99) }),
          querystring: z.object({ page: z.coerce.number().int().min(1).optional() }),
        },
      },
      async (request) => ({ received: request.body }),
    );
    app.get('/api/v1/test/explode/', async () => {
      throw new Error('connection string postgres://secret@db/internal failed');
    });
    app.get('/api/v1/test/conflict/', async () => {
      throw conflict('Only 2 bottles left.', 'out_of_stock', [
        { field: 'quantity', message: 'exceeds stock' },
      ]);
    });
  });
});
afterAll(() => harness.close());

function parseEnvelope(body: string) {
  return errorEnvelopeSchema.parse(JSON.parse(body)).error;
}

describe('error envelope', () => {
  it('answers 422 naming each bad field', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/test/orders/?page=zero',
      payload: { product: -1, quantity: 1.5 },
    });
    expect(response.statusCode).toBe(422);
    const error = parseEnvelope(response.body);
    expect(error.code).toBe('validation_failed');
    expect(error.fields?.map((field) => field.field).sort()).toEqual(['product', 'quantity']);
  });

  it('names a missing field', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/v1/test/orders/', payload: {} });
    expect(response.statusCode).toBe(422);
    expect(
      parseEnvelope(response.body)
        .fields?.map((field) => field.field)
        .sort(),
    ).toEqual(['product', 'quantity']);
  });

  it('answers 422 for a query parameter of the wrong type', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/test/orders/?page=abc',
      payload: { product: 1, quantity: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(parseEnvelope(response.body).fields).toEqual([{ field: 'page', message: expect.any(String) }]);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/test/orders/',
      headers: { 'content-type': 'application/json' },
      payload: '{"product": 1,',
    });
    expect(response.statusCode).toBe(400);
    expect(parseEnvelope(response.body)).toMatchObject({ code: 'invalid_json', fields: [{ field: 'body' }] });
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/test/orders/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ product: 1, quantity: 1, padding: 'x'.repeat(5000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(parseEnvelope(response.body).code).toBe('payload_too_large');
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/v1/test/orders/',
      headers: { 'content-type': 'application/xml' },
      payload: '<order/>',
    });
    expect(response.statusCode).toBe(415);
    expect(parseEnvelope(response.body).code).toBe('unsupported_media_type');
  });

  it('answers 400 for a path with undecodable characters', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/products/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(parseEnvelope(response.body).code).toBe('bad_request');
  });

  it('answers a JSON 404 for unknown API paths', async () => {
    for (const url of ['/api/v1/no-such-thing/', '/api/v2/anything', '/api/']) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(parseEnvelope(response.body).code).toBe('not_found');
    }
  });

  it('passes application errors through with their status and fields', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/test/conflict/' });
    expect(response.statusCode).toBe(409);
    expect(parseEnvelope(response.body)).toEqual({
      code: 'out_of_stock',
      message: 'Only 2 bottles left.',
      fields: [{ field: 'quantity', message: 'exceeds stock' }],
    });
  });

  it('answers a bare 500 that never leaks internals', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/test/explode/' });
    expect(response.statusCode).toBe(500);
    expect(parseEnvelope(response.body)).toEqual({
      code: 'internal_error',
      message: 'Something went wrong. Please try again.',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
  });

  it('echoes a request id', async () => {
    const given = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('trace-12345678');
    const generated = await harness.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(refused.headers['x-request-id']).not.toBe('bad id with spaces');
  });
});
