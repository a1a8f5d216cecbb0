import { unsafeTextMessages } from '@shop/contract/text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, uniqueEmail } from '../modules/identity/testing';
import { jsonNestingExceeds } from './input-safety';

let harness: TestApp;
let visitor: TestBrowser;
let customer: TestBrowser;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  visitor = new TestBrowser(harness.app);
  await visitor.startVisit();
  customer = new TestBrowser(harness.app);
  await customer.register(uniqueEmail('input-safety'));
});
afterAll(async () => harness?.close());

type Envelope = { error: { code: string; message: string; fields?: { field: string; message: string }[] } };

function expectRefused(response: { statusCode: number; json: () => unknown }, field: string, reason: string) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as Envelope;
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.fields).toContainEqual({ field, message: reason });
}

describe('NUL and lone surrogates, refused once for every request', () => {
  it.each([
    ['/api/v1/products/products/%00/', 'id'],
    ['/api/v1/events/events/%00/', 'id'],
    ['/api/v1/products/products/?search=%00', 'search'],
    ['/api/v1/products/products/?search=a%00b&page=1', 'search'],
  ])('GET %s answers 422 naming %s', async (url, field) => {
    expectRefused(await visitor.get(url), field, unsafeTextMessages.nul);
  });

  it('covers better-auth routes (reset-password with a NUL in the token)', async () => {
    const response = await visitor.post('/api/v1/auth/reset-password', {
      token: 'a\u0000b',
      newPassword: 'a much longer password',
    });
    expectRefused(response, 'token', unsafeTextMessages.nul);
  });

  it('covers the catch-all of better-auth (a lone surrogate in a raw JSON body)', async () => {
    const response = await customer.request({
      method: 'POST',
      url: '/api/v1/auth/revoke-session',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":"\\ud800"}',
    });
    expectRefused(response, 'token', unsafeTextMessages.surrogate);
  });

  it('covers signed-in bodies, nested fields and property names', async () => {
    expectRefused(
      await customer.patch('/api/v1/users/users/update_profile/', { name: 'Nul\u0000Name' }),
      'name',
      unsafeTextMessages.nul,
    );
    const surrogate = await customer.request({
      method: 'PATCH',
      url: '/api/v1/users/users/update_profile/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"lone \\udc00 low","extra":{"list":["ok","\\ud800"]}}',
    });
    expectRefused(surrogate, 'name', unsafeTextMessages.surrogate);
    expectRefused(surrogate, 'extra.list.1', unsafeTextMessages.surrogate);
    const key = await customer.request({
      method: 'PATCH',
      url: '/api/v1/users/users/update_profile/',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":{"a\\u0000":"x"}}',
    });
    expect(key.statusCode).toBe(422);
    expect((key.json() as Envelope).error.fields?.[0]?.field).toBe('address');
  });

  it('covers path parameters of signed-in routes (verify_payment with %00)', async () => {
    const response = await customer.post('/api/v1/payments/transactions/%00/verify_payment/', {});
    expectRefused(response, 'id', unsafeTextMessages.nul);
  });

  it('covers headers used as input', async () => {
    const response = await customer.request({
      method: 'POST',
      url: '/api/v1/orders/cart/add_item/',
      headers: { 'idempotency-key': 'key\ud800' },
      payload: { product: 1, quantity: 1 },
    });
    expectRefused(response, 'headers.idempotency-key', unsafeTextMessages.surrogate);
  });

  it('lets well-formed text through: pairs of surrogates (emoji), tabs and newlines', async () => {
    const response = await customer.patch('/api/v1/users/users/update_profile/', { name: 'Amani 🍷 Okello' });
    expect(response.statusCode).toBe(200);
  });
});

describe('JSON nesting bounded before parsing', () => {
  const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it.each([
    ['/api/v1/auth/sign-in/anonymous', nestedObjects(10_000)],
    ['/api/v1/auth/sign-out', nestedObjects(10_000)],
    ['/api/v1/auth/sign-in/anonymous', nestedArrays(100_000)],
    ['/api/v1/orders/cart/add_item/', nestedArrays(100_000)],
  ])('POST %s with a deep body answers 400 naming the body', async (url, payload) => {
    const response = await visitor.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Envelope;
    expect(body.error.code).toBe('invalid_json');
    expect(body.error.fields?.[0]?.field).toBe('body');
  });

  it('scans only structure: brackets inside strings do not count', () => {
    expect(jsonNestingExceeds(`{"a":"${'['.repeat(500)}\\"{{{"}`, 64)).toBe(false);
    expect(jsonNestingExceeds(nestedArrays(64), 64)).toBe(false);
    expect(jsonNestingExceeds(nestedArrays(65), 64)).toBe(true);
  });
});
