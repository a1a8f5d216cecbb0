import type { AdminCategory } from '@shop/contract/categories-admin';
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
import { renderApp } from '../../../test/render';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const LIST = 'GET /admin/catalog/categories/';

const category = (overrides: Partial<AdminCategory>): AdminCategory => ({
  id: 1,
  slug: 'red-wine',
  name: 'Red wine',
  description: null,
  image: null,
  sort_order: 10,
  is_active: true,
  product_count: 12,
  listed_count: 12,
  ...overrides,
});

const categories = () => [
  category({}),
  category({ id: 2, slug: 'gin', name: 'Gin', sort_order: 20, product_count: 3, listed_count: 2 }),
  category({
    id: 3,
    slug: 'mead',
    name: 'Mead',
    sort_order: 30,
    is_active: false,
    product_count: 0,
    listed_count: 0,
  }),
];

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp('/admin/categories').then((view) => ({ api, ...view }));
}

describe('/admin/categories', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('lists every category with its products, hidden ones too', async () => {
    await open('staff', { [LIST]: () => ({ results: categories() }) });
    const table = await screen.findByRole('table', { name: 'Categories' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Red winered-wine12 productsShown'),
      expect.stringContaining('Gingin3 products (2 listed)Shown'),
      expect.stringContaining('Meadmead0 productsHidden'),
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Up Red wine' })).toBeDisabled();
  });

  it('moves a category up, hides one, and shows a refused removal', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin', {
      [LIST]: () => ({ results: categories() }),
      'PUT /admin/catalog/categories/order/': () => ({ results: categories() }),
      'PATCH /admin/catalog/categories/2/': ({ body }) => ({ ...categories()[1]!, ...(body as object) }),
      'DELETE /admin/catalog/categories/1/': () =>
        envelope(
          409,
          'conflict',
          'Red wine still has 12 products. Move its 12 products to another category first.',
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Up Gin' }));
    await waitFor(() => expect(api.callsTo('PUT /admin/catalog/categories/order/')).toHaveLength(1));
    expect(api.callsTo('PUT /admin/catalog/categories/order/')[0]!.body).toEqual({ ids: [2, 1, 3] });

    await user.click(screen.getByRole('button', { name: 'Hide Gin' }));
    await waitFor(() => expect(api.callsTo('PATCH /admin/catalog/categories/2/')).toHaveLength(1));
    expect(api.callsTo('PATCH /admin/catalog/categories/2/')[0]!.body).toEqual({ is_active: false });

    await user.click(screen.getByRole('button', { name: 'Remove Red wine' }));
    expect(
      await screen.findByText(
        'Red wine still has 12 products. Move its 12 products to another category first.',
      ),
    ).toBeInTheDocument();
  });

  it('checks a new category with the contract, suggests the slug, and shows the server’s refusal beside its field', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      [LIST]: () => ({ results: categories() }),
      'POST /admin/catalog/categories/': () =>
        envelope(409, 'conflict', 'Another category already uses the slug “gin”.', [
          { field: 'slug', message: '“gin” is taken by another category' },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a category' }));
    const form = screen.getByRole('form', { name: 'Add a category' });
    await user.type(within(form).getByLabelText('Slug'), 'Not A Slug');
    await user.click(within(form).getByRole('button', { name: 'Save category' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(
      within(form).getByText('Use lower-case letters, digits and single hyphens (e.g. red-wine)'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /admin/catalog/categories/')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Slug'));
    await user.type(within(form).getByLabelText('Name'), 'Gin & Tonic');
    expect(
      within(form).getByText('Left empty, it is made from the name: gin-and-tonic.'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Slug'), 'gin');
    await user.click(within(form).getByRole('button', { name: 'Save category' }));
    expect(await within(form).findByText('“gin” is taken by another category')).toBeInTheDocument();
    expect(api.callsTo('POST /admin/catalog/categories/')[0]!.body).toEqual({
      name: 'Gin & Tonic',
      slug: 'gin',
      description: '',
      image: '',
      is_active: true,
    });
  });
});
