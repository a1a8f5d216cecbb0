import type { AdminReview } from '@shop/contract/reviews';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
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

const QUEUE = 'GET /admin/reviews/';

function queued(overrides: Partial<AdminReview>): AdminReview {
  return {
    id: 1,
    product: { id: 5, name: 'Estate Merlot', slug: 'estate-merlot' },
    rating: 1,
    title: 'Cheaper elsewhere',
    text: 'Visit my shop.',
    author_name: 'Namara Kisakye',
    created_at: '2026-11-25T08:00:00.000Z',
    is_hidden: false,
    hidden_reason: null,
    hidden_at: null,
    report_count: 2,
    reports: [
      {
        reason: 'spam',
        note: 'A link',
        reporter_name: 'Okello Peter',
        created_at: '2026-11-26T08:00:00.000Z',
      },
      {
        reason: 'offensive',
        note: null,
        reporter_name: 'Akello Grace',
        created_at: '2026-11-26T07:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp('/admin/reviews').then((view) => ({ api, ...view }));
}

describe('/admin/reviews', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(QUEUE)).toHaveLength(0);
  });

  it('shows the queue with reports; hiding asks for the reason, then sends it', async () => {
    const user = userEvent.setup();
    let hidden = false;
    const { api } = await open('staff', {
      [QUEUE]: () =>
        makePage(
          [
            queued(hidden ? { is_hidden: true, hidden_reason: 'Advertises another shop' } : {}),
            queued({ id: 2, title: 'Lovely', report_count: 0, reports: [], author_name: 'Okello Peter' }),
          ],
          { pageSize: 20 },
        ),
      'POST /orders/reviews/1/hide/': () => {
        hidden = true;
        return {
          id: 1,
          product: 5,
          rating: 1,
          title: 'Cheaper elsewhere',
          text: 'Visit my shop.',
          author_name: 'Namara K.',
          verified_purchase: false,
          helpful_count: 0,
          created_at: '2026-11-25T08:00:00.000Z',
          updated_at: '2026-11-25T08:00:00.000Z',
          is_edited: false,
          is_own: false,
          voted_helpful: false,
          is_hidden: true,
          hidden_reason: 'Advertises another shop',
          reported_by_me: false,
        };
      },
    });
    const list = await screen.findByRole('list', { name: 'Review queue' });
    const entry = within(list).getAllByRole('listitem')[0]!;
    expect(entry).toHaveTextContent('Reported 2 times');
    expect(within(entry).getByRole('list', { name: 'Reports' })).toHaveTextContent(
      'Spam or advertising: A link',
    );
    await user.click(within(entry).getByRole('button', { name: 'Hide…' }));
    const form = within(entry).getByRole('form', { name: 'Hide the review “Cheaper elsewhere”' });
    await user.click(within(form).getByRole('button', { name: 'Hide review' }));
    expect(
      await within(form).findByText('Say why the review is hidden: its author will see it'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /orders/reviews/1/hide/')).toHaveLength(0);

    await user.type(
      within(form).getByLabelText('Reason for hiding (its author sees it)'),
      'Advertises another shop',
    );
    await user.click(within(form).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(api.callsTo('POST /orders/reviews/1/hide/')).toHaveLength(1));
    expect(api.callsTo('POST /orders/reviews/1/hide/')[0]!.body).toEqual({
      reason: 'Advertises another shop',
    });
    expect(await screen.findByText('Hidden: “Cheaper elsewhere”.')).toBeInTheDocument();
    expect(await screen.findByText('Hidden because: Advertises another shop')).toBeInTheDocument();
  });
});
