import { ROUTE_GUARD_CHECKS, ROUTE_GUARD_INTERVAL_MS } from '@shop/contract/constants';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { sessionStoreFor } from '../../../lib/session/session-store';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { preloadAccountPage } from '../../../test/pages';
import { renderApp } from '../../../test/render';
import { loginHrefFor, requireCustomer } from './require-customer';

/** Waits that end on an event, not a deadline: generous enough for a machine under load. */
const PATIENT = { timeout: 15_000 } as const;

afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

describe('the route guard', () => {
  it('waits 30 checks of 100 ms for the session, then sends the visitor to login with the path remembered', async () => {
    vi.useFakeTimers();
    // The session never answers: the guard waits its 3 seconds, then decides.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const queryClient = new QueryClient();
    let outcome: unknown = 'pending';
    requireCustomer({ context: { queryClient }, location: { href: '/order-history?page=2' } }).then(
      () => {
        outcome = 'allowed';
      },
      (error: unknown) => {
        outcome = error;
      },
    );

    await vi.advanceTimersByTimeAsync(ROUTE_GUARD_CHECKS * ROUTE_GUARD_INTERVAL_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(isRedirect(outcome)).toBe(true);
    expect((outcome as { options: { href: string } }).options.href).toBe(
      '/login?redirect=%2Forder-history%3Fpage%3D2',
    );
    sessionStoreFor(queryClient).stop();
  });

  it('lets a customer through as soon as the session has started', async () => {
    vi.useFakeTimers();
    mockIdentityApi({ 'GET /auth/get-session': () => customerSession() });
    const queryClient = new QueryClient();
    let outcome: unknown = 'pending';
    requireCustomer({ context: { queryClient }, location: { href: '/account' } }).then(() => {
      outcome = 'allowed';
    });
    await vi.advanceTimersByTimeAsync(ROUTE_GUARD_INTERVAL_MS);
    expect(outcome).toBe('allowed');
    sessionStoreFor(queryClient).stop();
  });

  it('sends an anonymous visitor to login without waiting out the 3 seconds', async () => {
    vi.useFakeTimers();
    mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    const queryClient = new QueryClient();
    let outcome: unknown = 'pending';
    requireCustomer({ context: { queryClient }, location: { href: '/profile' } }).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(ROUTE_GUARD_INTERVAL_MS);
    expect(isRedirect(outcome)).toBe(true);
    sessionStoreFor(queryClient).stop();
  });

  it('builds the login address with the destination', () => {
    expect(loginHrefFor('/checkout')).toBe('/login?redirect=%2Fcheckout');
  });
});

describe('protected route → login → back to the route', () => {
  beforeEach(() => confirmAge());

  it('remembers /order-history?page=2, and brings the customer back there after signing in', async () => {
    let session: unknown = anonymousSession();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-in/email': () => {
        session = customerSession({ name: 'Amina' });
        return { redirect: false, token: 't', user: customerSession().user };
      },
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/order-history?page=2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/order-history?page=2' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail address'), 'amina@example.ug');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.href).toBe('/order-history?page=2'));
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-in/email')).toHaveLength(1);
  });

  it('shows the authentication loading page while the session starts', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockIdentityApi({
      'GET /auth/get-session': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    // The account page's code is loaded first, and nothing is awaited before the session answers:
    // each wait below starts once what it waits for can happen, and the session is held back until
    // the loading page is seen, so neither wait races the other (under load the first-heading
    // wait used to run out while the answer was still held back).
    await preloadAccountPage();
    await renderApp('/account', { waitForPage: false });
    expect(await screen.findByText('Checking your sign-in…', undefined, PATIENT)).toBeInTheDocument();
    answer(
      new Response(JSON.stringify(customerSession()), { headers: { 'Content-Type': 'application/json' } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' }, PATIENT)).toHaveTextContent(
      'Your account',
    );
  }, 40_000);

  it('sign-out on a protected page goes home, ends the session and shows Sign In', async () => {
    let session: unknown = customerSession();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-out': () => {
        session = null;
        return { success: true };
      },
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-out')).toHaveLength(1);
    expect(api.callsTo('POST /auth/sign-in/anonymous')).toHaveLength(1);
  });
});
