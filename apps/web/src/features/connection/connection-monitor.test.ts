import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONNECTION_RETRY_MS,
  CONNECTION_TEST_PATH,
  ConnectionMonitor,
  isReachableStatus,
} from './connection-monitor';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number) => new Response('{}', { status });

let monitor: ConnectionMonitor;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  monitor = new ConnectionMonitor();
});

afterEach(() => monitor.stop());

describe('the connection test (docs/product.md section 7)', () => {
  it('asks for the categories with the client headers', async () => {
    fetchMock.mockResolvedValue(answer(200));
    await monitor.check();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(CONNECTION_TEST_PATH).toBe('/products/categories/');
    expect(url).toBe('/api/v1/products/categories/');
    expect(init?.method).toBe('GET');
    expect(init?.headers).toMatchObject({ 'X-Platform': 'web', 'X-App-Version': '1.0.0' });
  });

  it.each([
    [200, true],
    [401, true],
    [404, false],
    [500, false],
    [503, false],
    [403, false],
  ])('status %i means reachable: %s', (status, reachable) => {
    expect(isReachableStatus(status)).toBe(reachable);
  });

  it('is reachable on 200 and on 401', async () => {
    fetchMock.mockResolvedValueOnce(answer(200));
    expect(await monitor.check()).toBe('reachable');
    fetchMock.mockResolvedValueOnce(answer(401));
    expect(await monitor.check()).toBe('reachable');
  });

  it('is unreachable on any other status, and on no answer', async () => {
    fetchMock.mockResolvedValueOnce(answer(404));
    expect(await monitor.check()).toBe('unreachable');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await monitor.check()).toBe('unreachable');
  });

  it('runs at start-up, then every 5 s while unreachable, and stops once it answers', async () => {
    const states: string[] = [];
    monitor.subscribe(() => states.push(monitor.getState()));
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(502))
      .mockResolvedValueOnce(answer(200));

    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(monitor.getState()).toBe('unreachable');

    await vi.advanceTimersByTimeAsync(CONNECTION_RETRY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(monitor.getState()).toBe('unreachable');

    await vi.advanceTimersByTimeAsync(CONNECTION_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(monitor.getState()).toBe('reachable');

    await vi.advanceTimersByTimeAsync(CONNECTION_RETRY_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(states).toEqual(['unreachable', 'reachable']);
  });

  it('counts a test that times out as unreachable', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const result = monitor.check();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toBe('unreachable');
  });

  it('runs one test at a time', async () => {
    fetchMock.mockResolvedValue(answer(200));
    await Promise.all([monitor.check(), monitor.check(), monitor.check()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
