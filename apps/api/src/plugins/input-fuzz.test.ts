import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember } from '../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, uniqueEmail } from '../modules/identity/testing';

/**
 * Malformed input to every operation of the OpenAPI document, as an anonymous visitor and as a
 * signed-in customer (and as staff on the operations that write): whatever arrives, the answer is never a 5xx, and every 4xx is the JSON
 * error envelope. 2xx answers are fine where the input happens to be acceptable.
 *
 * Bounded and deterministic: a fixed list of mutations per operation, the properties and query
 * parameters mutated picked by a PRNG with a fixed seed (at most MAX_PROPERTIES of each). Nothing
 * is skipped: operations that end the customer's session (sign-out) are followed by a new sign-in.
 */

const SEED = 21;
const MAX_PROPERTIES = 4;
const MEGABYTE_STRING = 'a'.repeat(1_000_000);
const LONG_QUERY_STRING = 'q'.repeat(8_000);
const NUL = 'nul\u0000byte';
const LONE_SURROGATE = 'lone\ud800surrogate';
const DEEP_LEVELS = 200;

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
};

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: T[], count: number, random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy.slice(0, count);
}

/** A plausible value for a schema: the base each mutation changes one thing of. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (alternative) return sample(alternative, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        value[name] = sample(property, depth + 1);
      }
      return value;
    }
    default:
      if (schema.format === 'uuid') return '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
      if (schema.format === 'email') return 'fuzz@example.ug';
      if (schema.format === 'date') return '1990-01-01';
      if (schema.format === 'date-time') return '2026-01-01T10:00:00.000Z';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

/** A value of the wrong type for this schema. */
function wrongType(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === 'string') return 12345;
  if (type === 'object') return 'not an object';
  if (type === 'array') return { not: 'an array' };
  return 'not a number';
}

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

type FuzzCase = { label: string; url: string; payload?: string; contentType?: string };

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const operation = raw as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

function urlOf(operation: Operation, path: Record<string, string>, query: Record<string, string | string[]>) {
  let url = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => path[name] ?? 'x');
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of [value].flat()) search.append(name, item);
  }
  const text = search.toString();
  if (text) url += `?${text}`;
  return url;
}

/** The bounded list of malformed requests for one operation. */
function casesOf(operation: Operation, random: () => number): FuzzCase[] {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const basePath = Object.fromEntries(
    pathParameters.map((parameter) => [parameter.name, String(sample(parameter.schema))]),
  );
  const baseUrl = urlOf(operation, basePath, {});
  const cases: FuzzCase[] = [];

  // Path parameters: bad ids and UUIDs, NUL, broken UTF-8, huge numbers, traversal, too long.
  for (const parameter of pathParameters) {
    for (const bad of [
      'not-a-uuid',
      '%00',
      '%ED%A0%80',
      '%',
      '-1',
      '0',
      '99999999999999999999999',
      '1.5',
      '..%2F..%2Fetc',
      "1'%20or%20'1'='1",
      'x'.repeat(300),
    ]) {
      const url = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
        name === parameter.name ? bad : (basePath[name] ?? 'x'),
      );
      cases.push({ label: `path ${parameter.name}=${bad.slice(0, 20)}`, url });
    }
  }

  // Query parameters: NUL, lone surrogate, long, repeated (array for a scalar), wrong type.
  for (const parameter of pick(queryParameters, MAX_PROPERTIES, random)) {
    const variants: Array<[string, string | string[]]> = [
      ['NUL', NUL],
      ['lone surrogate', LONE_SURROGATE],
      ['broken UTF-8', '\uFFFD'],
      ['long', LONG_QUERY_STRING],
      ['array', ['1', '2']],
      ['wrong type', String(wrongType(parameter.schema))],
      ['empty', ''],
    ];
    for (const [label, value] of variants) {
      cases.push({
        label: `query ${parameter.name} ${label}`,
        url: urlOf(operation, basePath, { [parameter.name]: value }),
      });
    }
  }
  cases.push({
    label: 'query __proto__',
    url: `${baseUrl}?__proto__[polluted]=1&constructor[prototype][x]=1`,
  });

  if (operation.method === 'GET' || operation.method === 'DELETE') return cases;

  // Bodies: whole-body shapes first, then one property at a time.
  const json = (label: string, value: unknown) =>
    cases.push({ label, url: baseUrl, payload: JSON.stringify(value), contentType: 'application/json' });
  const base = operation.body ? sample(operation.body) : {};
  json('body null', null);
  json('body array', [base]);
  json('body string', 'text');
  json('body number', 42);
  cases.push({ label: 'bad JSON', url: baseUrl, payload: '{"a": 1,', contentType: 'application/json' });
  cases.push({ label: 'empty JSON', url: baseUrl, payload: '', contentType: 'application/json' });
  cases.push({
    label: 'deep nesting',
    url: baseUrl,
    payload: nested(DEEP_LEVELS),
    contentType: 'application/json',
  });
  cases.push({
    label: '__proto__ key',
    url: baseUrl,
    payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
  });
  cases.push({ label: 'text/plain', url: baseUrl, payload: JSON.stringify(base), contentType: 'text/plain' });
  cases.push({ label: 'xml', url: baseUrl, payload: '<a>1</a>', contentType: 'application/xml' });
  cases.push({
    label: 'form',
    url: baseUrl,
    payload: 'a=1&b=2',
    contentType: 'application/x-www-form-urlencoded',
  });
  json('NUL property name', { ...(base as object), 'k\u0000': 1 });

  const properties =
    base !== null && typeof base === 'object' && !Array.isArray(base)
      ? Object.entries(operation.body?.properties ?? {})
      : [];
  // Each property is mutated next to the required ones only, so that an optional field's bad
  // value is not hidden behind another field's (sampled, maybe invalid) value.
  const required = new Set(operation.body?.required ?? []);
  const requiredOnly = Object.fromEntries(
    Object.entries((base ?? {}) as Record<string, unknown>).filter(([name]) => required.has(name)),
  );
  const chosen = pick(properties, MAX_PROPERTIES, random);
  chosen.forEach(([name, schema], index) => {
    const variants: Array<[string, unknown]> = [
      ['wrong type', wrongType(schema)],
      ['null', null],
      ['NUL', NUL],
      ['lone surrogate', LONE_SURROGATE],
      ['array', [sample(schema), sample(schema)]],
      ['object', { nested: sample(schema) }],
      ['negative', -1],
      ['huge number', 1e308],
      ['bad UUID', 'not-a-uuid'],
    ];
    // One megabyte-long string per operation: enough to reach every length check, bounded in time.
    if (index === 0) variants.push(['1 MB string', MEGABYTE_STRING]);
    for (const [label, value] of variants) {
      json(`body ${name} ${label}`, { ...requiredOnly, [name]: value });
    }
  });
  if (chosen.length === 0) json('body 1 MB string', { value: MEGABYTE_STRING });
  return cases;
}

