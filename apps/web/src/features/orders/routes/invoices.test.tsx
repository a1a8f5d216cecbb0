import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  setAuthTokenProvider,
  setSessionExpiredHandler,
  setUnauthorizedHandler,
} from '../../../lib/api-client';
import { captureDownloads } from '../../../test/downloads';
import { makePage } from '../../../test/fakes/catalog-api';
import { confirmAge, customerSession, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { makeInvoice, ORDER_ID } from '../../../test/fakes/orders-api';
import { renderApp } from '../../../test/render';
import { invoiceDownloadFailed } from '../api/download-invoice';
import { INVOICES_PAGE_SIZE } from '../api/get-invoices';

// The whole app renders here (lazy pages, the session start): on a busy machine that takes a while.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setAuthTokenProvider(null);
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const PDF_BYTES = '%PDF-1.7\n%fake invoice\n';

describe('the invoices page', () => {
  it('lists the invoices, and each downloads its PDF with the bearer token, named by its number', async () => {
    const user = userEvent.setup();
    setAuthTokenProvider(() => 'customer-token');
    const saved = captureDownloads();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/invoices/': () =>
        makePage(
          [
            makeInvoice(),
            makeInvoice({
              id: 41,
              invoice_number: 'INV-000041',
              order_number: 'ORD-20261020-AB12C',
              status: 'paid',
              total: 270_000,
              paid_at: '2026-10-20T09:00:00.000Z',
              pdf_url: '/api/v1/orders/invoices/41/pdf/',
            }),
          ],
          { pageSize: INVOICES_PAGE_SIZE },
        ),
      'GET /orders/invoices/42/pdf/': () =>
        new Response(PDF_BYTES, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    await renderApp('/invoices');

    const row = (await screen.findByRole('rowheader', { name: 'INV-000042' })).closest('tr')!;
    expect(row).toHaveTextContent('ORD-20261122-7KQ2M');
    expect(within(row).getByRole('link', { name: 'ORD-20261122-7KQ2M' })).toHaveAttribute(
      'href',
      `/order-history/${ORDER_ID}`,
    );
    expect(row).toHaveTextContent('22 November 2026');
    expect(row).toHaveTextContent('Issued');
    expect(row).toHaveTextContent('Shs 1,060,000');
    const paid = screen.getByRole('rowheader', { name: 'INV-000041' }).closest('tr')!;
    expect(paid).toHaveTextContent('Paid20 October 2026');

    await user.click(within(row).getByRole('button', { name: 'PDF of invoice INV-000042' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('INV-000042.pdf');
    expect(await saved[0]?.blob.text()).toBe(PDF_BYTES);
    const [request] = api.callsTo('GET /orders/invoices/42/pdf/');
    expect(request?.headers.Authorization).toBe('Bearer customer-token');
    expect(request?.headers.Accept).toBe('application/pdf');
  });

  it('says so when a PDF cannot be downloaded', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/invoices/': () => makePage([makeInvoice()], { pageSize: INVOICES_PAGE_SIZE }),
      'GET /orders/invoices/42/pdf/': () => envelope(500, 'internal_error', 'Internal error'),
    });
    await renderApp('/invoices');
    await user.click(await screen.findByRole('button', { name: 'PDF of invoice INV-000042' }));
    expect(await screen.findByText(invoiceDownloadFailed(makeInvoice()))).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('says when there are no invoices yet', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /orders/invoices/': () => makePage([], { pageSize: INVOICES_PAGE_SIZE }),
    });
    await renderApp('/invoices');
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeInTheDocument();
  });
});
