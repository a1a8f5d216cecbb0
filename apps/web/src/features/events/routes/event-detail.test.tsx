import type { Rsvp } from '@shop/contract/events';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makeEventDetail, makeRsvp, pageOf, RSVP_ID } from '../../../test/fakes/events-api';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { makeTransaction } from '../../../test/fakes/payments-api';
import { renderApp } from '../../../test/render';
import { EVENT_NOT_FOUND } from './event-detail';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const event = makeEventDetail();

function open(handlers: Record<string, FakeHandler>, session = customerSession()) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => session,
    'GET /events/events/rose-sundowner/': () => event,
    ...handlers,
  });
  return { api, view: renderApp('/events/rose-sundowner') };
}

function rsvpForm() {
  return screen.findByRole('form', { name: 'RSVP' });
}

describe('the event page', () => {
  it('shows everything about the event, and asks a visitor to sign in to RSVP', async () => {
    const { api, view } = open({}, anonymousSession());
    await view;
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosé Sundowner' })).toBeInTheDocument();
    expect(screen.getByText('Thursday 14 March 2030, 17:30–20:00 (Kampala time)')).toBeInTheDocument();
    expect(screen.getByText('Plot 14, Acacia Avenue, Kololo, Kampala')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the map' })).toHaveAttribute('href', event.map_url);
    expect(screen.getByText('Free', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getAllByText('52 seats left').length).toBeGreaterThan(0);
    expect(screen.getByText('Smart casual')).toBeInTheDocument();
    expect(screen.getByText('A DJ plays until the last light.')).toBeInTheDocument();
    expect(screen.getByText('Grilled tilapia skewers')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Miraval Rosé' })).toHaveAttribute(
      'href',
      '/products/miraval-rose-2023',
    );
    // The RSVP part waits for the session check (anonymous here) before it offers anything.
    expect(await screen.findByRole('link', { name: 'Sign in to RSVP' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fevents%2Frose-sundowner',
    );
    expect(api.callsTo('GET /events/rsvps/')).toHaveLength(0);
  });

  it('is titled with the event’s name, and counts one seat as "1 seat"', async () => {
    const single = makeEventDetail({ capacity: 1, seats_left: 1, rsvp_open: false });
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /events/events/rose-sundowner/': () => single,
    });
    await renderApp('/events/rose-sundowner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosé Sundowner' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Rosé Sundowner | Kampala Cellars'));
    expect(screen.getByText('1 seat', { exact: false, selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByText(/1 seats/)).not.toBeInTheDocument();
  });

  it('does not tell a guest holding seats of a sold-out event to join the waitlist', async () => {
    const full = makeEventDetail({ is_full: true, seats_left: 0 });
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /events/events/rose-sundowner/': () => full,
      'GET /events/rsvps/': () => pageOf([makeRsvp({ status: 'confirmed' }, full)]),
    });
    await renderApp('/events/rose-sundowner');
    const panel = await screen.findByRole('region', { name: 'Your RSVP' });
    expect(await within(panel).findByText('Confirmed')).toBeInTheDocument();
    expect(within(panel).queryByText('Sold out: join the waitlist')).not.toBeInTheDocument();
  });

  it('RSVPs to a free event and shows the ticket with its QR code and calendar file', async () => {
    let mine: Rsvp | null = null;
    const { api, view } = open({
      'GET /events/rsvps/': () => pageOf(mine ? [mine] : []),
      'POST /events/rsvps/': () => {
        mine = makeRsvp({ guest_names: ['Brian Okello'], dietary_needs: 'Vegetarian' });
        return mine;
      },
    });
    await view;
    const form = await rsvpForm();
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Guests (yourself included)'), '2');
    await user.type(within(form).getByLabelText("Guest 2's name (optional)"), 'Brian Okello');
    await user.type(within(form).getByLabelText('Dietary needs (optional)'), 'Vegetarian');
    await user.click(within(form).getByRole('button', { name: 'RSVP' }));

    const ticket = await screen.findByRole('region', { name: 'Your ticket' });
    expect(within(ticket).getByTestId('ticket-code')).toHaveTextContent('7KQ2M-9XD4T');
    expect(within(ticket).getByRole('img', { name: 'QR code of ticket 7KQ2M-9XD4T' })).toHaveAttribute(
      'src',
      '/api/v1/events/tickets/7KQ2M9XD4T/qr.svg',
    );
    expect(within(ticket).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/v1/events/rsvps/${RSVP_ID}/calendar.ics`,
    );
    expect(screen.getByText('Confirmed')).toBeInTheDocument();
    expect(api.callsTo('POST /events/rsvps/')[0]?.body).toEqual({
      event: event.id,
      guests: 2,
      guest_names: ['Brian Okello'],
      dietary_needs: 'Vegetarian',
      note: null,
    });
  });

  it('shows the reason of a refused RSVP above the form, and a field problem next to its field', async () => {
    let answer = 0;
    const { view } = open({
      'GET /events/rsvps/': () => pageOf([]),
      'POST /events/rsvps/': () =>
        ++answer === 1
          ? envelope(409, 'conflict', 'Only 1 more seat is left.', [
              { field: 'guests', message: 'Only 1 more seat is left.' },
            ])
          : envelope(422, 'validation_failed', 'Please check your input and try again.', [
              {
                field: 'date_of_birth',
                message:
                  'This event is for guests aged 21 or older: add your date of birth to your profile first.',
              },
            ]),
    });
    await view;
    const form = await rsvpForm();
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Guests (yourself included)'), '3');
    await user.click(within(form).getByRole('button', { name: 'RSVP' }));
    expect(await within(form).findByText('Only 1 more seat is left.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Guests (yourself included)')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('button', { name: 'RSVP' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      /add your date of birth to your profile/,
    );
  });

  it('holds seats of a paid event, then pays by mobile money on the waiting screen', async () => {
    const paid = makeEventDetail({ price: 150_000, is_free: false });
    let mine: Rsvp | null = null;
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /events/events/rose-sundowner/': () => paid,
      'GET /events/rsvps/': () => pageOf(mine ? [mine] : []),
      'POST /events/rsvps/': () => {
        mine = makeRsvp(
          {
            status: 'pending_payment',
            amount: 300_000,
            hold_expires_at: '2030-03-01T10:30:00.000Z',
            can_change_guests: false,
          },
          paid,
        );
        return mine;
      },
      [`POST /events/rsvps/${RSVP_ID}/pay/`]: () =>
        makeTransaction({ purpose: 'event_rsvp', subject_id: RSVP_ID, order: null, amount: 300_000 }),
    });
    await renderApp('/events/rose-sundowner');
    const form = await rsvpForm();
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Guests (yourself included)'), '2');
    expect(within(form).getByText('Shs 300,000')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Reserve seats' }));

    const pay = await screen.findByRole('form', { name: 'Pay by mobile money' });
    expect(
      within(pay).getByText(/We hold them for you until 13:30 on Friday 1 March 2030/),
    ).toBeInTheDocument();
    await user.type(within(pay).getByLabelText('Paying mobile number'), '0772 123456');
    await user.click(within(pay).getByRole('button', { name: 'Pay Shs 300,000' }));
    expect(
      await screen.findByRole('heading', { name: 'Approve the payment on your phone' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the sandbox phone' })).toHaveAttribute(
      'href',
      '/sandbox/pay/KCP-20261122-7KQ2MX9A4B',
    );
    await waitFor(() =>
      expect(api.callsTo(`POST /events/rsvps/${RSVP_ID}/pay/`)[0]?.body).toEqual({
        network: 'MTN',
        phone: '+256772123456',
      }),
    );
  });

  it('changes the details of a paid booking, keeping its number of guests', async () => {
    const paid = makeEventDetail({ price: 150_000, is_free: false });
    let mine = makeRsvp(
      { status: 'confirmed', paid: true, can_cancel: false, can_change_guests: false },
      paid,
    );
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /events/events/rose-sundowner/': () => paid,
      'GET /events/rsvps/': () => pageOf([mine]),
      [`PATCH /events/rsvps/${RSVP_ID}/`]: (request) => {
        mine = { ...mine, ...(request.body as Partial<Rsvp>) };
        return mine;
      },
    });
    await renderApp('/events/rose-sundowner');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change details' }));
    const form = screen.getByRole('form', { name: 'Change your RSVP' });
    expect(
      within(form).getByText('2 guests: a paid booking keeps its number of guests.'),
    ).toBeInTheDocument();
    expect(within(form).queryByLabelText('Guests (yourself included)')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Note for us (optional)'), 'Window table please');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Note: Window table please')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /events/rsvps/${RSVP_ID}/`)[0]?.body).toEqual({
      guest_names: ['Brian Okello'],
      dietary_needs: null,
      note: 'Window table please',
    });
    expect(screen.queryByRole('button', { name: 'Cancel RSVP' })).not.toBeInTheDocument();
  });

  it('shows a place on the waitlist, and cancels the RSVP after asking', async () => {
    let mine: Rsvp | null = makeRsvp({ status: 'waitlisted', waitlist_position: 3 });
    const { api, view } = open({
      'GET /events/rsvps/': () => pageOf(mine ? [mine] : []),
      [`DELETE /events/rsvps/${RSVP_ID}/`]: () => {
        mine = makeRsvp({ status: 'cancelled', cancel_reason: 'customer', can_cancel: false });
        return mine;
      },
    });
    await view;
    expect(await screen.findByText('On the waitlist')).toBeInTheDocument();
    expect(screen.getByText(/You are number/)).toHaveTextContent('You are number 3 on the waitlist');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel RSVP' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel my RSVP' }));
    expect(
      await screen.findByText(/You cancelled this RSVP\. You can RSVP again below\./),
    ).toBeInTheDocument();
    expect(await rsvpForm()).toBeInTheDocument();
    expect(api.callsTo(`DELETE /events/rsvps/${RSVP_ID}/`)).toHaveLength(1);
  });

  it('says when an event does not exist, or takes no RSVPs any more', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /events/rsvps/': () => pageOf([]),
      'GET /events/events/over/': () =>
        makeEventDetail({
          slug: 'over',
          status: 'completed',
          has_started: true,
          has_ended: true,
          rsvp_open: false,
        }),
    });
    await renderApp('/events/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByText(EVENT_NOT_FOUND, { exact: false })).toBeInTheDocument();

    await renderApp('/events/over');
    expect(await screen.findByText('This event is over.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'RSVP' })).not.toBeInTheDocument();
  });
});
