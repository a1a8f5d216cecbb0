import type { DeliveryZone } from '@shop/contract/delivery';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeZone } from '../../../test/fakes/orders-api';
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const zones = (): DeliveryZone[] => [
  makeZone({ sort_order: 10, is_active: true }),
  makeZone({
    id: 7,
    slug: 'wakiso-north',
    name: 'Wakiso North',
    areas: 'Gayaza, Kasangati',
    fee: 25_000,
    delivery_time_minutes: 360,
    delivery_time_label: '4–6 hours',
    sort_order: 70,
    is_active: false,
  }),
];

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp('/admin/delivery-zones').then((view) => ({ api, ...view }));
}

describe('/admin/delivery-zones', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /orders/delivery-zones/')).toHaveLength(0);
  });

  it('lists every zone, withdrawn ones too, with its fee and time', async () => {
    const { api } = await open('staff', { 'GET /orders/delivery-zones/': () => ({ results: zones() }) });
    const table = await screen.findByRole('table', { name: 'Delivery zones' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Central KampalaKololo, Nakasero, Bugolobi, NaguruShs 10,0002–4 hoursOffered'),
      expect.stringContaining('Wakiso NorthGayaza, KasangatiShs 25,0004–6 hoursWithdrawn'),
    ]);
    expect(api.callsTo('GET /orders/delivery-zones/')[0]?.url.searchParams.get('include_inactive')).toBe(
      'true',
    );
  });

  it('changes a zone’s fee, sending only what changed, and shows the zones again', async () => {
    const user = userEvent.setup();
    let current = zones();
    const { api } = await open('admin', {
      'GET /orders/delivery-zones/': () => ({ results: current }),
      'PATCH /orders/delivery-zones/1/': ({ body }) => {
        current = [{ ...current[0]!, ...(body as Partial<DeliveryZone>) }, current[1]!];
        return current[0];
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Change Central Kampala' }));
    const form = screen.getByRole('form', { name: 'Change Central Kampala' });
    const fee = within(form).getByLabelText('Delivery fee (Shs)');
    await user.clear(fee);
    await user.type(fee, '12000');
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));

    await waitFor(() => expect(api.callsTo('PATCH /orders/delivery-zones/1/')).toHaveLength(1));
    expect(api.callsTo('PATCH /orders/delivery-zones/1/')[0]!.body).toEqual({ fee: 12_000 });
    expect(await screen.findByText('Shs 12,000')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change Central Kampala' })).not.toBeInTheDocument();
  });

  it('withdraws a zone from checkout', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /orders/delivery-zones/': () => ({ results: zones() }),
      'PATCH /orders/delivery-zones/1/': ({ body }) => ({ ...zones()[0]!, ...(body as object) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change Central Kampala' }));
    const form = screen.getByRole('form', { name: 'Change Central Kampala' });
    await user.click(within(form).getByRole('checkbox', { name: 'Offered at checkout' }));
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    await waitFor(() => expect(api.callsTo('PATCH /orders/delivery-zones/1/')).toHaveLength(1));
    expect(api.callsTo('PATCH /orders/delivery-zones/1/')[0]!.body).toEqual({ is_active: false });
  });

  it('checks a new zone with the contract’s rules before sending, then shows the server’s refusal beside its field', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /orders/delivery-zones/': () => ({ results: zones() }),
      'POST /orders/delivery-zones/': () =>
        envelope(409, 'conflict', 'Another delivery zone has this slug.', [
          { field: 'slug', message: 'Already used' },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a zone' }));
    const form = screen.getByRole('form', { name: 'Add a zone' });
    await user.type(within(form).getByLabelText('Name'), 'Mukono');
    await user.type(within(form).getByLabelText('Slug'), 'Mukono Town');
    await user.type(within(form).getByLabelText('Delivery fee (Shs)'), '-5');
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    expect(
      await within(form).findByText('Use lower-case letters, digits and single hyphens'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Fee cannot be negative')).toBeInTheDocument();
    expect(within(form).getByText('Delivery time must be a whole number of minutes')).toBeInTheDocument();
    expect(within(form).getByText('Delivery time label is required')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/delivery-zones/')).toHaveLength(0);

    const slug = within(form).getByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, 'central-kampala');
    const fee = within(form).getByLabelText('Delivery fee (Shs)');
    await user.clear(fee);
    await user.type(fee, '30000');
    await user.type(within(form).getByLabelText('Delivery time (minutes)'), '240');
    await user.type(within(form).getByLabelText('Delivery time shown'), '3–5 hours');
    await user.click(within(form).getByRole('button', { name: 'Save zone' }));
    expect(await within(form).findByText('Already used')).toBeInTheDocument();
    expect(api.callsTo('POST /orders/delivery-zones/')[0]!.body).toEqual({
      name: 'Mukono',
      slug: 'central-kampala',
      areas: '',
      fee: 30_000,
      delivery_time_minutes: 240,
      delivery_time_label: '3–5 hours',
      sort_order: 0,
      is_active: true,
    });
  });
});
