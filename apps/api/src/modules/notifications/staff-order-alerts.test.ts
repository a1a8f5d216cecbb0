import type { AddressInfo } from 'node:net';
import type { Order } from '@shop/contract/orders';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  type Customer,
  checkoutBody,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { markOrderPaid } from '../orders/order-lifecycle';
import { waitFor } from '../payments/testing';

/**
 * Staff hear of each new paid or cash order by e-mail when the shop sends e-mail (SMTP set):
 * through a real SMTP server on loopback, each staff member and admin once, nobody else.
 */

type ReceivedMail = { to: string[]; raw: string };
const inbox: ReceivedMail[] = [];
let smtp: SMTPServer;
let harness: TestApp;
let staff: Customer;
let admin: Customer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', SMTP_URL: `smtp://127.0.0.1:${port}` });
  staff = await staffMember(harness.app);
  admin = await staffMember(harness.app, 'admin');
});
afterAll(async () => {
  await harness?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The e-mails about an order, by recipient (the subject names the order). */
const mailsAbout = (order: Order) =>
  inbox
    .filter((mail) => mail.raw.includes(`New order ${order.order_number} to prepare`))
    .flatMap((mail) => mail.to)
    .sort();

async function place(buyer: Customer, method: 'cash_on_delivery' | 'mobile_money'): Promise<Order> {
  const central = await zoneBySlug(harness.database.pool);
  const product = await stockedProduct(harness.database.pool, { price: 90_000 });
  await addToCart(buyer.client, product.id, product.variantIds[0]!, 1);
  const response = await buyer.client.post(
    CHECKOUT,
    checkoutBody(central.id, {
      payment_method: method,
      ...(method === 'mobile_money' ? { mobile_money_network: 'MTN', payment_phone: '0772 123456' } : {}),
    }),
  );
  if (response.statusCode !== 201)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json() as Order;
}

describe('e-mail to staff of each new order', () => {
  it('e-mails every staff member and admin once for a cash order, and for a mobile-money order once paid', async () => {
    const buyer = await signedInCustomer(harness.app, 'Namara Kisakye');
    const team = [staff.email, admin.email].sort();

    const cash = await place(buyer, 'cash_on_delivery');
    await waitFor(async () => mailsAbout(cash).length === 2, 'the staff e-mails of the cash order');
    expect(mailsAbout(cash)).toEqual(team);
    const mail = inbox.find((received) => received.raw.includes(`New order ${cash.order_number}`))!;
    expect(mail.raw).toContain(`/admin/orders/${cash.id}`);

    const mobile = await place(buyer, 'mobile_money');
    // Unpaid: nothing to prepare yet, so no e-mail.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsAbout(mobile)).toEqual([]);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await harness.app.events.transaction(harness.app.db, (tx, outbox) =>
        markOrderPaid(tx, mobile.id, { outbox }),
      );
    }
    await waitFor(async () => mailsAbout(mobile).length === 2, 'the staff e-mails of the paid order');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Paid twice over (a retried settlement): still one e-mail each, to the staff only (the
    // customer gets their own confirmation, not this alert).
    expect(mailsAbout(mobile)).toEqual(team);
  });
});
