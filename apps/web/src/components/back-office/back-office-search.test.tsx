import { type BackOfficeSearch, sectionsOf } from '@shop/contract/back-office';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../lib/api-client';
import { makePage } from '../../test/fakes/catalog-api';
import { confirmAge, customerSession, makeProfile, mockIdentityApi } from '../../test/fakes/identity-api';
import { renderApp } from '../../test/render';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const HITS: BackOfficeSearch = {
  products: [{ id: 42, name: 'Kasese Red', sku: 'KC-RED-005-750' }],
  orders: [
    { id: '6b1f0000-0000-4000-8000-000000000001', order_number: 'ORD-20261129-AB12C', contact_name: 'Amina' },
  ],
  customers: [{ id: 'u-1', name: 'Amina Nakato', email: 'amina@example.ug' }],
};

function open(answer: BackOfficeSearch = HITS) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role: 'staff' }),
    'GET /users/users/profile/': () => makeProfile({ role: 'staff' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/access/': () => ({ sections: sectionsOf('staff', { refundsByStaff: false }) }),
    'GET /admin/work/': () => ({ orders_to_pack: 0, refunds_due: null, outbox_unsent: 0 }),
    'GET /admin/outbox/': () => ({ ...makePage([], { pageSize: 20 }), smtp_configured: true }),
    'GET /admin/search/': () => answer,
  });
  return renderApp('/admin/outbox').then((view) => ({ api, ...view }));
}

describe('the back office’s search box', () => {
  it('answers products, orders and customers grouped, each linking to its back-office page', async () => {
    const user = userEvent.setup();
    const { api } = await open();
    await user.type(await screen.findByLabelText('Find a product, order or customer'), '  KC-RED {Enter}');
    const products = await screen.findByRole('region', { name: 'Products' });
    expect(api.callsTo('GET /admin/search/')[0]?.url.searchParams.get('q')).toBe('KC-RED');
    expect(within(products).getByRole('link', { name: 'Kasese Red · KC-RED-005-750' })).toHaveAttribute(
      'href',
      '/admin/products/42',
    );
    expect(
      within(screen.getByRole('region', { name: 'Orders' })).getByRole('link', {
        name: /^ORD-20261129-AB12C/,
      }),
    ).toHaveAttribute('href', '/admin/orders/6b1f0000-0000-4000-8000-000000000001');
    expect(
      within(screen.getByRole('region', { name: 'Customers' })).getByRole('link', { name: /^Amina Nakato/ }),
    ).toHaveAttribute('href', '/admin/customers/u-1');
  });

  it('says when nothing is found', async () => {
    const user = userEvent.setup();
    await open({ products: [], orders: [], customers: [] });
    await user.type(await screen.findByLabelText('Find a product, order or customer'), 'zzz{Enter}');
    expect(await screen.findByText('Nothing found for “zzz”.')).toBeInTheDocument();
  });

  it('asks nothing for an empty or too long text, and says why', async () => {
    const user = userEvent.setup();
    const { api } = await open();
    const field = await screen.findByLabelText('Find a product, order or customer');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(/^Type a name, a SKU/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.click(field);
    await user.paste('x'.repeat(101));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('At most 100 characters.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /admin/search/')).toHaveLength(0));
  });
});
