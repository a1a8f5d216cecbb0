import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: OtlpValue }>;
};

/** A tiny OTLP/HTTP (JSON) receiver on loopback: the spans the app exports. */
function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, spans };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((item) => item.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

let harness: TestApp | undefined;
const receiver = otlpReceiver();

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.server.address() as AddressInfo;
  harness = await createTestApp({ TRACING_OTLP_URL: `http://127.0.0.1:${port}/v1/traces` });
});
afterAll(async () => {
  await harness?.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});

describe('traces (TRACING_OTLP_URL)', () => {
  it('exports a span per request, with its route and request id, and its statements and jobs inside', async () => {
    const app = harness!.app;
    const ready = await app.inject({
      method: 'GET',
      url: '/api/v1/ready?from=test',
      headers: { 'x-request-id': 'trace-test-request-0001' },
    });
    expect(ready.statusCode).toBe(200);
    await app.jobs.send('orders.expire-unpaid', {});
    const deadline = Date.now() + 20_000;
    while (
      !receiver.spans.some((span) => span.name === 'job orders.expire-unpaid') &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const request = receiver.spans.find(
      (span) => attribute(span, 'request.id') === 'trace-test-request-0001',
    );
    expect(request).toBeDefined();
    expect(request!.name).toBe('GET /api/v1/ready');
    expect(request!.kind).toBe(2); // SERVER
    expect(attribute(request!, 'http.route')).toBe('/api/v1/ready');
    expect(attribute(request!, 'http.response.status_code')).toBe(200);
    const statements = receiver.spans.filter((span) => span.parentSpanId === request!.spanId);
    expect(statements.map((span) => span.name)).toContain('db select');
    const statement = statements.find((span) => span.name === 'db select')!;
    expect(statement.traceId).toBe(request!.traceId);
    expect(attribute(statement, 'db.operation.name')).toBe('select');
    expect(attribute(statement, 'db.system.name')).toBe('postgresql');

    const job = receiver.spans.find((span) => span.name === 'job orders.expire-unpaid');
    expect(job).toBeDefined();
    expect(attribute(job!, 'messaging.destination.name')).toBe('orders.expire-unpaid');
    expect(
      receiver.spans.some((span) => span.parentSpanId === job!.spanId && span.name.startsWith('db ')),
    ).toBe(true);

    // No URL, query or id leaves in a span: only templates.
    expect(JSON.stringify(receiver.spans)).not.toContain('from=test');
  }, 30_000);
});
