import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import {
  makeSandboxCharge,
  makeTransaction,
  PAY_ORDER_ID,
  REFERENCE,
} from '../../../test/fakes/payments-api';
import { renderApp } from '../../../test/render';
import { PIN_MESSAGE } from './sandbox-pay';

// The page's code is its own chunk: load it once up front, so that no test waits on the first import.
beforeAll(async () => {
  await import('./sandbox-pay');
});
beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const CHARGE = `/payments/sandbox/charges/${REFERENCE}/`;

async function openPhone(handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    [`GET ${CHARGE}`]: () => makeSandboxCharge(),
    ...handlers,
  });
  const view = await renderApp(`/sandbox/pay/${REFERENCE}`);
  await screen.findByRole('form', { name: 'Payment request' });
  return { api, ...view };
}

describe('the sandbox phone', () => {
  it('shows the request as a phone would', async () => {
    await openPhone();
    expect(screen.getByText('Shs 240,000')).toBeInTheDocument();
    expect(screen.getByText(/MTN MoMo · \+256 77\* \*\*\* 456/)).toBeInTheDocument();
    expect(screen.getByText(/no real money moves/)).toBeInTheDocument();
  });

  it('approves with a PIN, then goes back to the shop, which confirms the payment', async () => {
    const { api, router } = await openPhone({
      [`POST ${CHARGE}approve/`]: () => makeSandboxCharge({ status: 'successful' }),
      [`POST /payments/transactions/${REFERENCE}/verify_payment/`]: () =>
        makeTransaction({ status: 'successful' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Approve payment' }));
    expect(screen.getByText(PIN_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(`POST ${CHARGE}approve/`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Enter your PIN to approve'), '12a34');
    expect(screen.getByLabelText('Enter your PIN to approve')).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Approve payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/order_success/${PAY_ORDER_ID}`));
    expect(api.callsTo(`POST ${CHARGE}approve/`)[0]?.body).toEqual({ pin: '1234' });
    expect(api.callsTo(`POST /payments/transactions/${REFERENCE}/verify_payment/`)).toHaveLength(1);
  });

  it('declines, then the shop offers to pay again', async () => {
    const { api, router } = await openPhone({
      [`POST ${CHARGE}decline/`]: () => makeSandboxCharge({ status: 'failed' }),
      [`POST /payments/transactions/${REFERENCE}/verify_payment/`]: () =>
        makeTransaction({ status: 'failed', failure_reason: 'Declined by the customer on their phone' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${PAY_ORDER_ID}`));
    expect(api.callsTo(`POST ${CHARGE}decline/`)).toHaveLength(1);
  });

  it('says when the request was already answered', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [`GET ${CHARGE}`]: () => makeSandboxCharge({ status: 'successful' }),
    });
    await renderApp(`/sandbox/pay/${REFERENCE}`);
    expect(await screen.findByText(/This payment request was already approved/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute(
      'href',
      `/payment_return?tx_ref=${REFERENCE}`,
    );
  });

  it('shows nothing of another customer’s request', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [`GET ${CHARGE}`]: () => envelope(404, 'not_found', 'Payment was not found.'),
    });
    await renderApp(`/sandbox/pay/${REFERENCE}`);
    expect(
      await screen.findByText(/There is no payment request with this reference for you/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve payment' })).not.toBeInTheDocument();
  });
});
