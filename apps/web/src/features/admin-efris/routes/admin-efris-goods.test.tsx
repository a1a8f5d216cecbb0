import type { EfrisCategoryMapping, EfrisGood } from '@shop/contract/efris-goods';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  envelope,
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

const wine: EfrisCategoryMapping = { category_id: 4, category_name: 'Red wine', sizes: 12, mapping: null };

const refusedSize: EfrisGood = {
  variant_id: 31,
  sku: 'CHN-750',
  product_name: 'Château Neuf',
  variant_name: '750 ml',
  category_name: 'Red wine',
  mapping_source: 'category',
  mapping: null,
  state: 'failed',
  attempts: 1,
  last_error: 'URA refused T130: The commodity category does not exist (code 645)',
  last_return_code: '645',
  registered_at: null,
  next_attempt_at: null,
};

function open(role: 'staff' | 'admin', handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /users/users/profile/': () => makeProfile({ role }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/efris/summary/': () => ({
      enabled: true,
      pending: 0,
      failed: 0,
      credit_notes_pending: 0,
      credit_notes_awaiting_approval: 0,
      credit_notes_failed: 0,
      waiting_over_an_hour: 0,
      oldest_waiting_since: null,
      clock_skew_seconds: null,
    }),
    'GET /admin/efris/documents/': () => makePage([], { pageSize: 25 }),
    'GET /admin/efris/credit-notes/': () => makePage([], { pageSize: 25 }),
    'GET /admin/efris/settings/': () => ({}),
    'GET /admin/efris/category-mappings/': () => makePage([wine], { pageSize: 25 }),
    'GET /admin/efris/commodity-categories/': (request) =>
      makePage(
        request.url.searchParams.get('search') === 'wine'
          ? [{ code: '50202201', name: 'Wine', parent_code: '502022', is_leaf: true, rate: '18' }]
          : [],
        { pageSize: 8 },
      ),
    'GET /admin/efris/excise-codes/': () =>
      makePage([{ code: 'LED190100', name: 'Wine from grapes', rate_text: '80%', unit: null }], {
        pageSize: 8,
      }),
    'GET /admin/efris/goods/': () => makePage([refusedSize], { pageSize: 25 }),
    'GET /admin/efris/stock-increases/': () => makePage([], { pageSize: 25 }),
    ...handlers,
  });
  return renderApp('/admin/efris').then((view) => ({ api, ...view }));
}

describe('/admin/efris goods', () => {
  it('lets an admin search a commodity and an excise duty, pick them and map a category', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin', {
      'PUT /admin/efris/category-mappings/4/': () => ({ queued: true }),
    });
    const goods = await screen.findByRole('region', { name: 'Goods' });
    const table = await within(goods).findByRole('table', { name: 'Categories mapped to URA’s codes' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Not mapped');
    await user.click(within(table).getByRole('button', { name: 'Map Red wine' }));
    const form = await screen.findByRole('form', { name: 'Map Red wine' });
    await user.type(within(form).getByLabelText('Search commodity category'), 'wine');
    await user.click(await within(form).findByRole('button', { name: '50202201 Wine' }));
    expect(within(form).getByText('Chosen: 50202201 Wine')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Search excise duty'), 'grape');
    await user.click(await within(form).findByRole('button', { name: 'LED190100 Wine from grapes' }));
    await user.click(within(form).getByRole('button', { name: 'Save mapping' }));
    await vi.waitFor(() => expect(api.callsTo('PUT /admin/efris/category-mappings/4/')).toHaveLength(1));
    expect(api.callsTo('PUT /admin/efris/category-mappings/4/')[0]?.body).toEqual({
      commodity_code: '50202201',
      unit: '102',
      excise_code: 'LED190100',
    });
    expect(await screen.findByText(/Red wine mapped/)).toBeInTheDocument();
    expect(api.callsTo('GET /admin/efris/commodity-categories/').at(-1)?.url.searchParams.get('search')).toBe(
      'wine',
    );
  });

  it('shows the API’s 422 by the field it names', async () => {
    const user = userEvent.setup();
    await open('admin', {
      'PUT /admin/efris/category-mappings/4/': () =>
        envelope(422, 'validation_failed', 'Validation failed', [
          { field: 'commodity_code', message: 'is not one of URA’s commodity categories' },
        ]),
    });
    const table = await screen.findByRole('table', { name: 'Categories mapped to URA’s codes' });
    await user.click(within(table).getByRole('button', { name: 'Map Red wine' }));
    const form = await screen.findByRole('form', { name: 'Map Red wine' });
    await user.type(within(form).getByLabelText('Search commodity category'), 'wine');
    await user.click(await within(form).findByRole('button', { name: '50202201 Wine' }));
    await user.click(within(form).getByRole('button', { name: 'Save mapping' }));
    const message = await within(form).findByText(
      'Commodity category: is not one of URA’s commodity categories',
    );
    expect(within(form).getByRole('group', { name: 'Commodity category' })).toHaveAttribute(
      'aria-describedby',
      message.id,
    );
  });

  it('refuses to send a mapping without a commodity category', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin');
    const table = await screen.findByRole('table', { name: 'Categories mapped to URA’s codes' });
    await user.click(within(table).getByRole('button', { name: 'Map Red wine' }));
    const form = await screen.findByRole('form', { name: 'Map Red wine' });
    await user.click(within(form).getByRole('button', { name: 'Save mapping' }));
    expect(await within(form).findByText(/^Commodity category: is required/)).toBeInTheDocument();
    expect(api.callsTo('PUT /admin/efris/category-mappings/4/')).toHaveLength(0);
  });

  it('shows staff the mappings without a Map button or a refresh, and retries a refused size', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', { 'POST /admin/efris/goods/31/retry/': () => ({ queued: true }) });
    const goods = await screen.findByRole('region', { name: 'Goods' });
    const table = await within(goods).findByRole('table', { name: 'Categories mapped to URA’s codes' });
    expect(within(table).getByText('Red wine')).toBeInTheDocument();
    expect(within(goods).queryByRole('button', { name: /^Map/ })).not.toBeInTheDocument();
    expect(within(goods).queryByRole('button', { name: 'Refresh dictionaries' })).not.toBeInTheDocument();
    await user.click(within(goods).getByRole('tab', { name: 'Sizes' }));
    const sizes = await within(goods).findByRole('table', { name: 'Sizes registered with URA' });
    const row = within(sizes).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('CHN-750');
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('The commodity category does not exist');
    await user.click(within(row).getByRole('button', { name: 'Retry size CHN-750' }));
    expect(api.callsTo('POST /admin/efris/goods/31/retry/')).toHaveLength(1);
  });
});
