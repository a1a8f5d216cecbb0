import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

async function signInWith(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail address'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the login page', () => {
  it('promises a visitor only what a visitor can keep: saved bottles, not a cart', async () => {
    mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/login');
    expect(await screen.findByText(/Bottles you saved as a visitor come with you\./)).toBeInTheDocument();
    expect(screen.queryByText(/cart you filled as a visitor/)).not.toBeInTheDocument();
  });

  it('shows the error of a failed sign-in and stays anonymous', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/sign-in/email': () => envelope(401, 'unauthorized', 'Invalid email or password'),
    });
    const { router } = await renderApp('/login');
    await signInWith('amina@example.ug', 'not the password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-in/email')[0]?.body).toEqual({
      email: 'amina@example.ug',
      password: 'not the password',
    });
  });

  it('checks the fields before calling the API', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-in/email')).toHaveLength(0);
  });

  it('signs in and lands on the account page when nothing was remembered', async () => {
    let session: unknown = anonymousSession();
    mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-in/email': () => {
        session = customerSession();
        return { redirect: false, token: 't', user: customerSession().user };
      },
    });
    const { router } = await renderApp('/login');
    await signInWith('amina@example.ug', 'correct horse battery staple');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });

  it('ignores a remembered destination on another site', async () => {
    mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    const { router } = await renderApp('/login?redirect=//evil.example/x');
    expect(router.state.matches.at(-1)?.search).toMatchObject({ redirect: undefined });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('hides "Sign in with Google" when /providers says Google is not configured', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/login');
    await waitFor(() => expect(api.callsTo('GET /auth/providers')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
  });

  it('shows "Sign in with Google" and the OpenID Connect button when configured, and starts the sign-in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, href: window.location.href });
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /auth/providers': () => ({
        email_password: true,
        google: true,
        oidc: { id: 'oidc', name: 'Kampala ID' },
      }),
      'POST /auth/sign-in/social': () => ({
        url: 'https://accounts.google.com/o/oauth2/auth?x=1',
        redirect: true,
      }),
    });
    await renderApp('/login?redirect=/checkout');
    const google = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.getByRole('button', { name: 'Sign in with Kampala ID' })).toBeInTheDocument();

    await userEvent.click(google);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    expect(api.callsTo('POST /auth/sign-in/social')[0]?.body).toEqual({
      provider: 'google',
      callbackURL: '/checkout',
    });
  });

  it('explains a failed provider sign-in (?error=)', async () => {
    mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/login?error=account_not_linked');
    expect(screen.getByRole('alert')).toHaveTextContent('already has an account with a password');
  });

  it('asks for a reset link, with the same answer whatever the address', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/request-password-reset': () => ({
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      }),
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/login');
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ mode: 'forgot' }));
    const form = screen.getByRole('form', { name: 'Reset your password' });
    await user.type(within(form).getByLabelText('E-mail address'), 'Someone@Example.ug');
    await user.click(within(form).getByRole('button', { name: 'Send the reset link' }));
    expect(
      await screen.findByText('If this email exists in our system, check your email for the reset link'),
    ).toHaveAttribute('role', 'status');
    expect(api.callsTo('POST /auth/request-password-reset')[0]?.body).toEqual({
      email: 'someone@example.ug',
    });
  });

  it('does not send anyone to their inbox while e-mail is held: the shop gives the reset link', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /email/delivery/': () => ({ email_delivery: 'held' }),
      'POST /auth/request-password-reset': () => ({
        status: true,
        message: 'If this email exists in our system, check your email for the reset link',
      }),
    });
    const user = userEvent.setup();
    await renderApp('/login?mode=forgot');
    const form = await screen.findByRole('form', { name: 'Reset your password' });
    expect(
      await within(form).findByText(/we will prepare a link to choose a new password/),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('E-mail address'), 'someone@example.ug');
    await user.click(within(form).getByRole('button', { name: 'Send the reset link' }));
    const answer = await screen.findByText(/Our e-mail is not being sent at the moment/);
    expect(answer).toHaveAttribute('role', 'status');
    expect(answer).toHaveTextContent(
      'call or WhatsApp us on +256 772 000 123, or write to hello@kampalacellars.ug',
    );
    expect(answer).not.toHaveTextContent(/check your email/i);
  });
});
