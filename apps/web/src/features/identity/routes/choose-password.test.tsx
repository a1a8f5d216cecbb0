import { customersAdminMessages } from '@shop/contract/customers-admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

vi.setConfig({ testTimeout: 20_000 });

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

describe('a one-time password', () => {
  it('sends the account to choose a new password first, then on to where it was going', async () => {
    let session: unknown = anonymousSession();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-in/email': () => {
        session = customerSession({ role: 'admin', mustChangePassword: true });
        return { redirect: false, token: 't', user: customerSession().user };
      },
      'POST /auth/change-password': () => {
        session = customerSession({ role: 'admin' });
        return { token: 't2', user: customerSession().user };
      },
      'GET /users/users/profile/': () => makeProfile({ role: 'admin' }),
      'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
      'GET /admin/access/': () => ({ sections: ['dashboard', 'orders'] }),
    });
    const { router } = await renderApp('/login');
    await signInWith('boss@kampalacellars.ug', 'Gq7TzX2kP9mWc4RtY8vHn3Ld');
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-password'));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();

    // Any protected page sends it back here until the password is changed.
    await router.navigate({ to: '/account' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/choose-password'));

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('One-time password'), 'Gq7TzX2kP9mWc4RtY8vHn3Ld');
    // Nothing the API refuses until then (issue 33 item 13): no bell, no back-office sections.
    expect(api.callsTo('GET /notifications/')).toHaveLength(0);
    expect(api.callsTo('GET /admin/access/')).toHaveLength(0);
    await user.type(screen.getByLabelText('New password'), 'a passphrase of my own');
    await user.click(screen.getByRole('button', { name: 'Save my new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    await waitFor(() => expect(api.callsTo('GET /notifications/').length).toBeGreaterThan(0));
    expect(api.callsTo('POST /auth/change-password')[0]?.body).toEqual({
      currentPassword: 'Gq7TzX2kP9mWc4RtY8vHn3Ld',
      newPassword: 'a passphrase of my own',
    });
  });

  it("shows a disabled account's refusal as the API words it", async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/sign-in/email': () => envelope(403, 'forbidden', customersAdminMessages.accountDisabled),
    });
    await renderApp('/login');
    await signInWith('moses@example.ug', 'correct horse battery staple');
    expect(await screen.findByRole('alert')).toHaveTextContent(customersAdminMessages.accountDisabled);
  });
});
