import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { eventPage, makeEventSummary } from '../../../test/fakes/events-api';
import { anonymousSession, confirmAge, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const upcoming = [
  makeEventSummary({ id: 1, slug: 'rose-sundowner', title: 'Rosé Sundowner', seats_left: 52, capacity: 60 }),
  makeEventSummary({
    id: 2,
    slug: 'single-malt-masterclass',
    title: 'Single Malt Masterclass',
    type: 'masterclass',
    price: 250_000,
    is_free: false,
    capacity: 16,
    seats_left: 3,
    starts_at: '2030-03-21T16:00:00.000Z',
    ends_at: '2030-03-21T18:30:00.000Z',
  }),
  makeEventSummary({
    id: 3,
    slug: 'champagne-dinner',
    title: 'Champagne Dinner',
    type: 'dinner',
    price: 450_000,
    is_free: false,
    capacity: 40,
    seats_left: 0,
    is_full: true,
  }),
];
const past = [
  makeEventSummary({
    id: 9,
    slug: 'gin-garden-party',
    title: 'Gin Garden Party',
    status: 'completed',
    has_started: true,
    has_ended: true,
    rsvp_open: false,
  }),
];

function mockEvents() {
  return mockIdentityApi({
    'GET /auth/get-session': () => anonymousSession(),
    'GET /events/events/': (request) =>
      eventPage(request.url.searchParams.get('when') === 'past' ? past : upcoming),
  });
}

describe('the events page', () => {
  it('lists upcoming events with free or paid, the seats left, and the sold-out and nearly-full badges', async () => {
    const api = mockEvents();
    await renderApp('/events');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Rosé Sundowner',
      'Single Malt Masterclass',
      'Champagne Dinner',
    ]);
    const [free, nearly, full] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(free).getByText('Free', { selector: 'span' })).toBeInTheDocument();
    expect(within(free).getByText('52 seats left')).toBeInTheDocument();
    expect(within(free).getByText('Thursday 14 March 2030, 17:30–20:00 (Kampala time)')).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Rosé Sundowner' })).toHaveAttribute(
      'href',
      '/events/rose-sundowner',
    );

    expect(within(nearly).getByText('Paid')).toBeInTheDocument();
    expect(within(nearly).getByText('Nearly full')).toBeInTheDocument();
    expect(within(nearly).getByText('Nearly full: 3 seats left')).toBeInTheDocument();
    expect(within(nearly).getByText('Shs 250,000 per guest')).toBeInTheDocument();

    expect(within(full).getByText('Sold out')).toBeInTheDocument();
    expect(within(full).getByText('Sold out: join the waitlist')).toBeInTheDocument();
    expect(api.callsTo('GET /events/events/')[0]?.url.searchParams.get('when')).toBe('upcoming');
    expect(screen.getByRole('link', { name: 'Upcoming' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows past events on their own tab, from the URL', async () => {
    const user = userEvent.setup();
    const api = mockEvents();
    const { router } = await renderApp('/events');
    await screen.findByRole('article', { name: 'Rosé Sundowner' });
    await user.click(screen.getByRole('link', { name: 'Past events' }));
    expect(await screen.findByRole('article', { name: 'Gin Garden Party' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ when: 'past' });
    expect(screen.getByRole('link', { name: 'Past events' })).toHaveAttribute('aria-current', 'page');
    expect(api.callsTo('GET /events/events/').at(-1)?.url.searchParams.get('when')).toBe('past');
    // Past events have nothing to book.
    expect(screen.queryByText(/seats left/)).not.toBeInTheDocument();
  });

  it('says when there is nothing planned, and offers a retry when the list cannot load', async () => {
    let fail = true;
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /events/events/': () => (fail ? envelope(503, 'service_unavailable', 'Down') : eventPage([])),
    });
    const user = userEvent.setup();
    await renderApp('/events');
    expect(await screen.findByText('We could not load the events')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No events are planned just now/)).toBeInTheDocument();
  });
});
