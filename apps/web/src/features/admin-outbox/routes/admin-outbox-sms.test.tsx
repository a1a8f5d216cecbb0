import type { OutboxSms, SmsOutboxList } from '@shop/contract/sms';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import { confirmAge, customerSession, makeProfile, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';
import {
  SMS_CODES_HIDDEN_NOTE,
  SMS_CODES_SHOWN_NOTE,
  SMS_PROVIDER_MISSING_BANNER,
} from '../components/sms-outbox';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const codeSms: OutboxSms = {
  id: '6f1f4c1e-8d53-4b36-9a55-3f2b0d1c7e01',
  kind: 'phone_verification',
  kind_label: 'Phone verification code',
  phone: '+256772123456',
  body: 'Kampala Cellars: your phone code is 123456. It expires in 10 min.',
  state: 'unsent',
  state_label: 'not sent: no SMS provider',
  attempts: 0,
  last_error: 'not sent: no SMS provider',
  created_at: '2026-11-27T09:00:00.000Z',
};

const smsList = (configured: boolean, items: OutboxSms[]): SmsOutboxList => ({
  ...makePage(items, { pageSize: 20 }),
  sms_configured: configured,
});

function open(role: 'customer' | 'staff', handlers: Parameters<typeof mockIdentityApi>[0] = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /users/users/profile/': () => makeProfile({ role }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/outbox/': () => ({ ...makePage([], { pageSize: 20 }), smtp_configured: true }),
    ...handlers,
  });
  return renderApp('/admin/outbox').then((view) => ({ api, ...view }));
}

describe('/admin/outbox: SMS', () => {
  it('lists the SMS not sent, saying why, and filters failed ones', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      'GET /admin/outbox/sms/': (request) =>
        request.url.searchParams.get('state') === 'failed' ? smsList(false, []) : smsList(false, [codeSms]),
    });
    expect(await screen.findByText(SMS_PROVIDER_MISSING_BANNER)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'SMS, newest first' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('+256772123456');
    expect(row).toHaveTextContent('Phone verification code');
    expect(row).toHaveTextContent('your phone code is 123456');
    expect(row).toHaveTextContent('not sent: no SMS provider');

    await user.selectOptions(screen.getByLabelText('Show'), 'Failed');
    expect(await screen.findByText('No SMS here.')).toBeInTheDocument();
    expect(api.callsTo('GET /admin/outbox/sms/').at(-1)?.url.searchParams.get('state')).toBe('failed');
  });

  it('says why codes are readable without a provider: staff pass them on by phone', async () => {
    await open('staff', { 'GET /admin/outbox/sms/': () => smsList(false, [codeSms]) });
    expect(await screen.findByText(SMS_CODES_SHOWN_NOTE)).toBeInTheDocument();
    expect(screen.getByText(/read them to the customer by phone/)).toBeInTheDocument();
    expect(screen.queryByText(SMS_CODES_HIDDEN_NOTE)).not.toBeInTheDocument();
  });

  it('says, with a provider, that a code was sent but its digits are not kept', async () => {
    const sentCode: OutboxSms = {
      ...codeSms,
      body: 'Kampala Cellars: your phone code is [code sent, not kept]. It expires in 10 min.',
      state: 'sent',
      state_label: 'sent',
      last_error: null,
    };
    await open('staff', {
      'GET /admin/outbox/sms/': (request) =>
        smsList(true, request.url.searchParams.get('state') === 'all' ? [sentCode] : []),
    });
    expect(await screen.findByText(SMS_CODES_HIDDEN_NOTE)).toBeInTheDocument();
    expect(screen.getByText(/never its digits/)).toBeInTheDocument();
    expect(screen.queryByText(SMS_PROVIDER_MISSING_BANNER)).not.toBeInTheDocument();
    expect(screen.queryByText(SMS_CODES_SHOWN_NOTE)).not.toBeInTheDocument();
  });

  it('is not asked for by customers', async () => {
    const { api } = await open('customer');
    await screen.findByRole('heading', { name: 'Outbox' });
    expect(api.callsTo('GET /admin/outbox/sms/')).toHaveLength(0);
  });
});
