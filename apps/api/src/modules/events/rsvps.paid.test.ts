import {
  eventMessages,
  eventPaymentStatusSchema,
  RSVP_HOLD_MINUTES,
  rsvpSchema,
} from '@shop/contract/events';
import type { Transaction } from '@shop/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../identity/testing';
import { expireRsvpHolds } from './rsvps.service';
import {
  approveAndSettle,
  createTestEvent,
  customer,
  drainEmailJobs,
  envelope,
  MTN_PHONE,
  mailTo,
  payUrl,
  RSVPS,
  rsvp,
  rsvpUrl,
  seatsLeftOf,
  startPaying,
  waitFor,
} from './testing';

/**
 * Paid events: seats held while the customer pays, the hold's expiry (and the waitlist it
 * frees), and the payment itself through the payments module's sandbox, end to end.
 */

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
});
afterAll(async () => {
  if (harness) await drainEmailJobs(harness);
  await harness?.close();
});

const MINUTE = 60_000;
const STATUS = '/api/v1/payments/transactions/event_payment_status/';

describe('an RSVP for a paid event', () => {
  it('holds the seats for 30 minutes as pending_payment, for price × guests, without a ticket', async () => {
    const event = await createTestEvent(harness, { price: 150_000, capacity: 10 });
    const { client } = await customer(harness);
    const before = Date.now();
    const held = await rsvp(client, event.id, { guests: 3, guest_names: ['Sarah'] });
    expect(held).toMatchObject({
      status: 'pending_payment',
      amount: 450_000,
      paid: false,
      ticket: null,
      can_cancel: true,
      can_change_guests: false,
    });
    const expiry = new Date(held.hold_expires_at!).getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + RSVP_HOLD_MINUTES * MINUTE);
    expect(expiry).toBeLessThanOrEqual(Date.now() + RSVP_HOLD_MINUTES * MINUTE);
    expect(await seatsLeftOf(harness, event.id)).toBe(7);

    const change = await client.patch(rsvpUrl(held.id), { guests: 2 });
    expect(change.statusCode).toBe(409);
    expect(envelope(change.body).fields).toEqual([
      { field: 'guests', message: eventMessages.paidGuestsFixed },
    ]);
    expect(await seatsLeftOf(harness, event.id)).toBe(7);
  });

  it('releases expired holds (only those), promotes the waitlist to a hold of its own, and e-mails both', async () => {
    const event = await createTestEvent(harness, { price: 100_000, capacity: 4, title: 'Masterclass' });
    const slow = await customer(harness);
    const held = await rsvp(slow.client, event.id, { guests: 3 });
    const quick = await customer(harness);
    const paying = await rsvp(quick.client, event.id, { guests: 1 });
    const waiting = await customer(harness);
    const queued = await rsvp(waiting.client, event.id, { guests: 2 });
    expect(queued.status).toBe('waitlisted');

    // Not yet: 29 minutes on, nothing moves.
    expect(
      await expireRsvpHolds(harness.app.db, new Date(Date.now() + 29 * MINUTE), harness.app.events),
    ).toEqual({
      expired: 0,
      promoted: 0,
    });
    // Make only the first hold run out.
    await harness.database.pool.query(
      `UPDATE rsvps SET hold_expires_at = now() - interval '1 second' WHERE id = $1`,
      [held.id],
    );
    const now = new Date();
    expect(await expireRsvpHolds(harness.app.db, now, harness.app.events)).toEqual({
      expired: 1,
      promoted: 1,
    });
    // A second run (another instance, the next minute) finds nothing left to do.
    expect(await expireRsvpHolds(harness.app.db, now, harness.app.events)).toEqual({
      expired: 0,
      promoted: 0,
    });

    expect(rsvpSchema.parse((await slow.client.get(rsvpUrl(held.id))).json())).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'hold_expired',
    });
    expect(rsvpSchema.parse((await quick.client.get(rsvpUrl(paying.id))).json()).status).toBe(
      'pending_payment',
    );
    const promoted = rsvpSchema.parse((await waiting.client.get(rsvpUrl(queued.id))).json());
    expect(promoted).toMatchObject({ status: 'pending_payment', amount: 200_000, waitlist_position: null });
    expect(new Date(promoted.hold_expires_at!).getTime()).toBe(now.getTime() + RSVP_HOLD_MINUTES * MINUTE);
    expect(await seatsLeftOf(harness, event.id)).toBe(1);

    await mailTo(harness, slow.email, 'Your seats for Masterclass were released');
    const [offer] = await mailTo(harness, waiting.email, 'Seats opened up for Masterclass: pay to confirm');
    expect(offer!.text).toContain('Pay Shs 200,000 by mobile money');
  });

  it('runs the expiry every minute on the job queue', async () => {
    const schedule = await waitFor(async () => {
      const result = await harness.database.pool.query<{ cron: string }>(
        `SELECT cron FROM pgboss.schedule WHERE name = 'events.expire-holds'`,
      );
      return result.rows[0];
    }, 'the hold expiry schedule');
    expect(schedule.cron).toBe('* * * * *');
  });

  it('frees expired holds for a newcomer at once, without waiting for the job', async () => {
    const event = await createTestEvent(harness, { price: 50_000, capacity: 2 });
    const first = await customer(harness);
    const held = await rsvp(first.client, event.id, { guests: 2 });
    await harness.database.pool.query(
      `UPDATE rsvps SET hold_expires_at = now() - interval '1 minute' WHERE id = $1`,
      [held.id],
    );
    const second = await customer(harness);
    expect((await rsvp(second.client, event.id, { guests: 2 })).status).toBe('pending_payment');
    expect(rsvpSchema.parse((await first.client.get(rsvpUrl(held.id))).json()).status).toBe('cancelled');
    expect(await seatsLeftOf(harness, event.id)).toBe(0);
  });
});

