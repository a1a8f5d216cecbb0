import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { confirmAge, customerSession, mockIdentityApi } from '../../../test/fakes/identity-api';
import { makeTransaction, PAY_ORDER_ID, pageOf } from '../../../test/fakes/payments-api';
import { renderApp } from '../../../test/render';
import { NO_PAYMENTS_MESSAGE } from './payments';

// The page's code is its own chunk: load it once up front, so that no test waits on the first import.
beforeAll(async () => {
  await import('./payments');
});
beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const MINE = 'GET /payments/transactions/my_transactions/';

describe('the payment history', () => {
  it('lists each payment: date, order, method, network, masked number, amount, status and reference', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [MINE]: () =>
        pageOf([
          makeTransaction({ status: 'successful', network: 'AIRTEL', reference: 'KCP-20261122-AIRTEL0001' }),
          makeTransaction({
            id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
            status: 'failed',
            failure_reason: 'Declined by the customer on their phone',
          }),
        ]),
    });
    await renderApp('/payments');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // One column each: date, order, method, network, masked phone, amount, status, reference.
    const headers = within(rows[0]!)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'For', 'Method', 'Network', 'Phone', 'Amount', 'Status', 'Reference']);
    const paid = rows[1]!;
    const cells = within(paid)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(2, 5)).toEqual(['Mobile money', 'Airtel Money', '+256 75* *** 321']);
    expect(within(paid).getByText('22 Nov 2026, 14:06')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'Order ORD-20261122-7KQ2M' })).toHaveAttribute(
      'href',
      `/order-history/${PAY_ORDER_ID}`,
    );
    expect(within(paid).getByText('Airtel Money')).toBeInTheDocument();
    expect(within(paid).getByText('+256 75* *** 321')).toBeInTheDocument();
    expect(within(paid).getByText('Shs 240,000')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('KCP-20261122-AIRTEL0001')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Declined by the customer on their phone')).toBeInTheDocument();
  });

  it('offers to continue a payment still waiting for approval', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [MINE]: () => pageOf([makeTransaction()]),
    });
    await renderApp('/payments');
    expect(await screen.findByRole('link', { name: 'Continue paying' })).toHaveAttribute(
      'href',
      `/pay/${PAY_ORDER_ID}`,
    );
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
  });

  it('pages through the list with the page in the URL', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [MINE]: (request) => {
        const page = Number(request.url.searchParams.get('page'));
        return pageOf([makeTransaction({ reference: `KCP-20261122-PAGE0000${page}` })], {
          count: 11,
          total_pages: 2,
          next: page === 1 ? 2 : null,
        });
      },
    });
    const { router } = await renderApp('/payments');
    await screen.findByText('KCP-20261122-PAGE00001');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: /Next/ }));
    expect(await screen.findByText('KCP-20261122-PAGE00002')).toBeInTheDocument();
    expect(router.state.location.searchStr).toBe('?page=2');
    expect(api.callsTo(MINE).map((request) => request.url.searchParams.get('page_size'))).toContain('10');
  });

  it('says when there is no payment yet', async () => {
    mockIdentityApi({ 'GET /auth/get-session': () => customerSession(), [MINE]: () => pageOf([]) });
    await renderApp('/payments');
    expect(await screen.findByText(NO_PAYMENTS_MESSAGE)).toBeInTheDocument();
  });
});
