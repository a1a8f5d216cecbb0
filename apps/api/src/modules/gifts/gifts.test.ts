import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  GIFT_MESSAGE_MAX,
  kampalaDayAfter,
  kampalaDayStart,
  recipientGiftSchema,
} from '@shop/contract/gifts';
import { type CheckoutRequest, orderSchema } from '@shop/contract/orders';
import { staffOrderDetailSchema } from '@shop/contract/staff-orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  ORDERS,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { pdfText } from '../../../test/pdf-text';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../identity/testing';
import { markOrderPaid } from '../orders/order-lifecycle';
import { GIFT_LINK_REQUESTS_PER_MINUTE } from './gifts.routes';

let harness: TestApp;
let central: Awaited<ReturnType<typeof zoneBySlug>>;
let staff: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  central = await zoneBySlug(harness.database.pool);
  staff = await staffMember(harness.app);
});
afterAll(() => harness?.close());

const STAFF = '/api/v1/orders/admin/orders';
const GIFTS = '/api/v1/gifts';
const DAY_MS = 24 * 60 * 60 * 1000;
const unique = () => Math.random().toString(36).slice(2, 8);
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const MESSAGE = 'Happy birthday, Auntie!\n<b>Cheers</b> & love — 50 years young';

function giftBody(
  zoneId: number,
  gift: Record<string, unknown> = {},
  overrides: Partial<CheckoutRequest> = {},
) {
  return checkoutBody(zoneId, {
    contact_name: 'Namara Kisakye',
    payment_method: 'mobile_money',
    mobile_money_network: 'MTN',
    payment_phone: '0772 123456',
    gift: {
      recipient_name: 'Auntie Sarah Nakato',
      recipient_phone: '0701 234567',
      message: MESSAGE,
      delivery_date: kampalaDayAfter(new Date(), 7),
      ...gift,
    } as CheckoutRequest['gift'],
    ...overrides,
  });
}

async function buyerWithBottle() {
  const buyer = await signedInCustomer(harness.app, 'Namara Kisakye');
  const bottle = await stockedProduct(harness.database.pool, {
    name: `Gift Red ${unique()}`,
    price: 185_000,
  });
  await addToCart(buyer.client, bottle.id, bottle.variantIds[0]!, 1);
  return { buyer, bottle };
}

/** A gift placed and paid (confirmed): the recipient's first SMS is written. */
async function paidGift(gift: Record<string, unknown> = {}) {
  const { buyer, bottle } = await buyerWithBottle();
  const response = await buyer.client.post(CHECKOUT, giftBody(central.id, gift));
  expect(response.statusCode, response.body).toBe(201);
  const order = orderSchema.parse(response.json());
  await harness.app.events.transaction(harness.app.db, (tx, outbox) =>
    markOrderPaid(tx, order.id, { outbox }),
  );
  return { buyer, bottle, order };
}

type SmsRow = { kind: string; phone: string; body: string; user_id: string | null };
async function smsOfOrderTo(phone: string, kind: string): Promise<SmsRow> {
  let row: SmsRow | undefined;
  await expect
    .poll(async () => {
      const result = await harness.database.pool.query<SmsRow>(
        `SELECT kind, phone, body, user_id FROM sms_messages WHERE phone = $1 AND kind = $2 ORDER BY created_at DESC`,
        [phone, kind],
      );
      row = result.rows[0];
      return Boolean(row);
    })
    .toBe(true);
  return row!;
}

