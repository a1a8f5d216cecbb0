import type { EfrisCreditNote, EfrisDocument, EfrisSettings, EfrisSummary } from '@shop/contract/efris';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  type FakeHandler,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const refused: EfrisDocument = {
  id: 7,
  kind: 'order',
  order_id: '6b8f2c1e-4d3a-4f5b-9c7d-1e2f3a4b5c6d',
  order_number: 'ORD-20261122-7KQ2M',
  reference_no: 'INV-000042',
  buyer_type: 'b2b',
  state: 'failed',
  attempts: 1,
  next_attempt_at: null,
  last_error: 'URA refused T109: The signature verification failed (code 2001)',
  last_return_code: '2001',
  fiscal_document_number: null,
  verification_code: null,
  fiscalised_at: null,
  created_at: '2026-11-22T09:00:00.000Z',
};

/** A paid ticket's invoice, fiscalised (decision 0034): in the same queue, as a ticket's. */
const ticketInvoice: EfrisDocument = {
  ...refused,
  id: 8,
  kind: 'ticket',
  order_id: null,
  order_number: null,
  reference_no: 'INV-000043',
  buyer_type: 'b2c',
  state: 'fiscalised',
  last_error: null,
  last_return_code: null,
  fiscal_document_number: '32100000008',
  verification_code: '88112233',
  fiscalised_at: '2026-11-22T09:05:00.000Z',
};

const rejected: EfrisCreditNote = {
  id: 3,
  credit_note_id: '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a',
  reference_no: 'CN-000012',
  order_id: '6b8f2c1e-4d3a-4f5b-9c7d-1e2f3a4b5c6d',
  order_number: 'ORD-20261122-7KQ2M',
  invoice_reference_no: 'INV-000042',
  amount: 118_000,
  state: 'rejected',
  attempts: 1,
  next_attempt_at: null,
  last_error: 'URA rejected the credit note: The goods were not returned',
  last_return_code: null,
  ura_reference_no: 'CR300000004',
  fiscal_document_number: null,
  applied_at: '2026-11-22T10:00:00.000Z',
  decided_at: '2026-11-22T11:00:00.000Z',
  created_at: '2026-11-22T10:00:00.000Z',
};

const summary = (over: Partial<EfrisSummary> = {}): EfrisSummary => ({
  enabled: true,
  pending: 0,
  failed: 1,
  credit_notes_pending: 0,
  credit_notes_awaiting_approval: 0,
  credit_notes_failed: 0,
  waiting_over_an_hour: 1,
  oldest_waiting_since: '2026-11-22T09:00:00.000Z',
  clock_skew_seconds: null,
  ...over,
});

const settings: EfrisSettings = {
  enabled: true,
  environment: 'test',
  tin: '1000123456',
  device_no: 'TCS00012345',
  commodity_code: '50202201',
  key_on_file: true,
  key_fingerprint: 'ab'.repeat(32),
  key_uploaded_at: '2026-11-20T09:00:00.000Z',
  registration: null,
  registration_checked_at: null,
  clock_offset_seconds: 2,
  clock_checked_at: '2026-11-22T09:00:00.000Z',
  endpoint: 'https://efristest.ura.go.ug/efrisws/ws/taapp/getInformation',
};

function open(role: 'customer' | 'staff' | 'admin', handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /users/users/profile/': () => makeProfile({ role }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/efris/summary/': () => summary(),
    'GET /admin/efris/documents/': () => makePage([refused, ticketInvoice], { pageSize: 25 }),
    'GET /admin/efris/settings/': () => settings,
    'GET /admin/efris/credit-notes/': () => makePage([], { pageSize: 25 }),
    'GET /admin/efris/category-mappings/': () => makePage([], { pageSize: 25 }),
    ...handlers,
  });
  return renderApp('/admin/efris').then((view) => ({ api, ...view }));
}

