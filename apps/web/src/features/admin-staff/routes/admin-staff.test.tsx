import type { StaffMember } from '@shop/contract/staff-accounts';
import { staffAccountsMessages } from '@shop/contract/staff-accounts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { ADMINS_ONLY_MESSAGE } from './admin-staff';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const LIST = 'GET /admin/staff/';
const INVITE = 'POST /admin/staff/invitations/';
const ADMIN_ID = '11111111-1111-4111-8111-111111111111';

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  id: ADMIN_ID,
  name: 'Grace Nansubuga',
  email: 'grace@kampalacellars.ug',
  role: 'admin',
  created_at: '2026-01-10T08:00:00.000Z',
  disabled: false,
  has_password: true,
  ...overrides,
});

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    [LIST]: () => ({ results: [member({})] }),
    ...handlers,
  });
  return renderApp('/admin/staff').then((view) => ({ api, ...view }));
}

describe('/admin/staff', () => {
  it('is for admins only', async () => {
    const { api } = await open('staff');
    expect(await screen.findByText(ADMINS_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('invites a member of staff, showing the contract messages for bad fields', async () => {
    const { api } = await open('admin', {
      [INVITE]: (request) => ({
        member: member({
          id: '22222222-2222-4222-8222-222222222222',
          name: 'Joan Akello',
          email: (request.body as { email: string }).email,
          role: 'staff',
          has_password: false,
        }),
        created: true,
        message: staffAccountsMessages.invited,
      }),
    });
    const form = await screen.findByRole('form', { name: 'Invite a member of staff' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText('Please enter your name')).toBeInTheDocument();
    expect(api.callsTo(INVITE)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('E-mail address'), 'joan@kampalacellars.ug');
    await userEvent.type(within(form).getByLabelText('Name'), 'Joan Akello');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(form).findByText(/joan@kampalacellars.ug is invited as staff/)).toBeInTheDocument();
    expect(api.callsTo(INVITE)[0]?.body).toEqual({
      email: 'joan@kampalacellars.ug',
      name: 'Joan Akello',
      role: 'staff',
    });
  });

  it.each([
    ['held', /waits in the outbox/, true],
    ['sent', /The e-mail with the link to choose a password is on its way/, false],
  ] as const)(
    'says where the invitation went when the shop’s e-mail is %s',
    async (delivery, says, linksOutbox) => {
      await open('admin', {
        'GET /email/delivery/': () => ({ email_delivery: delivery }),
        [INVITE]: (request) => ({
          member: member({
            id: '33333333-3333-4333-8333-333333333333',
            email: (request.body as { email: string }).email,
            role: 'staff',
          }),
          created: true,
          message: staffAccountsMessages.invited,
        }),
      });
      const form = await screen.findByRole('form', { name: 'Invite a member of staff' });
      await userEvent.type(within(form).getByLabelText('E-mail address'), 'sam@kampalacellars.ug');
      await userEvent.type(within(form).getByLabelText('Name'), 'Sam Okot');
      await userEvent.click(within(form).getByRole('button', { name: 'Send the invitation' }));
      await waitFor(() => expect(form).toHaveTextContent(says));
      expect(form).toHaveTextContent('sam@kampalacellars.ug is invited as staff.');
      expect(form).not.toHaveTextContent(delivery === 'held' ? 'on its way' : 'outbox');
      if (linksOutbox) {
        expect(within(form).getByRole('link', { name: 'outbox' })).toHaveAttribute('href', '/admin/outbox');
      }
    },
  );

  it("shows why the last admin's rights cannot be removed", async () => {
    const { api } = await open('admin', {
      [`PUT /admin/staff/${ADMIN_ID}/role/`]: () =>
        envelope(409, 'conflict', staffAccountsMessages.lastAdmin),
    });
    vi.stubGlobal('confirm', vi.fn().mockReturnValue(true));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove staff rights of grace@kampalacellars.ug' }),
    );
    expect(await screen.findByText(staffAccountsMessages.lastAdmin)).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo(`PUT /admin/staff/${ADMIN_ID}/role/`)[0]?.body).toEqual({ role: 'customer' }),
    );
  });
});
