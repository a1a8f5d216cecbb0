import type { Breach, Processor, RetentionSettings } from '@shop/contract/privacy';
import { configure, screen, within } from '@testing-library/react';
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
  json,
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

const processors: Processor[] = [
  {
    id: 'africastalking',
    name: 'Africa’s Talking',
    purpose: 'Text messages',
    receives: 'Phone number and the message text',
    location: 'Kenya',
  },
];
const retention: RetentionSettings = {
  sign_in_history: 365,
  notifications: 365,
  messages: 180,
  anonymous_carts: 2,
  data_exports: 30,
  delivery_proofs: 90,
  gift_recipients: 30,
  version: 3,
  updated_at: null,
  updated_by: null,
};
const breach: Breach = {
  id: 1,
  what: 'A laptop was stolen',
  data_affected: 'Names of 40 customers',
  occurred_at: '2026-11-20T07:00:00.000Z',
  discovered_at: '2026-11-21T06:00:00.000Z',
  who_was_told: null,
  people_told_at: null,
  pdpo_told_at: null,
  recorded_by: 'Grace Nansubuga',
  created_at: '2026-11-21T06:00:00.000Z',
  updated_at: '2026-11-21T06:00:00.000Z',
};

function open(role: 'customer' | 'staff' | 'admin', handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /users/users/profile/': () => makeProfile({ role }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/privacy/processors/': () => ({ processors }),
    'GET /admin/privacy/retention/': () => retention,
    'GET /admin/privacy/breaches/': () => makePage([breach], { pageSize: 20 }),
    ...handlers,
  });
  return renderApp('/admin/privacy').then(() => api);
}

describe('/admin/privacy', () => {
  it('is for staff only', async () => {
    const api = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /admin/privacy/processors/')).toHaveLength(0);
  });

  it('shows staff the processors, and not the admins’ retention and breach log', async () => {
    const api = await open('staff');
    const table = await screen.findByRole('table', { name: 'Processors and what each receives' });
    expect(within(table).getByRole('row', { name: /Africa’s Talking/ })).toHaveTextContent('Phone number');
    expect(screen.queryByRole('form', { name: 'Retention periods' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /admin/privacy/retention/')).toHaveLength(0);
    expect(api.callsTo('GET /admin/privacy/breaches/')).toHaveLength(0);
  });

  it('lets an admin change a retention period, with the field’s error from the API beside it', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = await open('admin', {
      'PUT /admin/privacy/retention/': (request) => {
        attempts += 1;
        if (attempts === 1) {
          return envelope(422, 'validation_failed', 'Please check your input and try again.', [
            { field: 'messages', message: 'must be a whole number of days from 7 to 730' },
          ]);
        }
        return { ...retention, ...(request.body as object), version: 4 };
      },
    });
    const form = await screen.findByRole('form', { name: 'Retention periods' });
    const messages = within(form).getByLabelText(/Messages sent to you/);
    await user.clear(messages);
    await user.type(messages, '3');
    await user.click(within(form).getByRole('button', { name: 'Save retention periods' }));
    expect(await within(form).findByText('must be a whole number of days from 7 to 730')).toBeInTheDocument();
    expect(messages).toHaveAttribute('aria-invalid', 'true');
    await user.clear(messages);
    await user.type(messages, '45');
    await user.click(within(form).getByRole('button', { name: 'Save retention periods' }));
    expect(await screen.findByText(/Saved: the hourly job keeps to these periods/)).toBeInTheDocument();
    expect(api.callsTo('PUT /admin/privacy/retention/').at(-1)?.body).toEqual({
      sign_in_history: 365,
      notifications: 365,
      messages: 45,
      anonymous_carts: 2,
      data_exports: 30,
      delivery_proofs: 90,
      gift_recipients: 30,
      version: 3,
    });
  });

  it('shows an admin the breach log and records a breach', async () => {
    const user = userEvent.setup();
    const api = await open('admin', {
      'POST /admin/privacy/breaches/': (request) =>
        json({ ...breach, id: 2, ...(request.body as object) }, 201),
    });
    const log = await screen.findByRole('list', { name: 'Breaches' });
    expect(log).toHaveTextContent('A laptop was stolen');
    expect(log).toHaveTextContent('PDPO: not yet');
    const form = screen.getByRole('form', { name: 'Record a breach' });
    await user.type(within(form).getByLabelText('What happened'), 'Wrong e-mail sent to a list');
    await user.type(within(form).getByLabelText('Which data, whose'), 'E-mail addresses of 12 customers');
    await user.type(within(form).getByLabelText('When it happened'), '2026-11-28T10:00');
    await user.type(within(form).getByLabelText('When we found out'), '2026-11-28T11:00');
    await user.click(within(form).getByRole('button', { name: 'Record the breach' }));
    expect(await screen.findByText(/The breach is recorded/)).toBeInTheDocument();
    expect(api.callsTo('POST /admin/privacy/breaches/')[0]?.body).toEqual({
      what: 'Wrong e-mail sent to a list',
      data_affected: 'E-mail addresses of 12 customers',
      occurred_at: '2026-11-28T10:00:00+03:00',
      discovered_at: '2026-11-28T11:00:00+03:00',
      who_was_told: null,
      people_told_at: null,
      pdpo_told_at: null,
    });
  });
});
