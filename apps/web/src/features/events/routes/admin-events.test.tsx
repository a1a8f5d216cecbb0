import { eventMessages } from '@shop/contract/events';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makeStaffEvent, pageOf } from '../../../test/fakes/events-api';
import { confirmAge, customerSession, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const guest = {
  rsvp_id: '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c',
  customer_name: 'Amina Nakato',
  email: 'amina@example.ug',
  phone: '+256772123456',
  status: 'confirmed' as const,
  guests: 2,
  guest_names: ['Brian Okello'],
  dietary_needs: 'Vegetarian',
  note: null,
  ticket_code: '7KQ2M-9XD4T',
  amount: 0,
  paid: false,
  waitlist_position: null,
  created_at: '2030-03-01T10:00:00.000Z',
  checked_in_at: null,
};

describe('the staff events page', () => {
  it('is for staff only: a customer is told so and nothing is asked of the back office', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => customerSession() });
    await renderApp('/admin/events');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.requests.some((request) => request.path.startsWith('/events/staff/'))).toBe(false);
  });

  it('lists events, opens one with its guests, and checks tickets in with a clear answer', async () => {
    const event = makeStaffEvent({
      counts: {
        seats_booked: 2,
        confirmed_guests: 2,
        pending_payment_guests: 0,
        waitlisted_guests: 0,
        attended_guests: 0,
        rsvps: { pending_payment: 0, confirmed: 1, waitlisted: 0, cancelled: 0, attended: 0, no_show: 0 },
      },
    });
    let checkIns = 0;
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession({ role: 'staff', name: 'Sam Staff' }),
      'GET /events/staff/events/': () => pageOf([event]),
      [`GET /events/staff/events/${event.id}/`]: () => event,
      [`GET /events/staff/events/${event.id}/guests/`]: () => pageOf([guest]),
      [`POST /events/staff/events/${event.id}/check_in/`]: () =>
        ++checkIns === 1
          ? { message: 'Checked in: Amina Nakato, 2 guests', guest: { ...guest, status: 'attended' } }
          : checkIns === 3
            ? envelope(404, 'not_found', eventMessages.ticketInvalid, [
                { field: 'code', message: eventMessages.ticketInvalid },
              ])
            : envelope(
                409,
                'conflict',
                'This ticket was already used: checked in at 18:02 on Thursday 14 March 2030.',
                [
                  {
                    field: 'code',
                    message: 'This ticket was already used: checked in at 18:02 on Thursday 14 March 2030.',
                  },
                ],
              ),
    });
    const user = userEvent.setup();
    await renderApp('/admin/events');
    const list = await screen.findByRole('list', { name: 'Events' });
    await user.click(within(list).getByRole('button', { name: 'Rosé Sundowner' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Rosé Sundowner' })).toBeInTheDocument();
    const guests = await screen.findByRole('region', { name: /Guest list/ });
    expect(await within(guests).findByText('Amina Nakato')).toBeInTheDocument();
    expect(within(guests).getByText('Dietary: Vegetarian')).toBeInTheDocument();
    expect(within(guests).getByText('7KQ2M-9XD4T')).toBeInTheDocument();

    const checkIn = screen.getByRole('region', { name: 'Check in' });
    await user.type(within(checkIn).getByLabelText('Ticket code'), '7kq2m-9xd4t');
    await user.click(within(checkIn).getByRole('button', { name: 'Check in' }));
    expect(await within(checkIn).findByText('Checked in: Amina Nakato, 2 guests')).toBeInTheDocument();
    expect(api.callsTo(`POST /events/staff/events/${event.id}/check_in/`)[0]?.body).toEqual({
      code: '7kq2m-9xd4t',
    });

    await user.type(within(checkIn).getByLabelText('Ticket code'), '7KQ2M9XD4T');
    await user.click(within(checkIn).getByRole('button', { name: 'Check in' }));
    expect(await within(checkIn).findByRole('alert')).toHaveTextContent(/already used: checked in at 18:02/);

    // An unknown code says so, not "Please check your input"; an empty one clears the last answer.
    await user.type(within(checkIn).getByLabelText('Ticket code'), '00000-00000');
    await user.click(within(checkIn).getByRole('button', { name: 'Check in' }));
    expect(await within(checkIn).findByText('No ticket with this code for this event.')).toBeInTheDocument();
    await user.clear(within(checkIn).getByLabelText('Ticket code'));
    await user.click(within(checkIn).getByRole('button', { name: 'Check in' }));
    expect(within(checkIn).getByRole('alert')).toHaveTextContent('Enter the ticket code');
    expect(within(checkIn).queryByText('No ticket with this code for this event.')).not.toBeInTheDocument();
    expect(checkIns).toBe(3);
  });

  it('creates a draft, checking the form with the same rules as the API first', async () => {
    const created = makeStaffEvent({ id: 12, title: 'Gin Masterclass', status: 'draft', published_at: null });
    const api = mockIdentityApi({
      'GET /auth/get-session': () => customerSession({ role: 'admin' }),
      'GET /events/staff/events/': () => pageOf([]),
      'POST /events/staff/events/': () => created,
      [`GET /events/staff/events/${created.id}/`]: () => created,
      [`GET /events/staff/events/${created.id}/guests/`]: () => pageOf([]),
    });
    const user = userEvent.setup();
    await renderApp('/admin/events');
    await user.click(await screen.findByRole('button', { name: 'New event' }));
    const form = screen.getByRole('form', { name: 'New event' });
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect(await within(form).findByText('Title is required')).toBeInTheDocument();
    expect(api.callsTo('POST /events/staff/events/')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Title'), 'Gin Masterclass');
    await user.type(within(form).getByLabelText('Summary (for the list)'), 'Five gins.');
    await user.type(within(form).getByLabelText(/^Description/), 'Botanicals explained.');
    await user.type(within(form).getByLabelText('Starts (Kampala time)'), '2030-04-02T18:00');
    await user.type(within(form).getByLabelText('Ends (Kampala time)'), '2030-04-02T20:00');
    await user.clear(within(form).getByLabelText('Price per guest (UGX, 0 = free)'));
    await user.type(within(form).getByLabelText('Price per guest (UGX, 0 = free)'), '90000');
    await user.click(within(form).getByRole('button', { name: 'Create draft' }));

    expect(await screen.findByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(api.callsTo('POST /events/staff/events/')[0]?.body).toMatchObject({
      title: 'Gin Masterclass',
      starts_at: '2030-04-02T18:00',
      ends_at: '2030-04-02T20:00',
      price: 90_000,
      capacity: 20,
      featured_wines: [],
    });
  });
});
