import { type BackOfficeWork, sectionsOf } from '@shop/contract/back-office';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../lib/api-client';
import { makePage } from '../../test/fakes/catalog-api';
import { confirmAge, customerSession, makeProfile, mockIdentityApi } from '../../test/fakes/identity-api';
import { renderApp } from '../../test/render';
import { BACK_OFFICE_LINKS, sectionAt } from './sections';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const NO_WORK: BackOfficeWork = { orders_to_pack: 0, refunds_due: null, outbox_unsent: 0 };

function open(
  role: 'customer' | 'staff' | 'admin',
  { refundsByStaff = false, work = NO_WORK, path = '/admin/outbox' } = {},
) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role }),
    'GET /users/users/profile/': () => makeProfile({ role }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/access/': () => ({ sections: sectionsOf(role, { refundsByStaff }) }),
    'GET /admin/work/': () => work,
    'GET /admin/outbox/': () => ({ ...makePage([], { pageSize: 20 }), smtp_configured: true }),
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

const titles = (role: 'staff' | 'admin', refundsByStaff: boolean) => {
  const sections = sectionsOf(role, { refundsByStaff });
  return BACK_OFFICE_LINKS.filter((link) => sections.includes(link.section)).map((link) => link.title);
};

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Back office' });
  return within(nav).getAllByRole('link');
};

describe('the back-office frame', () => {
  it.each([
    { role: 'staff', refundsByStaff: false },
    { role: 'staff', refundsByStaff: true },
    { role: 'admin', refundsByStaff: false },
  ] as const)(
    'lists the sections $role may use (refunds by staff: $refundsByStaff) and no other',
    async ({ role, refundsByStaff }) => {
      const { api } = await open(role, { refundsByStaff });
      await waitFor(() => expect(api.callsTo('GET /admin/access/')).toHaveLength(1));
      await waitFor(async () =>
        expect((await navLinks()).map((link) => link.textContent)).toEqual(titles(role, refundsByStaff)),
      );
      if (role === 'staff') {
        const names = (await navLinks()).map((link) => link.textContent);
        expect(names).not.toContain('Shop settings');
        expect(names).not.toContain('Staff and roles');
        expect(names.includes('Refunds')).toBe(refundsByStaff);
      }
    },
  );

  it('marks the current section, also on a page inside it', async () => {
    await open('admin', { path: '/admin/newsletter/campaigns' });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Newsletter' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'The day’s figures' })).not.toHaveAttribute('aria-current');
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(sectionAt('/admin/orders/6b1f')).toBe('orders');
    expect(sectionAt('/admin/cash')).toBe('orders');
    expect(sectionAt('/admin/newsletter/campaigns')).toBe('newsletter');
    expect(sectionAt('/admin/')).toBe('dashboard');
    expect(sectionAt('/administration')).toBeNull();
  });

  it('counts orders to pack, refunds due and unsent e-mails, and shows no count at 0', async () => {
    await open('admin', { work: { orders_to_pack: 3, refunds_due: 2, outbox_unsent: 0 } });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(await within(nav).findByRole('link', { name: 'Orders 3 to pack' })).toHaveAttribute(
      'href',
      '/admin/orders',
    );
    expect(within(nav).getByRole('link', { name: 'Refunds 2 due' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Outbox' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('count-outbox')).not.toBeInTheDocument();
  });

  it('gives customers no frame and asks nothing for it', async () => {
    const { api } = await open('customer');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Back office/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /admin/work/')).toHaveLength(0);
  });

  it('opens the phone menu from the keyboard, moves with the arrows and closes on Escape', async () => {
    const user = userEvent.setup();
    await open('staff');
    const button = await screen.findByRole('button', { name: /^Back office/ });
    await waitFor(() => expect(button).toHaveTextContent('Back office: Outbox'));
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(titles('staff', false));
    expect(within(menu).getByRole('menuitem', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.keyboard(' ');
    const again = await screen.findByRole('menu');
    await user.click(within(again).getByRole('menuitem', { name: 'Stock' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});
