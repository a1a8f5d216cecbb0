import { type BackOfficeWork, backOfficeWorkSchema } from '@shop/contract/back-office';
import { dashboardSchema } from '@shop/contract/dashboard';
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
import { insertDevMail } from '../email/dev-mailbox.repository';

const WORK = '/api/v1/admin/work/';

let harness: TestApp;
let staff: Customer;
let admin: Customer;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
  staff = await staffMember(harness.app, 'staff');
  admin = await staffMember(harness.app, 'admin');
});
afterAll(() => harness?.close());

async function work(member: Customer): Promise<BackOfficeWork> {
  const response = await member.client.get(WORK);
  expect(response.statusCode, response.body).toBe(200);
  return backOfficeWorkSchema.parse(response.json());
}

describe('GET /admin/work/ (issue 36: the frame’s counts)', () => {
  it('counts what the dashboard counts, and follows a new order and a held e-mail', async () => {
    const before = await work(admin);
    const dashboard = dashboardSchema.parse((await admin.client.get('/api/v1/admin/dashboard/')).json());
    expect(before.orders_to_pack).toBe(dashboard.pending.orders_to_prepare.count);
    expect(before.refunds_due).toBe(dashboard.pending.refund_due.count);

    // A cash order is confirmed at checkout: one more to pack.
    const buyer = await signedInCustomer(harness.app);
    const product = await stockedProduct(harness.database.pool);
    await addToCart(buyer.client, product.id, product.variantIds[0]!, 1);
    const zone = await zoneBySlug(harness.database.pool);
    const placed = await buyer.client.post(
      CHECKOUT,
      checkoutBody(zone.id, { payment_method: 'cash_on_delivery' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const placedCounts = await work(admin);
    expect(placedCounts.orders_to_pack).toBe(before.orders_to_pack + 1);

    // The order's confirmation may be held too: the e-mail below is counted on top of it.
    await insertDevMail(harness.app.db, {
      from: 'shop@example.test',
      to: 'someone@example.test',
      subject: 'Held',
      text: 'Held',
      html: '<p>Held</p>',
    });

    expect((await work(admin)).outbox_unsent).toBe(placedCounts.outbox_unsent + 1);
  });

  it('gives refunds only to those who may refund, and refuses visitors and customers', async () => {
    expect((await work(staff)).refunds_due).toBeNull();
    expect((await work(admin)).refunds_due).toEqual(expect.any(Number));
    harness.app.config.REFUNDS_BY_STAFF = true;
    try {
      expect((await work(staff)).refunds_due).toEqual(expect.any(Number));
    } finally {
      harness.app.config.REFUNDS_BY_STAFF = false;
    }
    expect((await harness.app.inject({ method: 'GET', url: WORK })).statusCode).toBe(401);
    const shopper = await signedInCustomer(harness.app);
    expect((await shopper.client.get(WORK)).statusCode).toBe(403);
  });
});
