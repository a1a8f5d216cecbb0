import type { Company } from '@shop/contract/companies';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makeCart, makeCartItem } from '../../../test/fakes/cart-api';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeOrder, ORDER_ID, sampleZones } from '../../../test/fakes/orders-api';
import { renderApp } from '../../../test/render';

// "Order for <company>" at checkout (issue 39): the whole app renders, as in checkout.test.tsx.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const COMPANY_ID = '0b5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c';
const company = (overrides: Partial<Company> = {}): Company => ({
  id: COMPANY_ID,
  name: 'Acacia Lodge Ltd',
  tin: '1000987654',
  billing_address: 'Plot 14, Acacia Avenue, Kololo',
  billing_contact_name: 'Grace Auma',
  billing_contact_phone: '+256772555123',
  billing_email: 'accounts@acacia.example',
  status: 'approved',
  created_at: '2026-11-25T08:00:00.000Z',
  on_account: false,
  ...overrides,
});

async function openCheckout(companies: Company[], handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    'GET /orders/cart/my_cart/': () =>
      makeCart([
        makeCartItem({ id: 1, product_name: 'Kanonkop Pinotage', unit_price: 260_000, quantity: 1 }),
      ]),
    'GET /orders/delivery-zones/': () => ({ results: sampleZones() }),
    'GET /companies/': () => makePage(companies, { pageSize: 50 }),
    [`GET /orders/orders/${ORDER_ID}/`]: () => makeOrder(),
    ...handlers,
  });
  await renderApp('/checkout');
  await screen.findByRole('form', { name: 'Checkout' });
  return api;
}

const placeOrderButton = () => screen.getByRole('button', { name: /^(Place order|Placing your order)/ });

async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Preferred delivery time'), 'evening');
  await user.click(screen.getByRole('radio', { name: /^Cash on delivery/ }));
}

describe('ordering for a company at checkout', () => {
  it('offers only approved companies, and sends the company with its LPO number', async () => {
    const user = userEvent.setup();
    const api = await openCheckout(
      [
        company(),
        company({ id: '3b5c6a2e-8f7d-4c1e-9a3b-2d4e5f6a7b8c', name: 'Kasubi Traders', status: 'pending' }),
      ],
      { 'POST /orders/cart/checkout/': () => makeOrder() },
    );
    const orderFor = await screen.findByLabelText('Order for');
    expect([...(orderFor as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Myself',
      'Acacia Lodge Ltd',
    ]);
    expect(screen.queryByLabelText('LPO number (optional)')).not.toBeInTheDocument();
    await user.selectOptions(orderFor, COMPANY_ID);
    await user.type(screen.getByLabelText('LPO number (optional)'), ' LPO/2026/118 ');
    await fillTheRest(user);
    await user.click(placeOrderButton());
    await waitFor(() => expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1));
    const body = api.callsTo('POST /orders/cart/checkout/')[0]?.body as Record<string, unknown>;
    expect(body.company).toEqual({ company_id: COMPANY_ID, lpo_number: 'LPO/2026/118' });
    expect(body.vat_invoice).toBeNull();
  });

  it('offers On account only for a company that pays on account, and sends it', async () => {
    const user = userEvent.setup();
    const api = await openCheckout([company({ on_account: true })], {
      'POST /orders/cart/checkout/': () => makeOrder(),
    });
    expect(screen.queryByRole('radio', { name: /^On account/ })).not.toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Order for'), COMPANY_ID);
    await user.selectOptions(screen.getByLabelText('Preferred delivery time'), 'evening');
    await user.click(await screen.findByRole('radio', { name: /^On account/ }));
    await user.click(placeOrderButton());
    await waitFor(() => expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(1));
    const body = api.callsTo('POST /orders/cart/checkout/')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ payment_method: 'on_account', company: { company_id: COMPANY_ID } });
  });

  it('is not offered to a customer without an approved company', async () => {
    await openCheckout([company({ status: 'pending' })]);
    expect(screen.queryByLabelText('Order for')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal beside the company field', async () => {
    const user = userEvent.setup();
    await openCheckout([company()], {
      'POST /orders/cart/checkout/': () =>
        envelope(422, 'validation_failed', 'Please check your input and try again.', [
          { field: 'company.company_id', message: 'This company account is not approved yet' },
        ]),
    });
    await user.selectOptions(await screen.findByLabelText('Order for'), COMPANY_ID);
    await fillTheRest(user);
    await user.click(placeOrderButton());
    expect(await screen.findByText('This company account is not approved yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Order for')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the LPO number before sending', async () => {
    const user = userEvent.setup();
    const api = await openCheckout([company()]);
    await user.selectOptions(await screen.findByLabelText('Order for'), COMPANY_ID);
    await user.type(screen.getByLabelText('LPO number (optional)'), '<b>118</b>');
    await fillTheRest(user);
    await user.click(placeOrderButton());
    expect(await screen.findByText('Use at most 40 letters, digits, spaces, / or -')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/cart/checkout/')).toHaveLength(0);
  });
});
