import { REQUEST_TIMEOUT_MS, TOAST_DURATION_MS } from '@shop/contract/constants';
import { failureMessages } from '@shop/contract/errors';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME } from '@shop/contract/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  api,
  apiRequest,
  CSRF_COOKIE,
  CSRF_HEADER,
  onNoResponse,
  readCsrfCookie,
  setAuthTokenProvider,
  setSessionExpiredHandler,
  setUnauthorizedHandler,
} from './api-client';
import { toast } from './toast';

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function envelope(status: number, code = 'internal_error', message = 'Something failed') {
  return json({ error: { code, message } }, status);
}

/** A fetch that never answers until its signal aborts. */
function hangingFetch(_url: RequestInfo | URL, init?: RequestInit) {
  return new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
  });
}

function lastHeaders(call = fetchMock.mock.calls.length - 1): Record<string, string> {
  return fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('The request did not fail');
}

let toastError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => 0);
});

afterEach(() => {
  setAuthTokenProvider(null);
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  // biome-ignore lint/suspicious/noDocumentCookie: the tests set the CSRF cookie the server would set.
  document.cookie = 'csrf_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('requests', () => {
  it('sends JSON with the platform, version and bearer headers to /api/v1, with credentials', async () => {
    setAuthTokenProvider(() => 'token-123');
    fetchMock.mockResolvedValue(json({ ok: true }, 201));

    const answer = await api.post('/newsletter/subscriptions/', { email: 'a@b.ug' });

    expect(answer).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/newsletter/subscriptions/');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ email: 'a@b.ug' }));
    expect(lastHeaders()).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Platform': 'web',
      'X-App-Version': '1.0.0',
      Authorization: 'Bearer token-123',
    });
  });

  it('sends no Content-Type without a body, no Authorization without a token, and the query string', async () => {
    setAuthTokenProvider(async () => null);
    fetchMock.mockResolvedValue(json({ results: [] }));

    await api.get('/products/products/', { query: { page: 2, search: 'red wine', category: undefined } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/products/products/?page=2&search=red+wine');
    expect(lastHeaders()).toEqual({
      Accept: 'application/json',
      'X-Platform': 'web',
      'X-App-Version': '1.0.0',
    });
  });

  it('parses the answer with a zod schema when given one', async () => {
    fetchMock.mockResolvedValue(json({ count: 3 }));
    const count = await api.get('/x/', { schema: z.object({ count: z.number() }) });
    expect(count).toEqual({ count: 3 });
  });

  it('answers undefined for an empty body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/orders/wishlist/1/')).resolves.toBeUndefined();
  });
});