type Outcome = { operation: string; label: string; status: number; body: string };

function problemOf(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  if (response.statusCode < 400) return null;
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    return `a ${response.statusCode} whose body is not JSON`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } }).error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    return `a ${response.statusCode} without the error envelope`;
  }
  return null;
}

let harness: TestApp;
let operations: Operation[];

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', AUTH_RATE_LIMIT_ENABLED: 'false' });
  const document = await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  operations = operationsOf(document.json());
});
afterAll(async () => harness?.close());

describe('malformed input to every operation of the OpenAPI document', () => {
  // Its time grows with the operations (each tried a dozen ways by two or three roles): on a busy
  // 2-core machine beside the other test files it outgrew two minutes.
  it('never answers 5xx, and every 4xx is the JSON error envelope', { timeout: 360_000 }, async () => {
    expect(operations.length).toBeGreaterThan(50);
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    const email = uniqueEmail('fuzz');
    const customer = new TestBrowser(harness.app);
    await customer.register(email);

    const problems: Outcome[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    const staff = await staffMember(harness.app);
    const emails = new Map<TestBrowser, string>([
      [customer, email],
      [staff.client, staff.email],
    ]);
    for (const [role, client] of [
      ['visitor', visitor],
      ['customer', customer],
      ['staff', staff.client],
    ] as const) {
      const random = prng(SEED);
      for (const operation of operations) {
        // Staff too, on the operations that write (their bodies reach staff handlers past the
        // role check); reads are the same code for every role and would only double the time.
        if (role === 'staff' && operation.method === 'GET') continue;
        for (const fuzz of casesOf(operation, random)) {
          const options: InjectOptions = {
            method: operation.method as InjectOptions['method'],
            url: fuzz.url,
          };
          if (fuzz.payload !== undefined) {
            options.payload = fuzz.payload;
            options.headers = { 'content-type': fuzz.contentType ?? 'application/json' };
          }
          const response = await client.request(options);
          requests += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = problemOf(response);
          if (problem) {
            problems.push({
              operation: `${role} ${operation.method} ${operation.path}`,
              label: `${fuzz.label}: ${problem}`,
              status: response.statusCode,
              body: response.body.slice(0, 200),
            });
          }
          // Sign-out (and anything else that ends the session) must not end the customer's run.
          const signedInAs = emails.get(client);
          if (signedInAs && !client.sessionCookie) {
            await client.get('/api/v1/auth/csrf');
            await client.signIn(signedInAs);
          }
          if (role === 'visitor' && !client.sessionCookie) await client.startVisit();
        }
      }
    }
    console.log(
      `input fuzz: ${requests} requests over ${operations.length} operations ` +
        `(visitor, customer; staff on writes) in ${Date.now() - started} ms; statuses ` +
        JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b))),
    );
    expect(problems).toEqual([]);
  });
});