describe('paying with the sandbox', () => {
  it('charges the RSVP amount, confirms it on a verified payment, and sends the ticket', async () => {
    const event = await createTestEvent(harness, { price: 150_000, capacity: 10, title: 'Left Bank' });
    const { client, email } = await customer(harness);
    const held = await rsvp(client, event.id, { guests: 2, guest_names: ['Sarah'] });

    const transaction = await startPaying(client, held.id);
    expect(transaction).toMatchObject({
      purpose: 'event_rsvp',
      subject_id: held.id,
      subject_label: 'RSVP: Left Bank (2 guests)',
      amount: 300_000,
      status: 'pending',
      network: 'MTN',
      // The event whose page shows the ticket: where the payment return page leads.
      event: event.id,
      order: null,
    });
    const pending = eventPaymentStatusSchema.parse(
      (await client.get(`${STATUS}?event_id=${event.id}`)).json(),
    );
    expect(pending).toMatchObject({
      paid: false,
      amount_due: 300_000,
      amount_paid: 0,
      rsvp_status: 'pending_payment',
    });
    expect(pending.transactions.map((item) => item.id)).toEqual([transaction.id]);

    const settled = await approveAndSettle(client, transaction);
    expect(settled).toMatchObject({ status: 'successful', event: event.id });
    const mine = (await client.get('/api/v1/payments/transactions/my_transactions/')).json() as {
      results: Transaction[];
    };
    expect(mine.results.map((item) => [item.id, item.event])).toEqual([[transaction.id, event.id]]);

    const confirmed = rsvpSchema.parse((await client.get(rsvpUrl(held.id))).json());
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      paid: true,
      hold_expires_at: null,
      can_cancel: false,
      can_change_guests: false,
    });
    expect(confirmed.ticket).not.toBeNull();
    expect(await seatsLeftOf(harness, event.id)).toBe(8);

    const status = await client.get(`${STATUS}?event_id=${event.id}`);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(eventPaymentStatusSchema.parse(status.json())).toMatchObject({
      event_id: event.id,
      is_free: false,
      rsvp_id: held.id,
      rsvp_status: 'confirmed',
      paid: true,
      amount_due: 300_000,
      amount_paid: 300_000,
      currency: 'UGX',
      hold_expires_at: null,
    });
    // Own only: another customer asking about the same event sees none of this payment.
    const stranger = await customer(harness, 'Stranger');
    expect(
      eventPaymentStatusSchema.parse((await stranger.client.get(`${STATUS}?event_id=${event.id}`)).json()),
    ).toMatchObject({ rsvp_id: null, paid: false, amount_due: 0, amount_paid: 0, transactions: [] });

    const [mail] = await mailTo(harness, email, 'Your ticket for Left Bank');
    expect(mail!.text).toContain('Paid: Shs 300,000 by mobile money.');
    expect(mail!.text).toContain(confirmed.ticket!.display_code);

    // A paid ticket is not cancelled online; paying again is refused.
    const cancel = await client.request({ method: 'DELETE', url: rsvpUrl(held.id) });
    expect(cancel.statusCode).toBe(409);
    expect(envelope(cancel.body).message).toBe(eventMessages.paidCancelRefused);
    expect(envelope(cancel.body).fields?.map((item) => item.field)).toEqual(['id']);
    expect((await client.post(payUrl(held.id), { network: 'MTN', phone: MTN_PHONE })).statusCode).toBe(409);
  });

  it('still confirms a payment that lands after the hold expired, when the seats are free', async () => {
    const event = await createTestEvent(harness, { price: 80_000, capacity: 5 });
    const { client } = await customer(harness);
    const held = await rsvp(client, event.id, { guests: 2 });
    const transaction = await startPaying(client, held.id);
    await harness.database.pool.query(
      `UPDATE rsvps SET hold_expires_at = now() - interval '1 second' WHERE id = $1`,
      [held.id],
    );
    await expireRsvpHolds(harness.app.db, new Date(), harness.app.events);
    expect(await seatsLeftOf(harness, event.id)).toBe(5);

    expect((await approveAndSettle(client, transaction)).status).toBe('successful');
    expect(rsvpSchema.parse((await client.get(rsvpUrl(held.id))).json())).toMatchObject({
      status: 'confirmed',
      paid: true,
      cancel_reason: null,
    });
    expect(await seatsLeftOf(harness, event.id)).toBe(3);
  });

  it('gives no seat for a payment of an RSVP the customer cancelled: it is owed back', async () => {
    const event = await createTestEvent(harness, { price: 80_000, capacity: 5 });
    const { client } = await customer(harness);
    const held = await rsvp(client, event.id, { guests: 1 });
    const transaction = await startPaying(client, held.id);
    expect((await client.request({ method: 'DELETE', url: rsvpUrl(held.id) })).statusCode).toBe(200);

    await approveAndSettle(client, transaction);
    expect(rsvpSchema.parse((await client.get(rsvpUrl(held.id))).json())).toMatchObject({
      status: 'cancelled',
      paid: false,
    });
    expect(await seatsLeftOf(harness, event.id)).toBe(5);
    const status = eventPaymentStatusSchema.parse(
      (await client.get(`${STATUS}?event_id=${event.id}`)).json(),
    );
    expect(status).toMatchObject({ paid: false, amount_due: 0, amount_paid: 0 });
    expect(status.transactions[0]?.failure_reason).toMatch(/refunded/);
  });

  it('gives no seats for an old payment that does not cover the RSVP reopened for more guests', async () => {
    const event = await createTestEvent(harness, { price: 80_000, capacity: 5 });
    const { client } = await customer(harness);
    const held = await rsvp(client, event.id, { guests: 1 });
    const transaction = await startPaying(client, held.id);
    expect(transaction.amount).toBe(80_000);
    expect((await client.request({ method: 'DELETE', url: rsvpUrl(held.id) })).statusCode).toBe(200);
    // Booked again (the same RSVP, reopened) for 3 guests: Shs 240,000 now.
    const reopened = await rsvp(client, event.id, { guests: 3 });
    expect(reopened).toMatchObject({ id: held.id, status: 'pending_payment', amount: 240_000 });

    // The old Shs 80,000 charge is approved: it must not confirm 3 seats.
    const settled = await approveAndSettle(client, transaction);
    expect(settled.status).toBe('successful');
    expect(settled.failure_reason).toMatch(/refunded/);
    expect(rsvpSchema.parse((await client.get(rsvpUrl(held.id))).json())).toMatchObject({
      status: 'pending_payment',
      paid: false,
      ticket: null,
    });
    expect(
      eventPaymentStatusSchema.parse((await client.get(`${STATUS}?event_id=${event.id}`)).json()),
    ).toMatchObject({ paid: false, amount_due: 240_000, amount_paid: 0 });
    expect(await seatsLeftOf(harness, event.id)).toBe(2);

    // Paying the full amount still confirms it.
    const full = await startPaying(client, held.id);
    expect(full.amount).toBe(240_000);
    expect((await approveAndSettle(client, full)).status).toBe('successful');
    expect(rsvpSchema.parse((await client.get(rsvpUrl(held.id))).json())).toMatchObject({
      status: 'confirmed',
      paid: true,
    });
  });

  it('refuses to charge an RSVP that is not awaiting payment (409), or another customer’s (404)', async () => {
    const free = await createTestEvent(harness);
    const paid = await createTestEvent(harness, { price: 60_000, capacity: 1 });
    const { client } = await customer(harness);
    const freeBooking = await rsvp(client, free.id);
    expect((await client.post(payUrl(freeBooking.id), { network: 'MTN', phone: MTN_PHONE })).statusCode).toBe(
      409,
    );

    const holder = await customer(harness);
    await rsvp(holder.client, paid.id);
    const waiting = await rsvp(client, paid.id);
    expect(waiting.status).toBe('waitlisted');
    expect((await client.post(payUrl(waiting.id), { network: 'MTN', phone: MTN_PHONE })).statusCode).toBe(
      409,
    );
    expect(
      (await holder.client.post(payUrl(waiting.id), { network: 'MTN', phone: MTN_PHONE })).statusCode,
    ).toBe(404);
    const wrongNetwork = await client.post(payUrl(waiting.id), { network: 'AIRTEL', phone: MTN_PHONE });
    expect(wrongNetwork.statusCode).toBe(422);
    expect((await client.post(payUrl(waiting.id), { network: 'MTN', phone: '12' })).statusCode).toBe(422);
  });
});

