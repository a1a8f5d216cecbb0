import { recentCheckoutDetailsSchema } from '@shop/contract/orders';
import { profileSchema } from '@shop/contract/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  anonymousVisitor,
  CHECKOUT,
  type Customer,
  checkoutBody,
  ORDERS,
  signedInCustomer,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 33 item 10: a returning customer is offered the phones and addresses of their own last
// orders at checkout, and may save the ones they use to their profile.

const RECENT = `${ORDERS}/recent_details/`;
const PROFILE = '/api/v1/users/users/profile/';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

async function order(customer: Customer, overrides: Parameters<typeof checkoutBody>[1] = {}) {
  const product = await stockedProduct(harness.database.pool);
  await addToCart(customer.client, product.id, product.variantIds[0]!);
  const zone = await zoneBySlug(harness.database.pool);
  const placed = await customer.client.post(CHECKOUT, checkoutBody(zone.id, overrides));
  expect(placed.statusCode, placed.body).toBe(201);
  return { zone, order: placed.json() };
}

const recentOf = async (customer: Customer) => {
  const answer = await customer.client.get(RECENT);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return recentCheckoutDetailsSchema.parse(answer.json());
};

describe('GET /orders/orders/recent_details/', () => {
  it("answers the phones and addresses of the customer's own last orders, newest first, each once", async () => {
    const amina = await signedInCustomer(harness.app, 'Amina Nakato');
    const stranger = await signedInCustomer(harness.app, 'Someone Else');
    expect(await recentOf(amina)).toEqual({ phones: [], addresses: [] });

    const { zone } = await order(amina, { contact_phone: '0772 123456', street: 'Acacia Avenue 12' });
    await order(amina, { contact_phone: '0701 234567', street: 'Kira Road 3' });
    await order(amina, { contact_phone: '0701 234567', street: 'Kira Road 3' });
    // Another customer's order: never offered to Amina.
    await order(stranger, { contact_phone: '0752 999888', street: 'Stranger Street 9' });

    expect(await recentOf(amina)).toEqual({
      phones: ['+256701234567', '+256772123456'],
      addresses: [
        {
          delivery_zone: zone.id,
          zone_name: zone.name,
          street: 'Kira Road 3',
          landmark: 'Opposite Shell Kololo',
        },
        {
          delivery_zone: zone.id,
          zone_name: zone.name,
          street: 'Acacia Avenue 12',
          landmark: 'Opposite Shell Kololo',
        },
      ],
    });
    const theirs = await recentOf(stranger);
    expect(theirs.phones).toEqual(['+256752999888']);
    expect(JSON.stringify(theirs)).not.toContain('Kira Road');
  });

  it('is for signed-in customers only (401 for an anonymous visitor)', async () => {
    const { client } = await anonymousVisitor(harness.app);
    expect((await client.get(RECENT)).statusCode).toBe(401);
  });
});

describe('checkout with save_to_profile', () => {
  it('saves the phone and the delivery address to the customer’s own profile when asked, and only then', async () => {
    const customer = await signedInCustomer(harness.app, 'Namara Kisakye');
    const other = await signedInCustomer(harness.app, 'Other Customer');
    const profileOf = async (who: Customer) => profileSchema.parse((await who.client.get(PROFILE)).json());
    expect((await profileOf(customer)).phone).toBeNull();

    await order(customer, { contact_phone: '0772 555444' });
    expect(await profileOf(customer)).toMatchObject({ phone: null, default_delivery_address: null });

    const { zone } = await order(customer, {
      contact_phone: '0772 555444',
      street: 'Acacia Avenue 12',
      save_to_profile: true,
    });
    expect(await profileOf(customer)).toMatchObject({
      phone: '+256772555444',
      default_delivery_address: {
        area: zone.name,
        street: 'Acacia Avenue 12',
        landmark: 'Opposite Shell Kololo',
        notes: null,
      },
    });
    // Nobody else's profile changes.
    expect(await profileOf(other)).toMatchObject({ phone: null, default_delivery_address: null });

    // A pick-up order saves the phone and keeps the address.
    await order(customer, {
      fulfilment: 'pickup',
      contact_phone: '0701 112233',
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
      save_to_profile: true,
    });
    expect(await profileOf(customer)).toMatchObject({
      phone: '+256701112233',
      default_delivery_address: { area: zone.name, street: 'Acacia Avenue 12' },
    });
  });

  it('refuses a save_to_profile that is not true or false (422), placing nothing', async () => {
    const customer = await signedInCustomer(harness.app);
    const zone = await zoneBySlug(harness.database.pool);
    const refused = await customer.client.post(CHECKOUT, {
      ...checkoutBody(zone.id),
      save_to_profile: 'yes',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual([
      { field: 'save_to_profile', message: 'must be true or false' },
    ]);
  });
});
