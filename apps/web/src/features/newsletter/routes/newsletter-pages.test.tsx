import { newsletterApiMessages } from '@shop/contract/newsletter';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonymousSession, confirmAge, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

const TOKEN = `${'A'.repeat(21)}_-${'b'.repeat(20)}`;

// The pages are chunks of their own: load them up front, so that no test waits for them.
beforeAll(() => Promise.all([import('./newsletter-confirmation'), import('./newsletter-unsubscribe')]));
beforeEach(() => confirmAge());

describe('/newsletter/confirm', () => {
  it('confirms the subscription once, signed out, and says so', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /newsletter/subscriptions/confirm/': () => ({
        status: 'confirmed',
        email: 'amina@example.ug',
        message: newsletterApiMessages.confirmed,
      }),
    });
    await renderApp(`/newsletter/confirm?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument();
    const status = await screen.findByText(newsletterApiMessages.confirmed);
    expect(status.closest('[role="status"]')).toHaveTextContent('amina@example.ug');
    expect(api.callsTo('POST /newsletter/subscriptions/confirm/').map((call) => call.body)).toEqual([
      { token: TOKEN },
    ]);
    expect(document.title).toBe('Newsletter Confirmation | Kampala Cellars');
  });

  it('says the link is not valid when the token is unknown or expired (404)', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /newsletter/subscriptions/confirm/': () =>
        envelope(404, 'not_found', newsletterApiMessages.linkInvalid),
    });
    await renderApp(`/newsletter/confirm?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(newsletterApiMessages.linkInvalid);
  });

  it('says the link is not valid, without asking the shop, when it has no token', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/newsletter/confirm?token=short');
    expect(await screen.findByRole('alert')).toHaveTextContent(newsletterApiMessages.linkInvalid);
    expect(api.callsTo('POST /newsletter/subscriptions/confirm/')).toHaveLength(0);
  });
});

describe('/newsletter/unsubscribe', () => {
  it('unsubscribes in one click from the e-mail, and says so', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /newsletter/subscriptions/unsubscribe/': () => ({
        status: 'unsubscribed',
        email: 'amina@example.ug',
        message: newsletterApiMessages.unsubscribed,
      }),
    });
    await renderApp(`/newsletter/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText(newsletterApiMessages.unsubscribed)).toBeInTheDocument();
    expect(api.callsTo('POST /newsletter/subscriptions/unsubscribe/')).toHaveLength(1);
  });

  it('offers to try again when the shop cannot answer', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /newsletter/subscriptions/unsubscribe/': () =>
        fail
          ? envelope(500, 'internal_error', 'Something went wrong. Please try again.')
          : {
              status: 'unsubscribed',
              email: 'amina@example.ug',
              message: newsletterApiMessages.unsubscribed,
            },
    });
    await renderApp(`/newsletter/unsubscribe?token=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Our servers are experiencing issues. Please try again later.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(newsletterApiMessages.unsubscribed)).toBeInTheDocument();
  });
});