describe('GET /payments/transactions/event_payment_status/', () => {
  it('answers unpaid with nothing for events without your RSVP, drafts and unknown events', async () => {
    const { client } = await customer(harness);
    const free = await createTestEvent(harness);
    const draft = await createTestEvent(harness, { status: 'draft', price: 10_000 });
    const someoneElses = await createTestEvent(harness, { price: 20_000 });
    await rsvp((await customer(harness)).client, someoneElses.id);

    for (const [id, isFree] of [
      [free.id, true],
      [draft.id, false],
      [someoneElses.id, false],
      [424_242, false],
    ] as const) {
      const response = await client.get(`${STATUS}?event_id=${id}`);
      expect(response.statusCode).toBe(200);
      expect(eventPaymentStatusSchema.parse(response.json())).toEqual({
        event_id: id,
        is_free: isFree,
        rsvp_id: null,
        rsvp_status: null,
        paid: false,
        amount_due: 0,
        amount_paid: 0,
        currency: 'UGX',
        hold_expires_at: null,
        transactions: [],
      });
    }
    expect((await client.get(`${STATUS}?event_id=abc`)).statusCode).toBe(422);
    expect((await client.get(STATUS)).statusCode).toBe(422);
    expect((await new TestBrowser(harness.app).get(`${STATUS}?event_id=${free.id}`)).statusCode).toBe(401);
  });

  it('shows a held RSVP as due, with its hold', async () => {
    const event = await createTestEvent(harness, { price: 40_000 });
    const { client } = await customer(harness);
    const held = await rsvp(client, event.id, { guests: 2 });
    const status = eventPaymentStatusSchema.parse(
      (await client.get(`${STATUS}?event_id=${event.id}`)).json(),
    );
    expect(status).toMatchObject({
      rsvp_id: held.id,
      rsvp_status: 'pending_payment',
      paid: false,
      amount_due: 80_000,
      hold_expires_at: held.hold_expires_at,
      transactions: [],
    });
    expect((await client.get(`${RSVPS}?event=${event.id}`)).statusCode).toBe(200);
  });
});