const tokenOf = (body: string) => /\/gift\/([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
const recipientPhone = () => `+2567${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

const move = async (orderId: string, status: string) => {
  if (status === 'out_for_delivery') {
    const assigned = await staff.client.post(`${STAFF}/${orderId}/rider/`, {
      rider_name: 'Musa Okello',
      rider_phone: '0772 000111',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  const response = await staff.client.post(`${STAFF}/${orderId}/status/`, { status });
  expect(response.statusCode, response.body).toBe(200);
};

describe('checking a gift at checkout', () => {
  it('names each bad field of a gift with its reason (422) and saves nothing', async () => {
    const { buyer } = await buyerWithBottle();
    const cases: Array<[Record<string, unknown>, Partial<CheckoutRequest>, string]> = [
      [{ recipient_name: '  ' }, {}, 'gift.recipient_name'],
      [{ recipient_phone: '12345' }, {}, 'gift.recipient_phone'],
      [{ message: 'x'.repeat(GIFT_MESSAGE_MAX + 1) }, {}, 'gift.message'],
      [{ delivery_date: '2026-02-30' }, {}, 'gift.delivery_date'],
      [{ delivery_date: kampalaDayAfter(new Date(), -1) }, {}, 'gift.delivery_date'],
      [{ delivery_date: kampalaDayAfter(new Date(), 61) }, {}, 'gift.delivery_date'],
      [{}, { fulfilment: 'pickup' }, 'fulfilment'],
      [{}, { payment_method: 'cash_on_delivery' }, 'payment_method'],
    ];
    for (const [gift, overrides, field] of cases) {
      const response = await buyer.client.post(CHECKOUT, giftBody(central.id, gift, overrides));
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(envelope(response.body).fields?.map((error) => error.field)).toContain(field);
    }
    const dayTooFar = await buyer.client.post(
      CHECKOUT,
      giftBody(central.id, { delivery_date: kampalaDayAfter(new Date(), 61) }),
    );
    expect(envelope(dayTooFar.body).fields).toContainEqual({
      field: 'gift.delivery_date',
      message: 'Choose a day at most 60 days ahead',
    });
    const orders = await harness.database.pool.query('SELECT 1 FROM orders WHERE user_id = $1', [
      buyer.userId,
    ]);
    expect(orders.rowCount).toBe(0);
    const gifts = await harness.database.pool.query(
      'SELECT 1 FROM gift_recipients g JOIN orders o ON o.id = g.order_id WHERE o.user_id = $1',
      [buyer.userId],
    );
    expect(gifts.rowCount).toBe(0);
  });

  it('takes a gift 60 days ahead, keeps the message exactly as typed and promises from that day', async () => {
    const day = kampalaDayAfter(new Date(), 60);
    const { buyer, order } = await paidGift({ delivery_date: day, recipient_phone: '+256 701 234 567' });
    expect(order.gift).toEqual({
      recipient_name: 'Auntie Sarah Nakato',
      recipient_phone: '+256701234567',
      message: MESSAGE,
      delivery_date: day,
      recipient_instructions: null,
    });
    const read = orderSchema.parse((await buyer.client.get(`${ORDERS}/${order.id}/`)).json());
    expect(read.status).toBe('confirmed');
    expect(read.gift?.message).toBe(MESSAGE);
    // The promise counts from the gift's day, inside the evening window chosen.
    const promised = new Date(read.estimated_delivery_time!);
    expect(promised.getTime()).toBeGreaterThanOrEqual(kampalaDayStart(day).getTime());
    expect(promised.getTime()).toBeLessThan(kampalaDayStart(day).getTime() + DAY_MS);
  });
  it('is not switched to cash on delivery from the payment screen (409): the recipient never pays', async () => {
    const { buyer } = await buyerWithBottle();
    const placed = await buyer.client.post(CHECKOUT, giftBody(central.id));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    const refused = await buyer.client.post('/api/v1/payments/transactions/switch_to_cash_on_delivery/', {
      order_id: order.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused.body).fields).toEqual([
      { field: 'payment_method', message: 'A gift is paid before it goes out: choose mobile money' },
    ]);
    const read = orderSchema.parse((await buyer.client.get(`${ORDERS}/${order.id}/`)).json());
    expect(read).toMatchObject({ status: 'pending', payment_method: 'mobile_money' });
  });
});

describe('the recipient', () => {
  it('gets an SMS on confirmation and when it goes out: who from, the link, never the price; the buyer keeps theirs', async () => {
    const phone = recipientPhone();
    const { order, buyer } = await paidGift({ recipient_phone: phone });
    const coming = await smsOfOrderTo(phone, 'gift_coming');
    expect(coming.user_id).toBeNull();
    expect(coming.body).toContain('Namara is sending you a gift');
    expect(coming.body).not.toContain('Kisakye');
    expect(coming.body).not.toMatch(/UGX|Shs|185,000|185000/);
    const token = tokenOf(coming.body);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Only the hash is kept.
    const kept = await harness.database.pool.query<{ link_hash: string }>(
      'SELECT link_hash FROM gift_recipients WHERE order_id = $1',
      [order.id],
    );
    expect(kept.rows[0]?.link_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept.rows)).not.toContain(token);

    await move(order.id, 'processing');
    await move(order.id, 'ready_for_delivery');
    await move(order.id, 'out_for_delivery');
    const out = await smsOfOrderTo(phone, 'gift_out_for_delivery');
    expect(out.body).toContain('your gift from Namara is on its way');
    expect(out.body).not.toMatch(/UGX|Shs|185,000|185000/);
    expect(tokenOf(out.body)).toBe(token);
    // Nothing but SMS goes to the recipient; the buyer's own notices are theirs (their user id).
    const toRecipient = await harness.database.pool.query<{ kind: string }>(
      'SELECT kind FROM sms_messages WHERE phone = $1 ORDER BY created_at',
      [phone],
    );
    expect(toRecipient.rows.map((row) => row.kind)).toEqual(['gift_coming', 'gift_out_for_delivery']);
    // The buyer still hears of their order going out, in their own notifications.
    await expect
      .poll(async () => {
        const result = await harness.database.pool.query<{ title: string }>(
          'SELECT title FROM notifications WHERE user_id = $1',
          [buyer.userId],
        );
        return result.rows.map((row) => row.title);
      })
      .toContain(`Order ${order.order_number} is on its way`);
  });

  it('sees the status, message, day and address through the link: no price, no buyer beyond the first name', async () => {
    const phone = recipientPhone();
    const { order } = await paidGift({ recipient_phone: phone });
    const token = tokenOf((await smsOfOrderTo(phone, 'gift_coming')).body);
    const visitor = new TestBrowser(harness.app);
    const response = await visitor.get(`${GIFTS}/${token}/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const gift = recipientGiftSchema.parse(response.json());
    expect(gift).toMatchObject({
      from: 'Namara',
      recipient_name: 'Auntie Sarah Nakato',
      message: MESSAGE,
      status: 'confirmed',
      status_label: 'Confirmed',
      delivery_area: 'Central Kampala',
      landmark: 'Opposite Shell Kololo',
      preferred_delivery_time: 'evening',
      can_change: true,
    });
    const raw = response.body;
    for (const hidden of [
      '185000',
      'UGX',
      'Kisakye',
      '+256772123456',
      order.order_number,
      'total',
      'price',
    ]) {
      expect(raw).not.toContain(hidden);
    }
    // An unknown link and a malformed one say so, and give nothing away.
    expect((await visitor.get(`${GIFTS}/${'x'.repeat(43)}/`)).statusCode).toBe(404);
    expect((await visitor.get(`${GIFTS}/short/`)).statusCode).toBe(422);
  });

  it('limits the requests to gift links from one client address (429)', async () => {
    const visitor = new TestBrowser(harness.app);
    const token = 'r'.repeat(43);
    const answers: number[] = [];
    for (let index = 0; index <= GIFT_LINK_REQUESTS_PER_MINUTE; index++) {
      answers.push((await visitor.get(`${GIFTS}/${token}/`)).statusCode);
    }
    expect(answers.slice(0, GIFT_LINK_REQUESTS_PER_MINUTE).every((status) => status === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('chooses a better window and leaves instructions, which staff and the slip see; validated', async () => {
    const phone = recipientPhone();
    const { order } = await paidGift({ recipient_phone: phone });
    const token = tokenOf((await smsOfOrderTo(phone, 'gift_coming')).body);
    const visitor = new TestBrowser(harness.app);
    const bad = await visitor.patch(`${GIFTS}/${token}/`, { preferred_delivery_time: 'midnight' });
    expect(bad.statusCode).toBe(422);
    expect(envelope(bad.body).fields?.[0]?.field).toBe('preferred_delivery_time');
    const long = await visitor.patch(`${GIFTS}/${token}/`, { instructions: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(envelope(long.body).fields?.[0]?.field).toBe('instructions');
    const empty = await visitor.patch(`${GIFTS}/${token}/`, {});
    expect(empty.statusCode).toBe(422);

    const chosen = await visitor.patch(`${GIFTS}/${token}/`, {
      preferred_delivery_time: 'morning',
      instructions: 'Ask for Sarah at the reception',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const gift = recipientGiftSchema.parse(chosen.json());
    expect(gift).toMatchObject({
      preferred_delivery_time: 'morning',
      instructions: 'Ask for Sarah at the reception',
    });
    const promised = new Date(gift.estimated_delivery_time!);
    // Morning (9:00–12:00, delivery from 10:00) Kampala time on the gift's day.
    const hour = (promised.getUTCHours() + 3) % 24;
    expect(hour).toBeGreaterThanOrEqual(9);
    expect(hour).toBeLessThanOrEqual(12);

    const detail = staffOrderDetailSchema.parse(
      (await staff.client.get(`${STAFF}/${order.id}/detail/`)).json(),
    );
    expect(detail.delivery_instructions?.preferred_delivery_time).toBe('morning');
    expect(detail.gift).toMatchObject({
      recipient_name: 'Auntie Sarah Nakato',
      recipient_phone: phone,
      message: MESSAGE,
      recipient_instructions: 'Ask for Sarah at the reception',
      gift_card_url: `/api/v1/orders/admin/orders/${order.id}/gift-card.pdf`,
    });
  });

  it('can no longer change the window once out for delivery (409, nothing changes)', async () => {
    const phone = recipientPhone();
    const { order } = await paidGift({ recipient_phone: phone });
    const token = tokenOf((await smsOfOrderTo(phone, 'gift_coming')).body);
    await move(order.id, 'processing');
    await move(order.id, 'ready_for_delivery');
    await move(order.id, 'out_for_delivery');
    const visitor = new TestBrowser(harness.app);
    const refused = await visitor.patch(`${GIFTS}/${token}/`, { preferred_delivery_time: 'morning' });
    expect(refused.statusCode).toBe(409);
    expect(envelope(refused.body).fields?.[0]?.field).toBe('preferred_delivery_time');
    const gift = recipientGiftSchema.parse((await visitor.get(`${GIFTS}/${token}/`)).json());
    expect(gift).toMatchObject({
      status: 'out_for_delivery',
      preferred_delivery_time: 'evening',
      can_change: false,
    });
  });

  it('finds the link gone (410) 7 days after delivery, and working until then', async () => {
    const phone = recipientPhone();
    const { order } = await paidGift({ recipient_phone: phone });
    const token = tokenOf((await smsOfOrderTo(phone, 'gift_coming')).body);
    for (const status of ['processing', 'ready_for_delivery', 'out_for_delivery', 'delivered'])
      await move(order.id, status);
    const visitor = new TestBrowser(harness.app);
    const delivered = recipientGiftSchema.parse((await visitor.get(`${GIFTS}/${token}/`)).json());
    expect(delivered.status).toBe('delivered');
    await harness.database.pool.query(
      `UPDATE deliveries SET delivered_at = now() - interval '6 days 23 hours' WHERE order_id = $1`,
      [order.id],
    );
    expect((await visitor.get(`${GIFTS}/${token}/`)).statusCode).toBe(200);
    await harness.database.pool.query(
      `UPDATE deliveries SET delivered_at = now() - interval '7 days 1 minute' WHERE order_id = $1`,
      [order.id],
    );
    const expired = await visitor.get(`${GIFTS}/${token}/`);
    expect(expired.statusCode).toBe(410);
    expect(envelope(expired.body)).toMatchObject({
      code: 'gone',
      message: expect.stringContaining('expired'),
    });
    expect(expired.body).not.toContain('Auntie');
    expect((await visitor.patch(`${GIFTS}/${token}/`, { instructions: 'late' })).statusCode).toBe(410);
  });
});

describe('the gift’s papers', () => {
  it('prints the packing slip with the message and the recipient, and no price', async () => {
    const { order, bottle } = await paidGift();
    const response = await staff.client.get(`${STAFF}/${order.id}/packing-slip.pdf`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(bottle.name);
    expect(text).toContain('Auntie Sarah Nakato');
    expect(text).toContain('+256701234567');
    expect(text).toContain('Happy birthday, Auntie!');
    expect(text).toContain('<b>Cheers</b> & love');
    expect(text).not.toMatch(/UGX|Shs|185,000|195,000/);
    expect(text).not.toContain('Kisakye');
  });

  it('prints a gift card for staff only: message and sender’s first name, no price', async () => {
    const { order, buyer } = await paidGift();
    const url = `${STAFF}/${order.id}/gift-card.pdf`;
    const response = await staff.client.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('For Auntie Sarah Nakato');
    expect(text).toContain('Happy birthday, Auntie!');
    expect(text).toContain('<b>Cheers</b> & love');
    expect(text).toContain('From Namara');
    expect(text).not.toMatch(/UGX|Shs|185,000|Kisakye|ORD-/);
    expect((await buyer.client.get(url)).statusCode).toBe(403);
    expect((await new TestBrowser(harness.app).get(url)).statusCode).toBe(401);
  });

  it('has no gift card for an order that is not a gift (404)', async () => {
    const { buyer } = await buyerWithBottle();
    const placed = await buyer.client.post(CHECKOUT, checkoutBody(central.id));
    expect(placed.statusCode).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.gift).toBeNull();
    expect((await staff.client.get(`${STAFF}/${order.id}/gift-card.pdf`)).statusCode).toBe(404);
  });
});
