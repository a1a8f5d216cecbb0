import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeTransaction, PAY_ORDER_ID, REFERENCE } from '../../../test/fakes/payments-api';
import { renderApp } from '../../../test/render';
import { RETURN_NOT_FOUND, RETURN_NOTHING } from './payment-return';

// The page's code is its own chunk: load it once up front, so that no test waits on the first import.
beforeAll(async () => {
  await import('./payment-return');
});
beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const VERIFY = `POST /payments/transactions/${REFERENCE}/verify_payment/`;

function api(handlers: Record<string, FakeHandler>) {
  return mockIdentityApi({ 'GET /auth/get-session': () => customerSession(), ...handlers });
}

describe('the payment return page', () => {
  it('verifies the payment and opens the paid order', async () => {
    const fake = api({ [VERIFY]: () => makeTransaction({ status: 'successful' }) });
    // Flutterwave appends its own status: the page trusts only the server's verification.
    const { router } = await renderApp(
      `/payment_return?tx_ref=${REFERENCE}&status=successful&transaction_id=4100001`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order_success/${PAY_ORDER_ID}`));
    expect(fake.callsTo(VERIFY)).toHaveLength(1);
  });

  it('leads a paid RSVP on to its event, where the ticket is', async () => {
    const fake = api({
      [VERIFY]: () =>
        makeTransaction({
          status: 'successful',
          purpose: 'event_rsvp',
          subject_id: '5a0c7a52-4f7e-4a53-9a1e-0d6a4c1e2b3f',
          subject_label: 'RSVP: Nile Valley tasting (1 guest)',
          order: null,
          event: 7,
        }),
    });
    const { router } = await renderApp(`/payment_return?tx_ref=${REFERENCE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/7'));
    expect(fake.callsTo(VERIFY)).toHaveLength(1);
  });

  it('says why an RSVP payment failed and leads back to its event', async () => {
    api({
      [VERIFY]: () =>
        makeTransaction({
          status: 'failed',
          failure_reason: 'NOT_ENOUGH_FUNDS',
          failure_advice: 'There was not enough money on the MTN MoMo account. Top up, then try again.',
          purpose: 'event_rsvp',
          order: null,
          event: 7,
        }),
    });
    const { router } = await renderApp(`/payment_return?tx_ref=${REFERENCE}`);
    expect(
      await screen.findByText(
        /Your payment did not go through\. There was not enough money on the MTN MoMo account/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the event to try again' })).toHaveAttribute(
      'href',
      '/events/7',
    );
    expect(router.state.location.pathname).toBe('/payment_return');
  });

  it('sends the customer back to pay when the provider says it is not paid', async () => {
    api({ [VERIFY]: () => makeTransaction({ status: 'failed', failure_reason: 'Insufficient funds' }) });
    const { router } = await renderApp(`/payment_return?tx_ref=${REFERENCE}&status=successful`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${PAY_ORDER_ID}`));
  });

  it('reads a reference even when the provider glued its query on', async () => {
    const fake = api({ [VERIFY]: () => makeTransaction({ status: 'pending' }) });
    const { router } = await renderApp(`/payment_return?tx_ref=${REFERENCE}?status=cancelled`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${PAY_ORDER_ID}`));
    expect(fake.callsTo(VERIFY)).toHaveLength(1);
  });

  it('says when the payment is not the customer’s', async () => {
    api({ [VERIFY]: () => envelope(404, 'not_found', 'Transaction was not found.') });
    await renderApp(`/payment_return?tx_ref=${REFERENCE}`);
    expect(await screen.findByText(RETURN_NOT_FOUND)).toBeInTheDocument();
  });

  it('says there is nothing to confirm without a reference', async () => {
    const fake = api({});
    await renderApp('/payment_return');
    expect(await screen.findByText(RETURN_NOTHING)).toBeInTheDocument();
    expect(fake.requests.filter((request) => request.path.includes('verify_payment'))).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in first', async () => {
    const fake = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp(`/payment_return?tx_ref=${REFERENCE}`);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      expect.stringContaining('redirect='),
    );
    expect(fake.requests.filter((request) => request.path.includes('verify_payment'))).toHaveLength(0);
  });
});
