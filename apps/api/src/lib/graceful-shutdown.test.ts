import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createShutdown } from './graceful-shutdown';

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
    const { app } = harness;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    const base = `http://127.0.0.1:${address.port}`;

    const events: string[] = [];
    const exitCodes: number[] = [];
    const shutdown = createShutdown({
      app,
      timeoutMs: 10_000,
      cleanUp: async () => {
        events.push('clean-up');
      },
      exit: (code) => exitCodes.push(code),
    });

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