describe('the toast table of docs/product.md section 8', () => {
  const rows: [number, string][] = [
    [401, failureMessages[401]],
    [403, failureMessages[403]],
    [404, failureMessages[404]],
    [422, failureMessages[422]],
    [429, failureMessages[429]],
    [500, failureMessages.server],
    [502, failureMessages.server],
    [503, failureMessages.server],
    [504, failureMessages.server],
    [418, failureMessages.otherwise],
  ];

  it.each(rows)('status %i shows “%s”', async (status, message) => {
    fetchMock.mockImplementation(async () => envelope(status, 'bad_request', 'From the server'));

    const error = await failureOf(api.get('/anything/'));

    expect(error.status).toBe(status);
    expect(error.failure).toEqual({ kind: 'status', status });
    expect(error.userMessage).toBe(message);
    expect(error.message).toBe(message);
    expect(error.envelope).toEqual({ code: 'bad_request', message: 'From the server' });
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith(message, { id: message, duration: TOAST_DURATION_MS });
  });

  it('the exact messages', () => {
    expect(rows.map(([, message]) => message)).toEqual([
      'Your session has expired. Please log in again.',
      "You don't have permission to perform this action.",
      'The requested information could not be found.',
      'Please check your input and try again.',
      'Too many requests. Please wait a moment and try again.',
      'Our servers are experiencing issues. Please try again later.',
      'Our servers are experiencing issues. Please try again later.',
      'Our servers are experiencing issues. Please try again later.',
      'Our servers are experiencing issues. Please try again later.',
      'Something went wrong. Please try again.',
    ]);
  });

  it('no response: “Unable to connect to the server…”', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failureOf(api.get('/anything/'));

    expect(error.failure).toEqual({ kind: 'no_response' });
    expect(error.status).toBeNull();
    expect(error.userMessage).toBe('Unable to connect to the server. Please check your internet connection.');
    expect(toastError).toHaveBeenCalledWith(error.userMessage, expect.anything());
  });

  it('timeout after 10 s: “The request took too long…”', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);

    const outcome = failureOf(api.post('/orders/cart/add_item/', { product: 1, quantity: 1 }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(toastError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;

    expect(error.failure).toEqual({ kind: 'timeout' });
    expect(error.userMessage).toBe('The request took too long. Please check your connection and try again.');
    expect(toastError).toHaveBeenCalledWith(error.userMessage, expect.anything());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the field reasons of a validation failure', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Invalid',
            fields: [{ field: 'email', message: 'is not an e-mail address' }],
          },
        },
        422,
      ),
    );
    const error = await failureOf(api.post('/newsletter/subscriptions/', { email: 'x' }));
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual([{ field: 'email', message: 'is not an e-mail address' }]);
  });

  it('shows no toast with toast: false', async () => {
    fetchMock.mockResolvedValue(envelope(500));
    const error = await failureOf(
      api.post('/newsletter/subscriptions/', { email: 'a@b.ug' }, { toast: false }),
    );
    expect(error.userMessage).toBe(failureMessages.server);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('treats an answer that does not match the schema as “otherwise”', async () => {
    fetchMock.mockResolvedValue(json({ count: 'three' }));
    const error = await failureOf(api.get('/x/', { schema: z.object({ count: z.number() }) }));
    expect(error.failure).toEqual({ kind: 'unknown' });
    expect(error.userMessage).toBe(failureMessages.otherwise);
  });
});

