import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings-values';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeOrder, ORDER_ID } from '../../../test/fakes/orders-api';
import { renderApp } from '../../../test/render';
import { ORDER_NOT_FOUND_MESSAGE } from './order-success';

// The whole app renders here (lazy pages, the session start): on a busy machine that takes a while.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

async function openSuccess(
  order: unknown,
  id = ORDER_ID,
  emailDelivery: 'sent' | 'held' = 'sent',
  settings: unknown = DEFAULT_SHOP_SETTINGS,
) {
  const api = mockIdentityApi({
    'GET /settings/': () => settings,
    'GET /auth/get-session': () => customerSession(),
    'GET /email/delivery/': () => ({ email_delivery: emailDelivery }),
    [`GET /orders/orders/${id}/`]: () => order,
  });
  const view = await renderApp(`/order_success/${id}`);
  return { api, ...view };
}

const nextSteps = () => screen.getByRole('region', { name: 'What happens next' });

describe('the order success page', () => {
  it('shows the order number, items, totals, delivery details and what happens next (cash on delivery)', async () => {
    await openSuccess(makeOrder());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ORD-20261122-7KQ2M')).toBeInTheDocument();

    const items = screen.getByRole('region', { name: 'Items (3 items)' });
    expect(within(items).getAllByRole('link', { name: 'Kanonkop Pinotage' })[0]).toHaveAttribute(
      'href',
      '/products/kanonkop-pinotage',
    );
    expect(items).toHaveTextContent('750 ml bottle · 2 × Shs 260,000Shs 520,000');
    expect(items).toHaveTextContent('1.5 L magnum · 1 × Shs 540,000Shs 540,000');
    expect(items).toHaveTextContent('SubtotalShs 1,060,000DeliveryFreeTotalShs 1,060,000');

    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Amina Nakato, +256772123456');
    expect(delivery).toHaveTextContent('Central Kampala (2–4 hours)');
    expect(delivery).toHaveTextContent('Opposite Shell Kololo');
    expect(delivery).toHaveTextContent('Evening (17:00–20:00)');

    expect(nextSteps()).toHaveTextContent('Pay Shs 1,060,000 in cash at the door.');
    expect(nextSteps()).toHaveTextContent(
      'Delivery to Central Kampala usually takes 2–4 hours from dispatch.',
    );
    expect(screen.queryByText(/awaiting approval/)).not.toBeInTheDocument();
  });

  it('names the preferred window with the shop’s hours (a setting), and the VAT added and the VAT invoice’s business', async () => {
    const windows = { ...DEFAULT_SHOP_SETTINGS.delivery_windows, evening: { from: 18, to: 21 } };
    await openSuccess(
      makeOrder({
        vat_added: 190_800,
        total: 1_250_800,
        vat_invoice: { business_name: 'Acacia Lodge Ltd', tin: '1000987654' },
      }),
      ORDER_ID,
      'sent',
      {
        ...DEFAULT_SHOP_SETTINGS,
        delivery_windows: windows,
        vat_tin: '1000123456',
        prices_include_vat: false,
      },
    );
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(await within(delivery).findByText('Evening (18:00–21:00)')).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items (3 items)' });
    expect(items).toHaveTextContent('VAT (18%)Shs 190,800TotalShs 1,250,800');
    expect(screen.getByRole('region', { name: 'VAT invoice' })).toHaveTextContent(
      'Made out to Acacia Lodge Ltd, TIN 1000987654.',
    );
  });

  it('shows the discount code and its saving between the delivery and the total', async () => {
    await openSuccess(makeOrder({ discount: 106_000, discount_code: 'CHEERS10', total: 954_000 }));
    const items = await screen.findByRole('region', { name: 'Items (3 items)' });
    expect(items).toHaveTextContent(
      'SubtotalShs 1,060,000DeliveryFreeDiscount (CHEERS10)−Shs 106,000TotalShs 954,000',
    );
  });

  it('promises a confirmation e-mail only while the shop sends e-mail', async () => {
    const sent = await openSuccess(makeOrder());
    expect(
      await screen.findByText('We have your order, Amina. A confirmation is on its way to your e-mail.'),
    ).toBeInTheDocument();
    sent.unmount();

    await openSuccess(makeOrder(), ORDER_ID, 'held');
    expect(
      await screen.findByText(
        'We have your order, Amina. Our team will confirm it with you by phone; meanwhile you can follow it under Your orders.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/on its way to your e-mail/)).not.toBeInTheDocument();
  });

  it('promises an SMS only to the verified phone the API says the order’s SMS go to', async () => {
    const sms = await openSuccess(makeOrder({ sms_updates_to: '+256701999888' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(nextSteps()).toHaveTextContent('We confirm your order by SMS to +256701999888.');
    expect(nextSteps()).not.toHaveTextContent('+256772123456.');
    sms.unmount();

    // No SMS provider, or an unverified phone: no SMS is promised, only what is sent.
    const email = await openSuccess(makeOrder({ sms_updates_to: null }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(nextSteps()).toHaveTextContent('We confirm your order by e-mail.');
    expect(nextSteps()).not.toHaveTextContent(/SMS/);
    email.unmount();

    await openSuccess(makeOrder({ sms_updates_to: null }), ORDER_ID, 'held');
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(nextSteps()).toHaveTextContent('Our team confirms your order with you by phone.');
    expect(nextSteps()).not.toHaveTextContent(/SMS|e-mail/);
  });

  it('says the mobile money payment is awaiting approval while it is pending', async () => {
    await openSuccess(
      makeOrder({
        payment_method: 'mobile_money',
        mobile_money_network: 'MTN',
        payment_phone: '+256772123456',
        payment_due_at: '2026-11-22T11:35:00.000Z',
      }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment is awaiting approval' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/mobile money payment is/).closest('[role="status"]')).toHaveTextContent(
      'Your order is placed and your mobile money payment is awaiting approval.',
    );
    expect(nextSteps()).toHaveTextContent('Approve the MTN Mobile Money prompt on +256772123456.');
    expect(nextSteps()).toHaveTextContent('Unpaid orders are cancelled at 14:35.');
  });

  it('tells a pick-up customer where to collect the order, at the address and hours of the shop’s settings', async () => {
    // An admin moved the shop and shortened Sunday: the page follows the settings, not a constant.
    const settings = {
      ...DEFAULT_SHOP_SETTINGS,
      address: 'Plot 7, Bukoto Street, Kamwokya, Kampala',
      opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours.map((day) =>
        day.day === 'sunday' ? { ...day, opens: '14:00', closes: '18:00' } : day,
      ),
    };
    await openSuccess(
      makeOrder({ fulfilment: 'pickup', delivery_zone: null, street: null, delivery_instructions: null }),
      ORDER_ID,
      'sent',
      settings,
    );
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(nextSteps()).toHaveTextContent('Collect it at Kampala Cellars.');
    expect(nextSteps()).toHaveTextContent(
      'Plot 7, Bukoto Street, Kamwokya, Kampala. Open Monday to Saturday 09:00–21:00, Sunday 14:00–18:00 (Kampala time).',
    );
    expect(nextSteps()).not.toHaveTextContent('12:00–19:00');
    expect(nextSteps()).toHaveTextContent('in cash when you collect your order');
    const pickup = screen.getByRole('region', { name: 'Pick-up' });
    expect(pickup).toHaveTextContent('Plot 7, Bukoto Street, Kamwokya, Kampala');
    expect(pickup).toHaveTextContent('Sunday 14:00–18:00');
  });

  it('says so when the order is not one of the customer’s (404)', async () => {
    await openSuccess(envelope(404, 'not_found', 'Order not found'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByText(ORDER_NOT_FOUND_MESSAGE)).toBeInTheDocument();
  });

  it('asks a visitor who is not signed in to sign in, without asking for the order', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp(`/order_success/${ORDER_ID}`);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirect=%2Forder_success%2F${ORDER_ID}`,
    );
    expect(api.callsTo(`GET /orders/orders/${ORDER_ID}/`)).toHaveLength(0);
  });
});
