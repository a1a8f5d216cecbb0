import type { Campaign, Subscriber } from '@shop/contract/newsletter-campaigns';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage, makeProduct } from '../../../test/fakes/catalog-api';
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
  vi.restoreAllMocks();
});

const SUBSCRIBERS = 'GET /admin/newsletter/subscribers/';
const CAMPAIGNS = 'GET /admin/newsletter/campaigns/';
const CREATE = 'POST /admin/newsletter/campaigns/';

function subscriber(overrides: Partial<Subscriber>): Subscriber {
  return {
    id: 1,
    email: 'amina@example.ug',
    status: 'confirmed',
    created_at: '2026-11-20T08:00:00.000Z',
    confirmed_at: '2026-11-20T08:05:00.000Z',
    unsubscribed_at: null,
    ...overrides,
  };
}

function campaign(overrides: Partial<Campaign>): Campaign {
  return {
    id: 7,
    subject: 'New in the cellar',
    blocks: [{ type: 'heading', text: 'Fresh arrivals' }],
    status: 'draft',
    created_at: '2026-11-26T08:00:00.000Z',
    updated_at: '2026-11-26T08:00:00.000Z',
    send_started_at: null,
    sent_at: null,
    counts: { recipients: 0, pending: 0, sent: 0, failed: 0, skipped: 0 },
    products: [],
    ...overrides,
  };
}

function open(path: string, role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

describe('/admin/newsletter', () => {
  it('is for staff only', async () => {
    const { api } = await open('/admin/newsletter', 'customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(SUBSCRIBERS)).toHaveLength(0);
  });

  it('lists subscribers by state, finds by address, and links the CSV', async () => {
    const user = userEvent.setup();
    const { api } = await open('/admin/newsletter', 'staff', {
      [SUBSCRIBERS]: () =>
        makePage(
          [
            subscriber({}),
            subscriber({ id: 2, email: 'okello@example.ug', status: 'pending', confirmed_at: null }),
          ],
          { pageSize: 25 },
        ),
    });
    const table = await screen.findByRole('table', { name: 'Subscribers' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('Waiting for confirmation');
    expect(screen.getByRole('link', { name: 'Download confirmed subscribers (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/newsletter/subscriptions/export/',
    );
    await user.click(screen.getByRole('tab', { name: 'Unsubscribed' }));
    await user.type(screen.getByLabelText('E-mail contains'), 'OKELLO');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => {
      const query = api.callsTo(SUBSCRIBERS).at(-1)?.url.searchParams;
      expect(query?.get('status')).toBe('unsubscribed');
      expect(query?.get('q')).toBe('OKELLO');
    });
  });
});

describe('/admin/newsletter/campaigns', () => {
  it('composes a campaign with a product card picked from the catalog and shows the API’s reasons', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { api } = await open('/admin/newsletter/campaigns', 'staff', {
      [CAMPAIGNS]: () => makePage([], { pageSize: 10 }),
      'GET /products/products/': () =>
        makePage([makeProduct({ id: 42, name: 'Estate Merlot' })], { pageSize: 6 }),
      [CREATE]: ({ body }) => {
        attempts += 1;
        if (attempts === 1) {
          return envelope(422, 'validation_failed', 'Please check your input and try again.', [
            { field: 'blocks.2.url', message: 'Enter a web address starting with https:// or http://' },
          ]);
        }
        return campaign({ ...(body as object) });
      },
      'GET /admin/newsletter/campaigns/7/': () => campaign({ subject: 'Autumn reds' }),
    });
    await user.click(await screen.findByRole('button', { name: 'New campaign' }));
    const form = screen.getByRole('form', { name: 'New campaign' });
    await user.type(within(form).getByLabelText('Subject'), 'Autumn reds');
    await user.type(within(form).getByLabelText('Heading text (Heading 1)'), 'Fresh arrivals');
    await user.click(within(form).getByRole('button', { name: 'Add product card' }));
    await user.type(within(form).getByLabelText('Find a product'), 'Merlot');
    await user.click(await within(form).findByRole('button', { name: 'Pick Estate Merlot' }));
    expect(within(form).getByText('Picked: Estate Merlot')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add button' }));
    await user.type(within(form).getByLabelText('Button label'), 'Shop now');
    await user.clear(within(form).getByLabelText('Button link'));
    await user.type(within(form).getByLabelText('Button link'), 'ftp://nope');
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(
      await within(form).findByText('Enter a web address starting with https:// or http://'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Button link')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('Button link'));
    await user.type(within(form).getByLabelText('Button link'), 'https://kampalacellars.ug/products');
    await user.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(2));
    expect(api.callsTo(CREATE)[1]!.body).toEqual({
      subject: 'Autumn reds',
      blocks: [
        { type: 'heading', text: 'Fresh arrivals' },
        { type: 'product', product_id: 42 },
        { type: 'button', label: 'Shop now', url: 'https://kampalacellars.ug/products' },
      ],
    });
    expect(await screen.findByRole('region', { name: 'Campaign “Autumn reds”' })).toBeInTheDocument();
  });

  it('follows a campaign being sent until it is sent, and offers no second send', async () => {
    let reads = 0;
    await open('/admin/newsletter/campaigns', 'staff', {
      [CAMPAIGNS]: () =>
        makePage(
          [
            campaign({
              status: 'sending',
              counts: { recipients: 3, pending: 2, sent: 1, failed: 0, skipped: 0 },
            }),
          ],
          {
            pageSize: 10,
          },
        ),
      'GET /admin/newsletter/campaigns/7/': () => {
        reads += 1;
        return reads < 2
          ? campaign({
              status: 'sending',
              counts: { recipients: 3, pending: 2, sent: 1, failed: 0, skipped: 0 },
            })
          : campaign({
              status: 'sent',
              sent_at: '2026-11-26T09:00:00.000Z',
              counts: { recipients: 3, pending: 0, sent: 3, failed: 0, skipped: 0 },
            });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open New in the cellar' }));
    const progress = await screen.findByRole('status', { name: 'Sending progress' });
    expect(progress).toHaveTextContent('Sending: 1 sent, 0 failed, 2 pending (of 3 subscribers)');
    await waitFor(
      () => expect(progress).toHaveTextContent('Sent: 3 sent, 0 failed, 0 pending (of 3 subscribers)'),
      {
        timeout: 5_000,
      },
    );
    expect(screen.queryByRole('button', { name: 'Send to subscribers' })).not.toBeInTheDocument();
  });
});