describe('the retry rule', () => {
  it('retries a GET once after no response', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json([1]));
    await expect(api.get('/products/categories/')).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toastError).not.toHaveBeenCalled();
  });

  it.each([502, 503, 504])('retries a GET once after %i', async (status) => {
    fetchMock.mockResolvedValueOnce(envelope(status)).mockResolvedValueOnce(json({ ok: 1 }));
    await expect(api.get('/x/')).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a GET only once', async () => {
    fetchMock.mockImplementation(async () => envelope(503));
    await failureOf(api.get('/x/'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('retries a GET once after a timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(hangingFetch).mockResolvedValueOnce(json('late but fine'));
    const answer = api.get('/x/');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await expect(answer).resolves.toBe('late but fine');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry 500 or 4xx', async () => {
    fetchMock.mockImplementation(async () => envelope(500));
    await failureOf(api.get('/x/'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry a POST without an idempotency key', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await failureOf(api.post('/orders/cart/add_item/', { product: 1 }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => envelope(503));
    await failureOf(api.post('/orders/cart/add_item/', { product: 1 }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a POST once with an idempotency key, sending the key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json({ id: 7 }));
    await expect(api.post('/orders/cart/checkout/', {}, { idempotencyKey: 'order-abc' })).resolves.toEqual({
      id: 7,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastHeaders(0)['Idempotency-Key']).toBe('order-abc');
    expect(lastHeaders(1)['Idempotency-Key']).toBe('order-abc');
  });

  it('tells the no-response listeners when there is no answer', async () => {
    const listener = vi.fn();
    const unsubscribe = onNoResponse(listener);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await failureOf(api.get('/x/'));
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('401 for a signed-in user', () => {
  it('refreshes the session and retries the request once, with the new token', async () => {
    let token = 'old-token';
    setAuthTokenProvider(() => token);
    const refresh = vi.fn(async () => {
      token = 'new-token';
      return true;
    });
    setUnauthorizedHandler(refresh);
    fetchMock
      .mockResolvedValueOnce(envelope(401, 'unauthorized'))
      .mockResolvedValueOnce(json({ name: 'Amina' }));

    await expect(api.get('/users/users/profile/')).resolves.toEqual({ name: 'Amina' });

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastHeaders(0).Authorization).toBe('Bearer old-token');
    expect(lastHeaders(1).Authorization).toBe('Bearer new-token');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 fails with the session message', async () => {
    const refresh = vi.fn(async () => true);
    setUnauthorizedHandler(refresh);
    fetchMock.mockImplementation(async () => envelope(401, 'unauthorized'));

    const error = await failureOf(api.post('/orders/cart/add_item/', { product: 1 }));

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error.userMessage).toBe('Your session has expired. Please log in again.');
  });

  it('does not retry when the handler cannot refresh (nobody signed in)', async () => {
    const refresh = vi.fn(async () => false);
    setUnauthorizedHandler(refresh);
    fetchMock.mockResolvedValue(envelope(401, 'unauthorized'));

    await failureOf(api.get('/orders/orders/'));

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('cancellation', () => {
  it('a request cancelled by its caller while waiting rejects with the abort reason, silently', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const request = apiRequest('/x/', { signal: controller.signal });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(toastError).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a request cancelled before it is sent is not sent', async () => {
    const controller = new AbortController();
    const request = apiRequest('/x/', { signal: controller.signal });
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('the CSRF header (docs/product.md section 7)', () => {
  const setCsrfCookie = (value: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the tests set the CSRF cookie the server would set.
    document.cookie = `csrf_token=${value}; path=/`;
  };

  it('uses the contract’s cookie and header names', () => {
    expect(CSRF_COOKIE).toBe(CSRF_COOKIE_NAME);
    expect(CSRF_HEADER).toBe(CSRF_HEADER_NAME);
  });

  it('sends X-CSRF-Token equal to the csrf_token cookie on POST, PUT, PATCH and DELETE', async () => {
    setCsrfCookie('csrf-abc');
    fetchMock.mockImplementation(async () => json({}));
    await api.post('/x/', { a: 1 });
    await api.put('/x/', { a: 1 });
    await api.patch('/x/', { a: 1 });
    await api.delete('/x/');
    for (let call = 0; call < 4; call += 1) expect(lastHeaders(call)['X-CSRF-Token']).toBe('csrf-abc');
  });

  it('does not send it on GET', async () => {
    setCsrfCookie('csrf-abc');
    fetchMock.mockResolvedValue(json({}));
    await api.get('/x/');
    expect(lastHeaders()['X-CSRF-Token']).toBeUndefined();
  });

  it('reads the cookie (and only the csrf_token cookie)', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a second, unrelated cookie.
    document.cookie = 'other=1; path=/';
    setCsrfCookie('csrf-xyz');
    expect(readCsrfCookie()).toBe('csrf-xyz');
  });

  it('retries once with the fresh cookie when a 403 names the CSRF token', async () => {
    fetchMock
      .mockImplementationOnce(async () => {
        setCsrfCookie('fresh-token');
        return envelope(403, 'forbidden', 'The CSRF token is missing or does not match');
      })
      .mockResolvedValueOnce(json({ ok: true }));
    await expect(api.post('/orders/cart/add_item/', { product: 1 })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastHeaders(0)['X-CSRF-Token']).toBeUndefined();
    expect(lastHeaders(1)['X-CSRF-Token']).toBe('fresh-token');
  });

  it('does not retry another 403', async () => {
    fetchMock.mockResolvedValue(envelope(403, 'forbidden', 'Staff only'));
    const error = await failureOf(api.post('/x/', {}));
    expect(error.status).toBe(403);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the end of a session (401 after the refresh)', () => {
  it('calls the session-expired handler once when the retry answers 401 too', async () => {
    const expired = vi.fn();
    setUnauthorizedHandler(async () => true);
    setSessionExpiredHandler(expired);
    fetchMock.mockImplementation(async () => envelope(401, 'unauthorized'));
    await failureOf(api.get('/users/users/profile/'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not call it when no refresh was tried (nobody signed in)', async () => {
    const expired = vi.fn();
    setUnauthorizedHandler(async () => false);
    setSessionExpiredHandler(expired);
    fetchMock.mockResolvedValue(envelope(401, 'unauthorized'));
    await failureOf(api.get('/orders/orders/'));
    expect(expired).not.toHaveBeenCalled();
  });

  it('leaves a 401 alone when the call asks so (sign-in with a wrong password)', async () => {
    const refresh = vi.fn(async () => true);
    setUnauthorizedHandler(refresh);
    fetchMock.mockResolvedValue(envelope(401, 'unauthorized', 'Invalid email or password'));
    await failureOf(api.post('/auth/sign-in/email', {}, { refreshOn401: false, toast: false }));
    expect(refresh).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
