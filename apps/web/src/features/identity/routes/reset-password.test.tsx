import { identityMessages } from '@shop/contract/identity';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { anonymousSession, confirmAge, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';
import { RESET_LINK_INVALID } from '../components/reset-password-form';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

describe('the reset-password page', () => {
  it('saves the new password for the token, then sends the customer to sign in', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/reset-password': () => ({ status: true }),
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/reset-password?token=abc123');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(identityMessages.passwordTooShort)).toBeInTheDocument();
    expect(api.callsTo('POST /auth/reset-password')).toHaveLength(0);

    await user.type(screen.getByLabelText('New password'), ' but now long enough');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST /auth/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      newPassword: 'short but now long enough',
    });
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
  });

  it('explains a used or expired link and offers a new one', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/reset-password': () =>
        envelope(400, 'bad_request', 'Invalid token', [{ field: 'token', message: 'Invalid token' }]),
    });
    const user = userEvent.setup();
    await renderApp('/reset-password?token=used');
    await user.type(screen.getByLabelText('New password'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/login?mode=forgot',
    );
  });

  it('says so when the link has no token', async () => {
    mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
  });
});
