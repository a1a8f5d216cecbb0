import {
  context,
  type Span,
  type SpanAttributes,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * OpenTelemetry traces, only with TRACING_OTLP_URL (decision 0019): a span per request (named by
 * its route template, carrying the request id the logs carry), and, inside it, a span per
 * database statement and per job (made by plugins/metrics.ts through `app.tracing`). The SDK and
 * the OTLP/HTTP exporter load only when tracing is on: most shops never pay their memory.
 */
export type Tracing = {
  readonly enabled: boolean;
  /** Runs `run` inside a new span (a child of the active one); the span ends when it settles. */
  span<T>(name: string, kind: SpanKind, attributes: SpanAttributes, run: () => Promise<T>): Promise<T>;
};

declare module 'fastify' {
  interface FastifyInstance {
    tracing: Tracing;
  }
}

const disabled: Tracing = { enabled: false, span: (_name, _kind, _attributes, run) => run() };

function spanRunner(tracer: Tracer): Tracing['span'] {
  return (name, kind, attributes, run) =>
    tracer.startActiveSpan(name, { kind, attributes }, async (span) => {
      try {
        return await run();
      } catch (error) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : 'failed',
        });
        throw error;
      } finally {
        span.end();
      }
    });
}

export default fp(
  async (app) => {
    const url = app.config.TRACING_OTLP_URL;
    if (!url) {
      app.decorate('tracing', disabled);
      return;
    }
    const [
      { TracerProvider, BatchSpanProcessor },
      { OTLPTraceExporter },
      { AsyncLocalStorageContextManager },
      resources,
    ] = await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/resources'),
    ]);
    // One context manager per process (several apps share it in tests); a second is refused.
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    const provider = new TracerProvider({
      resource: resources.resourceFromAttributes({
        'service.name': 'kampala-cellars',
        'service.instance.id': `${app.config.HOST}:${app.config.PORT}`,
      }),
      spanProcessors: [
        new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }), scheduledDelayMillis: 1000 }),
      ],
    });
    const tracer = provider.getTracer('kampala-cellars');
    app.decorate('tracing', { enabled: true, span: spanRunner(tracer) });

    const spans = new WeakMap<FastifyRequest, Span>();
    // Callback style: `done` runs the rest of the request (hooks, handler) inside the span.
    app.addHook('onRequest', (request, _reply, done) => {
      const span = tracer.startSpan(`${request.method}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'request.id': request.id },
      });
      spans.set(request, span);
      context.with(trace.setSpan(context.active(), span), done);
    });
    app.addHook('onResponse', async (request, reply) => {
      const span = spans.get(request);
      if (!span) return;
      // The template (/api/v1/orders/:id), never the URL: ids and queries stay out of traces.
      const route = request.routeOptions.url ?? 'unmatched';
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': reply.statusCode });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    // Last: the spans of the closing work are sent too.
    app.addHook('onClose', async () => {
      await provider
        .shutdown()
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not send the last traces'));
    });
  },
  { name: 'tracing', dependencies: ['config'] },
);
