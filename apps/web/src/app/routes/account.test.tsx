import { sectionsOf } from '@shop/contract/back-office';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_CHANGED_MESSAGE } from '../../features/identity/components/change-password-form';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import {
  confirmAge,
  customerSession,
  envelope,
  makeProfile,
  mockIdentityApi,
} from '../../test/fakes/identity-api';
import { renderApp } from '../../test/render';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

function section(name: string) {
  return screen.getByRole('region', { name });
}

describe('the account page', () => {
  it('shows the profile summary and links to every protected screen', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
    });
    await renderApp('/account');
    const details = section('Your details');
    expect(await within(details).findByText('Amina Nakato')).toBeInTheDocument();
    expect(within(details).getByText('+256772123456')).toBeInTheDocument();
    expect(within(details).getByText('Acacia Avenue, Kololo')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Edit your profile' })).toHaveAttribute(
      'href',
      '/profile',
    );

    const shopping = section('Your shopping');
    for (const [name, href] of [
      ['Order history', '/order-history'],
      ['Invoices', '/invoices'],
      ['Payment history', '/payments'],
      ['Delivery tracking', '/delivery-tracking'],
      ['Wishlist', '/wishlist'],
      ['Company accounts', '/company'],
      ['Profile', '/profile'],
    ] as const) {
      expect(within(shopping).getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        href,
      );
    }
  });

  // Each card only for those who may use its section (issue 33 item 13): staff were shown Refunds
  // and Shop settings, then refused.
  const DESK_CARDS = [
    ['The day’s figures', '/admin'],
    ['Orders', '/admin/orders'],
    ['Products', '/admin/products'],
    ['Events', '/admin/events'],
    ['Delivery zones', '/admin/delivery-zones'],
    ['Outbox', '/admin/outbox'],
    ['Categories', '/admin/categories'],
    ['Import / export', '/admin/catalog-import'],
    ['Stock', '/admin/stock'],
    ['Refunds', '/admin/refunds'],
    ['Discount codes', '/admin/discounts'],
    ['Company accounts', '/admin/companies'],
    ['Reviews', '/admin/reviews'],
    ['Newsletter', '/admin/newsletter'],
    ['Customers', '/admin/customers'],
    ['Audit trail', '/admin/audit'],
    ['Shop settings', '/admin/settings'],
    ['Staff and roles', '/admin/staff'],
  ] as const;
  const ADMINS_ONLY = ['Shop settings', 'Staff and roles'];

  it.each([
    { role: 'staff', refundsByStaff: false, hidden: ['Refunds', ...ADMINS_ONLY] },
    { role: 'staff', refundsByStaff: true, hidden: ADMINS_ONLY },
    { role: 'admin', refundsByStaff: false, hidden: [] },
  ] as const)(
    'shows $role (refunds by staff: $refundsByStaff) the desk cards of their sections only',
    async ({ role, refundsByStaff, hidden }) => {
      const api = mockIdentityApi({
        'GET /auth/get-session': () => customerSession({ role }),
        'GET /users/users/profile/': () => makeProfile({ role }),
        'GET /admin/access/': () => ({ sections: sectionsOf(role, { refundsByStaff }) }),
      });
      await renderApp('/account');
      const desk = await screen.findByRole('region', { name: 'Staff desk' });
      await waitFor(() => expect(api.callsTo('GET /admin/access/')).toHaveLength(1));
      for (const [name, href] of DESK_CARDS) {
        if ((hidden as readonly string[]).includes(name)) {
          await waitFor(() =>
            expect(
              within(desk).queryByRole('link', { name: new RegExp(`^${name}`) }),
            ).not.toBeInTheDocument(),
          );
        } else {
          expect(await within(desk).findByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
            'href',
            href,
          );
        }
      }
    },
  );

  it('shows no staff desk to a customer, and asks for no back-office sections', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
    });
    await renderApp('/account');
    await screen.findByRole('region', { name: 'Your shopping' });
    expect(screen.queryByRole('region', { name: 'Staff desk' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /admin/access/')).toHaveLength(0);
  });

  it('shows a rider the way to their run, and no staff desk', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession({ role: 'rider' }),
      'GET /users/users/profile/': () => makeProfile({ role: 'rider' }),
    });
    await renderApp('/account');
    const deliveries = await screen.findByRole('region', { name: 'Your deliveries' });
    expect(within(deliveries).getByRole('link', { name: /Today’s run/ })).toHaveAttribute('href', '/rider');
    expect(screen.queryByRole('region', { name: 'Staff desk' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /admin/access/')).toHaveLength(0);
  });

  it('says "No orders yet" while the order, RSVP and wishlist APIs do not exist (404), without a toast', async () => {
    const toastError = vi.spyOn(toast, 'error');
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
    });
    await renderApp('/account');
    expect(await within(section('Recent orders')).findByText('No orders yet.')).toBeInTheDocument();
    expect(await within(section('Event RSVPs')).findByText('No RSVPs yet.')).toBeInTheDocument();
    expect(await within(section('Wishlist')).findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(api.callsTo('GET /orders/orders/my_orders/')).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('counts what the APIs answer once they exist', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
      'GET /orders/orders/my_orders/': () => ({ results: [{}, {}], count: 2, total_pages: 1, next: null }),
      'GET /orders/wishlist/': () => [{ id: 1 }],
    });
    await renderApp('/account');
    expect(await within(section('Recent orders')).findByText('You have 2 orders.')).toBeInTheDocument();
    expect(await within(section('Wishlist')).findByText('1 bottle saved for later.')).toBeInTheDocument();
  });

  it('does not count a cancelled RSVP: it asks the API for the RSVPs still standing', async () => {
    // The customer's only RSVP is cancelled: the API lists it, but not among the active ones.
    const cancelled = { id: 'r1', status: 'cancelled' };
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
      'GET /events/rsvps/': ({ url }) => {
        const results = url.searchParams.get('active') === 'true' ? [] : [cancelled];
        return { results, count: results.length, total_pages: 1, next: null };
      },
    });
    await renderApp('/account');
    expect(await within(section('Event RSVPs')).findByText('No RSVPs yet.')).toBeInTheDocument();
    expect(within(section('Event RSVPs')).queryByText('You have 1 RSVP.')).not.toBeInTheDocument();
  });

  it('changes the password, and shows a wrong current password next to its field', async () => {
    let attempts = 0;
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
      'POST /auth/change-password': () =>
        ++attempts === 1
          ? envelope(422, 'validation_failed', 'Validation failed', [
              { field: 'currentPassword', message: 'Your current password is not right' },
            ])
          : { token: 'new', user: customerSession().user },
    });
    const user = userEvent.setup();
    await renderApp('/account');
    const form = screen.getByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'wrong');
    await user.type(within(form).getByLabelText('New password'), 'a brand new passphrase');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not right')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'the right one');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('POST /auth/change-password')[1]?.body).toEqual({
      currentPassword: 'the right one',
      newPassword: 'a brand new passphrase',
    });
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
  });
});
