import type { Company } from '@shop/contract/companies';
import type { OrderList, OrderListPreview } from '@shop/contract/order-lists';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const ID = '0b5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c';
const LIST_ID = '5a5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c';
const company: Company = {
  id: ID,
  name: 'Acacia Lodge Ltd',
  tin: '1000987654',
  billing_address: 'Plot 14, Acacia Avenue, Kololo',
  billing_contact_name: 'Grace Auma',
  billing_contact_phone: '+256772555123',
  billing_email: 'accounts@acacia.example',
  status: 'approved',
  created_at: '2026-11-25T08:00:00.000Z',
  on_account: false,
};

const CSV =
  'recipient,phone,area,street,landmark,delivery_date,message,items\nAuma,0772000111,Central Kampala,Plot 1,,2026-12-05,Cheers,RED-750\n';
const row = {
  row: 2,
  recipient_name: 'Auma',
  recipient_phone: '+256772000111',
  area: 'Central Kampala',
  delivery_date: '2026-12-05',
  items: [{ sku: 'RED-750', name: 'Red 750 ml', quantity: 1, unit_price: 100_000 }],
  subtotal: 100_000,
  delivery_fee: 5_000,
  total: 105_000,
};
const withErrors: OrderListPreview = {
  rows: [row],
  errors: [
    { row: 3, column: 'phone', message: 'Enter a Ugandan mobile number' },
    { row: 4, column: 'items', message: 'Unknown SKU GHOST-1' },
  ],
  totals: { deliveries: 1, subtotal: 100_000, delivery_fees: 5_000, total: 105_000 },
};
const clean: OrderListPreview = { ...withErrors, errors: [] };
const placed: OrderList = {
  id: LIST_ID,
  company_id: ID,
  lpo_number: 'LPO-88',
  delivery_count: 1,
  total: 105_000,
  currency: 'UGX',
  payment_status: 'pending',
  payable: true,
  created_at: '2026-11-29T08:00:00.000Z',
  deliveries: [
    {
      order_id: '6a5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c',
      order_number: 'ORD-20261129-7K3QX',
      recipient_name: 'Auma',
      recipient_phone: '+256772000111',
      area: 'Central Kampala',
      delivery_date: '2026-12-05',
      total: 105_000,
      order_status: 'pending',
      delivery_status: null,
    },
  ],
};

function open(handlers: Record<string, FakeHandler>) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /companies/': () => makePage([company], { pageSize: 50 }),
    [`GET /companies/${ID}/orders/`]: () => makePage([], { pageSize: 20 }),
    ...handlers,
  });
  return renderApp('/company').then((view) => ({ api, ...view }));
}

const file = () => new File([CSV], 'recipients.csv', { type: 'text/csv' });

describe('sending to many recipients from /company', () => {
  it('shows each bad row and column and offers nothing to place', async () => {
    const { api } = await open({ 'POST /orders/lists/preview/': () => withErrors });
    const section = await screen.findByRole('region', {
      name: 'Send to many recipients for Acacia Lodge Ltd',
    });
    await userEvent.upload(within(section).getByLabelText('Recipients’ CSV'), file());
    const errors = await within(section).findByRole('table', { name: 'Row errors' });
    expect(within(errors).getByRole('row', { name: /3 phone Enter a Ugandan mobile number/ })).toBeVisible();
    expect(within(errors).getByRole('row', { name: /4 items Unknown SKU GHOST-1/ })).toBeVisible();
    expect(within(section).queryByRole('button', { name: /^Place/ })).toBeNull();
    expect(api.callsTo('POST /orders/lists/preview/')[0]!.body).toEqual({ company_id: ID, csv: CSV });
  });

  it('previews the totals, places the list once and lists its deliveries with a report', async () => {
    const { api } = await open({
      'POST /orders/lists/preview/': () => clean,
      'POST /orders/lists/': () => placed,
      [`GET /orders/lists/${LIST_ID}/`]: () => placed,
    });
    const section = await screen.findByRole('region', {
      name: 'Send to many recipients for Acacia Lodge Ltd',
    });
    await userEvent.upload(within(section).getByLabelText('Recipients’ CSV'), file());
    expect(await within(section).findByText('Shs 105,000')).toBeVisible();
    await userEvent.type(within(section).getByLabelText('LPO number (optional)'), 'LPO-88');
    await userEvent.click(within(section).getByRole('button', { name: 'Place 1 deliveries' }));
    const deliveries = await within(section).findByRole('table', { name: 'Deliveries' });
    expect(
      within(deliveries).getByRole('row', { name: /ORD-20261129-7K3QX Auma Central Kampala/ }),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Pay Shs 105,000 by mobile money' })).toBeVisible();
    expect(within(section).getByRole('link', { name: /Download the deliveries report/ })).toHaveAttribute(
      'href',
      expect.stringContaining(`/orders/lists/${LIST_ID}/report.csv`),
    );
    await waitFor(() => expect(api.callsTo('POST /orders/lists/')).toHaveLength(1));
    expect(api.callsTo('POST /orders/lists/')[0]!.body).toMatchObject({
      company_id: ID,
      csv: CSV,
      lpo_number: 'LPO-88',
      payment_method: 'mobile_money',
      idempotency_key: expect.any(String),
    });
  });
});
