import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createShutdown } from './graceful-shutdown';

/** Listens on a free loopback port; the shutdown under test records its clean-up and exit codes. */
async function listeningWithShutdown(
  harness: TestApp,
  options: { events?: string[]; cleanUp?: () => Promise<void> } = {},
) {
  const { events = [], cleanUp = async () => undefined } = options;
  const { app } = harness;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const exitCodes: number[] = [];
  const shutdown = createShutdown({
    app,
    timeoutMs: 10_000,
    cleanUp: async () => {
      events.push('clean-up');
      await cleanUp();
    },
    exit: (code) => exitCodes.push(code),
  });
  return { app, base: `http://127.0.0.1:${address.port}`, events, exitCodes, shutdown };
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests before releasing resources', async () => {
    let releaseSlowRequest: () => void = () => undefined;
    const harness = await createTestApp({}, (app) => {
      app.get('/api/v1/test/slow/', async () => {
        await new Promise<void>((resolve) => {
          releaseSlowRequest = resolve;
        });
        return { finished: true };
      });
    });
    const { base, events, exitCodes, shutdown } = await listeningWithShutdown(harness);

    const inFlight = fetch(`${base}/api/v1/test/slow/`).then(async (response) => {
      events.push('response');
      return { status: response.status, body: await response.json() };
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = shutdown('test');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // New connections are refused while the old request is still running.
    await expect(fetch(`${base}/api/v1/health`)).rejects.toThrow();
    expect(events).toEqual([]);

    releaseSlowRequest();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    await stopping;
    expect(events).toEqual(['response', 'clean-up']);
    expect(exitCodes).toEqual([0]);
    await harness.database.close().catch(() => undefined);
    await harness.testDatabase.drop();
  });
});

describe('graceful shutdown after a client hung up', () => {
  it('lets the abandoned handler finish with the database before releasing it', async () => {
    let releaseHandler: () => void = () => undefined;
    let started: () => void = () => undefined;
    const handlerStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const events: string[] = [];
    const harness = await createTestApp({}, (app) => {
      app.post('/api/v1/test/two-steps/', async () => {
        started();
        await new Promise<void>((resolve) => {
          releaseHandler = resolve;
        });
        // The second step still needs the pool.
        const { rows } = await app.pool.query<{ step: number }>('SELECT 2 AS step');
        events.push(`second step ${rows[0]?.step}`);
        return { done: true };
      });
    });
    const { app, base, exitCodes, shutdown } = await listeningWithShutdown(harness, {
      events,
      cleanUp: () => harness.database.close(),
    });

    const abort = new AbortController();
    const call = fetch(`${base}/api/v1/test/two-steps/`, {
      method: 'POST',
      signal: abort.signal,
    }).catch(() => 'aborted');
    await handlerStarted;
    abort.abort();
    expect(await call).toBe('aborted');
    expect(app.handlersInFlight.count).toBe(1);

    const stopping = shutdown('test');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual([]);
    releaseHandler();
    await stopping;
    expect(events).toEqual(['second step 2', 'clean-up']);
    expect(exitCodes).toEqual([0]);
    expect(app.handlersInFlight.count).toBe(0);
    await harness.testDatabase.drop();
  });
});

describe('graceful shutdown behind a proxy', () => {
  it('refuses new connections at once and closes each connection it still answers on', async () => {
    let releaseSlowRequest: () => void = () => undefined;
    let started: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const harness = await createTestApp({}, (app) => {
      app.get('/api/v1/test/slow/', async () => {
        started();
        await new Promise<void>((resolve) => {
          releaseSlowRequest = resolve;
        });
        return { finished: true };
      });
      // Like the job queue's stop (up to half the shutdown timeout): a preClose hook that takes a while.
      app.addHook('preClose', () => new Promise<void>((resolve) => setTimeout(resolve, 1_000)));
    });
    const { base, exitCodes, shutdown } = await listeningWithShutdown(harness);

    // Another kept-alive connection of the proxy, idle when the stop begins.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const onIdleConnection = (path: string) =>
      new Promise<{ status?: number; connection?: string; reused: boolean }>((resolve, reject) => {
        const request = http.get(`${base}${path}`, { agent: idleAgent }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode,
              connection: response.headers.connection,
              reused: request.reusedSocket,
            }),
          );
        });
        request.on('error', reject);
      });
    expect(await onIdleConnection('/api/v1/health')).toMatchObject({ status: 200, reused: false });

    // A proxy's kept-alive connection, busy with a request when the stop begins.
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      http
        .get(`${base}/api/v1/test/slow/`, { agent }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode, connection: response.headers.connection }),
          );
        })
        .on('error', reject);
    });
    await slowStarted;
    const stopping = shutdown('test');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // While the preClose hooks run, a new connection is refused (nginx tries the next
    // instance, even for a POST), rather than accepted and answered with a 503.
    await expect(fetch(`${base}/api/v1/health`)).rejects.toThrow();
    // A request the proxy sends over its idle connection meanwhile is served, not cut off
    // (nginx would not pass a cut-off POST to another instance), and the connection then closes.
    expect(await onIdleConnection('/api/v1/health')).toEqual({
      status: 200,
      connection: 'close',
      reused: true,
    });

    releaseSlowRequest();
    // Answered, and the connection is closed after it: the proxy does not send it another request.
    expect(await inFlight).toEqual({ status: 200, connection: 'close' });
    await stopping;
    expect(exitCodes).toEqual([0]);
    agent.destroy();
    idleAgent.destroy();
    await harness.database.close().catch(() => undefined);
    await harness.testDatabase.drop();
  });
});
