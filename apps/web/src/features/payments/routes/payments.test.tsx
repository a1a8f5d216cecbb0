import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('shows the customer’s refunds with their state and the credit note to download', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    const names: string[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:http://localhost/credit-note';
    });
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // The test DOM does not save files: the link's click is captured instead.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      [MINE]: () => pageOf([makeTransaction({ status: 'successful' })]),
      'GET /payments/refunds/my_refunds/': () => ({
        count: 1,
        total_pages: 1,
        next: null,
        results: [
          {
            id: '0b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
            subject_label: 'Order ORD-20261122-7KQ2M',
            purpose: 'order',
            subject_id: PAY_ORDER_ID,
            amount: 95_000,
            reason: 'One bottle broken',
            status: 'succeeded',
            created_at: '2026-11-22T11:05:00.000Z',
            settled_at: '2026-11-22T11:06:00.000Z',
            credit_note: {
              id: '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
              number: 'CN-000007',
              pdf_url: '/api/v1/orders/credit-notes/5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/pdf/',
              efris: null,
            },
          },
        ],
      }),
      'GET /orders/credit-notes/5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/pdf/': () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        }),
    });
    await renderApp('/payments');
    const section = await screen.findByRole('region', { name: 'Refunds' });
    expect(
      within(section).getByText('Shs 95,000 for Order ORD-20261122-7KQ2M — Refunded'),
    ).toBeInTheDocument();
    expect(within(section).getByText(/One bottle broken/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Credit note CN-000007 (PDF)' }));
    await waitFor(() =>
      expect(api.callsTo('GET /orders/credit-notes/5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f/pdf/')).toHaveLength(
        1,
      ),
    );
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(saved[0]?.type).toBe('application/pdf');
    expect(names).toEqual(['CN-000007.pdf']);
    for (const spy of [created, revoked, clicked]) spy.mockRestore();
  });
});