describe('/admin/efris', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /admin/efris/documents/')).toHaveLength(0);
  });

  it('shows staff the refused invoice with URA’s message, retries it, and no connection settings', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', { 'POST /admin/efris/documents/7/retry/': () => ({ queued: true }) });
    const table = await screen.findByRole('table', { name: 'Invoices sent to EFRIS, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('INV-000042');
    expect(row).toHaveTextContent('Refused');
    expect(row).toHaveTextContent('The signature verification failed');
    // On a phone each value is labelled, the long header shortened.
    expect(within(row).getByText(/The signature verification failed/)).toHaveAttribute(
      'data-label',
      'Fiscal number',
    );
    // The credit notes' list has none yet, and says so.
    expect(await screen.findByText('No credit note here.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 invoice waiting for URA’s EFRIS for more than 1 hour',
    );
    await user.click(within(row).getByRole('button', { name: 'Retry invoice INV-000042' }));
    expect(api.callsTo('POST /admin/efris/documents/7/retry/')).toHaveLength(1);
    // A ticket's invoice sits in the same queue, fiscalised, with nothing to retry.
    const ticketRow = within(table).getAllByRole('row')[2]!;
    expect(ticketRow).toHaveTextContent('INV-000043');
    expect(ticketRow).toHaveTextContent('Event ticket');
    expect(ticketRow).toHaveTextContent('Fiscalised');
    expect(ticketRow).toHaveTextContent('32100000008');
    expect(within(ticketRow).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Connection to URA' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /admin/efris/settings/')).toHaveLength(0);
  });

  it('shows admins the key only by its fingerprint, and the registration after a test', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin', {
      'POST /admin/efris/settings/test-connection/': () => ({
        ok: true,
        clock_offset_seconds: 1,
        clock_within_limit: true,
        registration: {
          tin: '1000123456',
          legal_name: 'KAMPALA CELLARS LIMITED',
          business_name: 'Kampala Cellars',
          address: 'Kololo',
          device_no: 'TCS00012345',
        },
        error: null,
      }),
    });
    expect(await screen.findByText(/A key is on file \(fingerprint abababababababab…/)).toBeInTheDocument();
    expect(screen.getByLabelText('Private key (PEM)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('KAMPALA CELLARS LIMITED')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/efris/settings/test-connection/')).toHaveLength(1);
  });

  it('refuses a TIN that is not 10 digits before sending', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin');
    const tin = await screen.findByLabelText('TIN');
    await user.clear(tin);
    await user.type(tin, '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/TIN: must be the 10 digits/)).toBeInTheDocument();
    expect(api.callsTo('PUT /admin/efris/settings/')).toHaveLength(0);
  });

  it('shows staff a credit note URA rejected, with URA’s message, and applies for it again', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /admin/efris/summary/': () => summary({ waiting_over_an_hour: 0, credit_notes_failed: 1 }),
      'GET /admin/efris/credit-notes/': () => makePage([rejected], { pageSize: 25 }),
      'POST /admin/efris/credit-notes/3/retry/': () => ({ queued: true }),
    });
    const table = await screen.findByRole('table', { name: 'Credit notes sent to EFRIS, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('CN-000012');
    expect(row).toHaveTextContent('Invoice INV-000042');
    expect(row).toHaveTextContent('Rejected by URA');
    expect(row).toHaveTextContent('The goods were not returned');
    expect(within(row).getByText(/The goods were not returned/)).toHaveAttribute('data-label', 'URA');
    expect(screen.getByRole('alert')).toHaveTextContent('1 credit note refused or rejected by URA.');
    await user.click(within(row).getByRole('button', { name: 'Apply again for credit note CN-000012' }));
    expect(api.callsTo('POST /admin/efris/credit-notes/3/retry/')).toHaveLength(1);
  });

  it('asks the server for the next page of the queue, and for the first page of another tab', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /admin/efris/documents/': (request) =>
        makePage([{ ...refused, reference_no: `INV-00004${request.url.searchParams.get('page') ?? '1'}` }], {
          pageSize: 1,
          count: 3,
          page: Number(request.url.searchParams.get('page') ?? '1'),
        }),
    });
    const queue = await screen.findByRole('region', { name: 'Fiscalisation queue' });
    expect(await within(queue).findByText('INV-000041')).toBeInTheDocument();
    await user.click(within(queue).getByRole('button', { name: 'Next' }));
    expect(await within(queue).findByText('INV-000042')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/efris/documents/').at(-1)?.url.searchParams.get('page')).toBe('2');
    await user.click(within(queue).getByRole('tab', { name: 'Refused' }));
    await within(queue).findByText('INV-000041');
    const last = api.callsTo('GET /admin/efris/documents/').at(-1)?.url.searchParams;
    expect(last?.get('state')).toBe('failed');
    expect(last?.get('page') ?? '1').toBe('1');
  });
});
