import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, onNoResponse } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { ConnectionBanner, connectionLostMessage } from './connection-banner';
import { CONNECTION_RETRY_MS, ConnectionMonitor } from './connection-monitor';

const fetchMock = vi.fn<typeof fetch>();
let monitor: ConnectionMonitor;
let unsubscribe: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  monitor = new ConnectionMonitor();
  unsubscribe = onNoResponse(() => void monitor.check());
});

afterEach(() => {
  unsubscribe();
  monitor.stop();
});

describe('ConnectionBanner', () => {
  it('says nothing while the shop answers', async () => {
    fetchMock.mockResolvedValue(new Response('[]', { status: 200 }));
    render(<ConnectionBanner monitor={monitor} />);
    await act(async () => {
      monitor.start();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByText(connectionLostMessage)).not.toBeInTheDocument();
  });

  it('shows the banner while unreachable, retries every 5 s, and disappears once the shop answers', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 404 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 401 }));
    render(<ConnectionBanner monitor={monitor} />);

    await act(async () => {
      monitor.start();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status')).toHaveTextContent("We can't reach the shop right now. Retrying…");

    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_RETRY_MS));
    expect(screen.getByText(connectionLostMessage)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(CONNECTION_RETRY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(connectionLostMessage)).not.toBeInTheDocument();
  });

  it('runs the test again when a request gets no response', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    render(<ConnectionBanner monitor={monitor} />);
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/products/categories/')) return new Response('', { status: 503 });
      throw new TypeError('Failed to fetch');
    });

    await act(async () => {
      await api.post('/orders/cart/add_item/', { product: 1 }).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/v1/orders/cart/add_item/',
      '/api/v1/products/categories/',
    ]);
    expect(screen.getByText(connectionLostMessage)).toBeInTheDocument();
  });
});
