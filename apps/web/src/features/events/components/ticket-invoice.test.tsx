import type { RsvpInvoice } from '@shop/contract/events';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { captureDownloads } from '../../../test/downloads';
import { makeEventDetail, makeRsvp, pageOf } from '../../../test/fakes/events-api';
import { confirmAge, customerSession, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const PDF_BYTES = '%PDF-1.7\n%fake ticket invoice\n';
const event = makeEventDetail({ price: 150_000, is_free: false });

function invoice(efris: RsvpInvoice['efris']): RsvpInvoice {
  return {
    id: 5,
    invoice_number: 'INV-000101',
    tax_invoice: true,
    pdf_url: '/api/v1/events/ticket-invoices/5/pdf/',
    efris,
  };
}

function openTicket(rsvpInvoice: RsvpInvoice | null) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /events/events/rose-sundowner/': () => event,
    'GET /events/rsvps/': () =>
      pageOf([makeRsvp({ status: 'confirmed', paid: true, invoice: rsvpInvoice }, event)]),
    'GET /events/ticket-invoices/5/pdf/': () =>
      new Response(PDF_BYTES, { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
  });
  return { api, view: renderApp('/events/rose-sundowner') };
}

describe("the ticket's invoice", () => {
  it('downloads the PDF, and says it is not yet fiscalised while URA has not answered', async () => {
    const saved = captureDownloads();
    const { api, view } = openTicket(invoice({ state: 'pending', fiscal: null }));
    await view;
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(within(ticket).getByText(/Not yet fiscalised with URA/)).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(ticket).getByRole('button', { name: 'Tax invoice INV-000101 (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('INV-000101.pdf');
    expect(await saved[0]?.blob.text()).toBe(PDF_BYTES);
    expect(api.callsTo('GET /events/ticket-invoices/5/pdf/')[0]?.headers.Accept).toBe('application/pdf');
  });

  it('shows URA’s fiscal number and verification code once fiscalised', async () => {
    const { view } = openTicket(
      invoice({
        state: 'fiscalised',
        fiscal: {
          fiscal_document_number: '32100000007',
          verification_code: '88112233',
          fiscalised_at: '2030-03-01T10:00:00.000Z',
        },
      }),
    );
    await view;
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(
      within(ticket).getByText('URA fiscal document no. 32100000007 · Verification code 88112233'),
    ).toBeInTheDocument();
    expect(within(ticket).queryByText(/Not yet fiscalised/)).not.toBeInTheDocument();
  });

  it('claims nothing about URA when the shop does not fiscalise', async () => {
    const { view } = openTicket(invoice({ state: 'none', fiscal: null }));
    await view;
    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(within(ticket).getByRole('button', { name: 'Tax invoice INV-000101 (PDF)' })).toBeInTheDocument();
    expect(within(ticket).queryByText(/URA/)).not.toBeInTheDocument();
  });
});
