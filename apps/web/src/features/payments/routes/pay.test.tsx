import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import {
  makePayOrder,
  makeTransaction,
  PAY_ORDER_ID,
  pageOf,
  REFERENCE,
  TRANSACTION_ID,
} from '../../../test/fakes/payments-api';
import { renderApp } from '../../../test/render';

// The page's code is its own chunk: load it once up front, so that no test waits on the first import.
beforeAll(async () => {
  await import('./pay');
});
beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const ORDER = `GET /orders/orders/${PAY_ORDER_ID}/`;
const LATEST = 'GET /payments/transactions/by_order/';
const START = 'POST /payments/flutterwave/complete_mobile_money_payment/';
const VERIFY = `POST /payments/transactions/${TRANSACTION_ID}/verify_payment/`;
const RESEND = `POST /payments/transactions/${TRANSACTION_ID}/resend_prompt/`;

async function openPay(handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    [ORDER]: () => makePayOrder(),
    [LATEST]: () => pageOf([]),
    ...handlers,
  });
  const view = await renderApp(`/pay/${PAY_ORDER_ID}`);
  return { api, ...view };
}

describe('the payment screen', () => {
  it('sends the request to the number given at checkout, then says what to do on the phone', async () => {
    const { api } = await openPay({ [START]: () => makeTransaction() });
    expect(
      await screen.findByText('Check your phone and enter your MTN MoMo PIN to approve the payment.'),
    ).toBeInTheDocument();
    expect(api.callsTo(START)).toHaveLength(1);
    expect(api.callsTo(START)[0]?.body).toEqual({
      order_id: PAY_ORDER_ID,
      network: 'MTN',
      phone: '+256772123456',
    });
    expect(api.callsTo(LATEST)[0]?.url.searchParams.get('status')).toBe('any');
    expect(screen.getByText('Shs 240,000')).toBeInTheDocument();
    expect(screen.getByText('+256 77* *** 456')).toBeInTheDocument();
    // Where the prompt goes, how long it takes, and MTN's approvals menu when none comes.
    expect(
      screen.getByText(/can take up to a minute.*phone that holds the paying number.*Dial \*165#/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the sandbox phone' })).toHaveAttribute(
      'href',
      `/sandbox/pay/${REFERENCE}`,
    );
    expect(screen.getByText('Waiting for your approval…')).toBeInTheDocument();
  });

  it('does not offer to send the prompt again before a minute has passed', async () => {
    const fresh = makeTransaction({ created_at: new Date().toISOString() });
    const { api } = await openPay({ [LATEST]: () => pageOf([fresh]) });
    await screen.findByText('Waiting for your approval…');
    expect(screen.queryByRole('button', { name: 'Send the prompt again' })).not.toBeInTheDocument();
    expect(api.callsTo(RESEND)).toHaveLength(0);
  });

  it('sends the prompt again once a minute has passed, and then waits on the new one', async () => {
    const user = userEvent.setup();
    // A prompt sent over a minute ago: the networks take a new one.
    const minuteAgo = new Date(Date.now() - 61_000).toISOString();
    const renewed = makeTransaction({ id: 'a1b2c3d4-0000-4000-8000-000000000002', reference: 'KCP-NEW' });
    const second = await openPay({
      [LATEST]: () => pageOf([makeTransaction({ created_at: minuteAgo })]),
      [RESEND]: () => renewed,
    });
    await user.click(await screen.findByRole('button', { name: 'Send the prompt again' }));
    await waitFor(() => expect(second.api.callsTo(RESEND)).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Open the sandbox phone' })).toHaveAttribute(
      'href',
      '/sandbox/pay/KCP-NEW',
    );
  });

  it('says when it is too soon to send the prompt again', async () => {
    const user = userEvent.setup();
    await openPay({
      [LATEST]: () => pageOf([makeTransaction({ created_at: new Date(Date.now() - 61_000).toISOString() })]),
      [RESEND]: () =>
        envelope(
          409,
          'conflict',
          'The prompt was sent less than a minute ago: you can ask for a new one in 5 seconds.',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Send the prompt again' }));
    expect(
      await screen.findByText(
        'The prompt was sent less than a minute ago: you can ask for a new one in 5 seconds.',
      ),
    ).toBeInTheDocument();
  });

  it('never sends a second request when the customer comes back to the screen', async () => {
    let started: ReturnType<typeof makeTransaction> | null = null;
    const { api, router } = await openPay({
      [LATEST]: () => pageOf(started ? [started] : []),
      [START]: () => {
        started = makeTransaction();
        return started;
      },
    });
    await screen.findByText(/Check your phone/);
    await router.navigate({ to: '/about' });
    await screen.findByRole('heading', { level: 1, name: /About/ }, { timeout: 5_000 });
    await router.navigate({ to: '/pay/$orderId', params: { orderId: PAY_ORDER_ID } });
    expect(await screen.findByText(/Check your phone/)).toBeInTheDocument();
    expect(api.callsTo(START)).toHaveLength(1);
  });

  it('offers the provider’s page when the payment needs one', async () => {
    await openPay({
      [LATEST]: () =>
        pageOf([
          makeTransaction({
            provider: 'flutterwave',
            next_action: {
              type: 'redirect',
              message: 'Continue on the payment page to approve the payment.',
              url: 'https://checkout.flutterwave.example/captcha/verify/123',
            },
          }),
        ]),
    });
    expect(await screen.findByRole('link', { name: /Continue to the payment page/ })).toHaveAttribute(
      'href',
      'https://checkout.flutterwave.example/captcha/verify/123',
    );
    expect(screen.queryByRole('link', { name: 'Open the sandbox phone' })).not.toBeInTheDocument();
  });

  it('follows the payment live and opens the order once it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let checks = 0;
    const { api, router } = await openPay({
      [LATEST]: () => pageOf([makeTransaction()]),
      [VERIFY]: () => {
        checks += 1;
        return makeTransaction({ status: checks >= 2 ? 'successful' : 'pending' });
      },
    });
    await screen.findByText(/Check your phone/);
    expect(api.callsTo(START)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(checks).toBe(1));
    expect(router.state.location.pathname).toBe(`/pay/${PAY_ORDER_ID}`);
    // The next check comes half as late again (4.5 s).
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order_success/${PAY_ORDER_ID}`));
    expect(checks).toBe(2);
  });

  it('after a declined payment, retries with Airtel on another number', async () => {
    const { api } = await openPay({
      [LATEST]: () =>
        pageOf([
          makeTransaction({
            status: 'failed',
            failure_reason: 'APPROVAL_REJECTED',
            failure_advice: 'The payment was declined on the phone. If that was not you, send a new request.',
          }),
        ]),
      [START]: (request) => {
        const body = request.body as { network: 'MTN' | 'AIRTEL' };
        return makeTransaction({ id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', network: body.network });
      },
    });
    expect(await screen.findByText('Your payment did not go through')).toBeInTheDocument();
    // The advice for the customer, not the provider's code.
    expect(screen.getByText(/declined on the phone\. If that was not you/)).toBeInTheDocument();
    expect(screen.queryByText(/APPROVAL_REJECTED/)).not.toBeInTheDocument();
    expect(api.callsTo(START)).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Airtel Money' }));
    await user.clear(screen.getByLabelText('Paying mobile number'));
    await user.type(screen.getByLabelText('Paying mobile number'), '0752 654321');
    await user.click(screen.getByRole('button', { name: 'Send a new request · Shs 240,000' }));

    expect(
      await screen.findByText('Check your phone and enter your Airtel Money PIN to approve the payment.'),
    ).toBeInTheDocument();
    expect(api.callsTo(START)[0]?.body).toEqual({
      order_id: PAY_ORDER_ID,
      network: 'AIRTEL',
      phone: '+256752654321',
    });
  });

  it('refuses a number of the other network before sending anything', async () => {
    const { api } = await openPay({
      [LATEST]: () =>
        pageOf([makeTransaction({ status: 'expired', failure_reason: 'Not approved within 15 minutes' })]),
    });
    await screen.findByText('The payment request expired');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Paying mobile number'));
    await user.type(screen.getByLabelText('Paying mobile number'), '0752 654321');
    await user.click(screen.getByRole('button', { name: /Send a new request/ }));
    expect(
      await screen.findByText('This is an Airtel number: choose Airtel or enter an MTN number'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Paying mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(START)).toHaveLength(0);
  });

  it('shows the server’s reason beside the number', async () => {
    await openPay({
      [LATEST]: () => pageOf([makeTransaction({ status: 'failed', failure_reason: 'Insufficient funds' })]),
      [START]: () =>
        envelope(422, 'validation_failed', 'Please check your input and try again.', [
          { field: 'phone', message: 'Enter an MTN or Airtel mobile money number' },
        ]),
    });
    await screen.findByText('Your payment did not go through');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Send a new request/ }));
    expect(await screen.findByText('Enter an MTN or Airtel mobile money number')).toBeInTheDocument();
  });

  it('switches to cash on delivery and opens the order', async () => {
    const { api, router } = await openPay({
      [LATEST]: () => pageOf([makeTransaction({ status: 'failed', failure_reason: 'Insufficient funds' })]),
      'POST /payments/transactions/switch_to_cash_on_delivery/': () => ({
        order: PAY_ORDER_ID,
        status: 'confirmed',
        payment_method: 'cash_on_delivery',
      }),
    });
    await screen.findByText('Your payment did not go through');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pay cash when collecting instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order_success/${PAY_ORDER_ID}`));
    expect(api.callsTo('POST /payments/transactions/switch_to_cash_on_delivery/')[0]?.body).toEqual({
      order_id: PAY_ORDER_ID,
    });
  });

  it('offers no cash instead for a gift (its recipient never pays), only another try or cancelling', async () => {
    await openPay({
      [ORDER]: () =>
        makePayOrder({
          fulfilment: 'delivery',
          gift: {
            recipient_name: 'Sarah Nakato',
            recipient_phone: '+256701234567',
            message: null,
            delivery_date: '2026-12-04',
            recipient_instructions: null,
          },
        }),
      [LATEST]: () => pageOf([makeTransaction({ status: 'failed', failure_reason: 'Insufficient funds' })]),
    });
    await screen.findByText('Your payment did not go through');
    expect(screen.queryByRole('button', { name: /cash/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeInTheDocument();
  });

  it('cancels the order only after the customer confirms', async () => {
    const { api, router } = await openPay({
      [LATEST]: () => pageOf([makeTransaction({ status: 'failed', failure_reason: 'Insufficient funds' })]),
      'POST /payments/transactions/cancel_unpaid_order/': () => ({
        order: PAY_ORDER_ID,
        status: 'cancelled',
        payment_method: 'mobile_money',
      }),
    });
    await screen.findByText('Your payment did not go through');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    expect(api.callsTo('POST /payments/transactions/cancel_unpaid_order/')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order-history/${PAY_ORDER_ID}`));
  });

  it('goes straight to the order when it is already paid', async () => {
    const { router, api } = await openPay({
      [ORDER]: () => makePayOrder({ payment_status: 'paid', status: 'confirmed' }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order_success/${PAY_ORDER_ID}`));
    expect(api.callsTo(START)).toHaveLength(0);
  });

  it('says when the order is not the customer’s', async () => {
    const { api } = await openPay({ [ORDER]: () => envelope(404, 'not_found', 'Order was not found.') });
    expect(await screen.findByText('We could not find this order among yours.')).toBeInTheDocument();
    expect(api.callsTo(START)).toHaveLength(0);
  });

  it('says a cancelled order cannot be paid', async () => {
    await openPay({ [ORDER]: () => makePayOrder({ status: 'cancelled' }) });
    expect(
      await screen.findByText(/This order was cancelled, so it cannot be paid any more/),
    ).toBeInTheDocument();
  });
});
