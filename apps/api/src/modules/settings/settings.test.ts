import crypto from 'node:crypto';
import { auditListSchema } from '@shop/contract/audit';
import { cartSchema } from '@shop/contract/cart';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { eventMessages } from '@shop/contract/events';
import {
  adminShopSettingsSchema,
  DEFAULT_SHOP_SETTINGS,
  publicShopSettingsSchema,
  type ShopSettingsFields,
  settingsMessages,
  shopSettingsFieldsSchema,
} from '@shop/contract/settings';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART,
  CHECKOUT,
  type Customer,
  checkoutBody,
  secondInstance,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { setShopSettings } from '../../../test/fixtures/settings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { shopSettings } from '../../db/schema';
import { createTestEvent, RSVPS } from '../events/testing';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { fieldsOf } from './settings.service';

const PUBLIC = '/api/v1/settings/';
const ADMIN = '/api/v1/admin/settings/';
const AUDIT = '/api/v1/admin/audit/';

let harness: TestApp;
let admin: Customer;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  admin = await staffMember(harness.app, 'admin');
});
afterAll(() => harness?.close());
afterEach(async () => {
  // Every test starts from the defaults.
  await setShopSettings(harness.app, DEFAULT_SHOP_SETTINGS);
});

const put = (client: TestBrowser, payload: unknown) =>
  client.request({ method: 'PUT', url: ADMIN, payload: payload as object });

const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

async function loaded() {
  return adminShopSettingsSchema.parse((await admin.client.get(ADMIN)).json());
}

async function save(changes: Partial<ShopSettingsFields>, client = admin.client) {
  const { updated_at: _a, updated_by: _b, ...current } = await loaded();
  return put(client, { ...current, ...changes });
}

function birthDate(years: number, offsetDays = 0): string {
  const now = new Date(Date.now() + 3 * 60 * 60 * 1000 + offsetDays * 86_400_000);
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const day = String(now.getUTCDate()).padStart(2, '0');
  return `${now.getUTCFullYear() - years}-${month}-${day}`;
}

describe('GET /settings/ (public)', () => {
  it('answers the defaults until an admin saves, to anyone', async () => {
    const response = await harness.app.inject({ method: 'GET', url: PUBLIC });
    expect(response.statusCode).toBe(200);
    expect(publicShopSettingsSchema.parse(response.json())).toEqual(DEFAULT_SHOP_SETTINGS);
    expect(response.json()).not.toHaveProperty('version');
  });
});

describe('the settings form (admins only)', () => {
  it('refuses visitors (401), customers and staff (403), reading or saving', async () => {
    const body = { ...DEFAULT_SHOP_SETTINGS, version: 0 };
    expect((await harness.app.inject({ method: 'GET', url: ADMIN })).statusCode).toBe(401);
    expect((await harness.app.inject({ method: 'PUT', url: ADMIN, payload: body })).statusCode).toBe(401);
    const customer = await signedInCustomer(harness.app);
    const staff = await staffMember(harness.app, 'staff');
    for (const client of [customer.client, staff.client]) {
      expect((await client.get(ADMIN)).statusCode).toBe(403);
      expect((await put(client, body)).statusCode).toBe(403);
    }
    expect((await loaded()).version).toBeGreaterThanOrEqual(0);
  });

  it('saves, answers the new version and who saved, and the storefront reads it at once', async () => {
    const before = await loaded();
    const response = await save({ free_delivery_threshold: 500_000, phone: '+256 700 111 222' });
    expect(response.statusCode).toBe(200);
    const saved = adminShopSettingsSchema.parse(response.json());
    expect(saved).toMatchObject({
      free_delivery_threshold: 500_000,
      phone: '+256 700 111 222',
      version: before.version + 1,
      updated_by: 'Grace Nansubuga',
    });
    const shown = (await harness.app.inject({ method: 'GET', url: PUBLIC })).json();
    expect(shown).toMatchObject({ free_delivery_threshold: 500_000, phone: '+256 700 111 222' });
  });

  it('records the change in the audit trail, before → after, only the changed fields', async () => {
    const hours = DEFAULT_SHOP_SETTINGS.opening_hours.map((day) =>
      day.day === 'sunday' ? { ...day, open: false } : day,
    );
    expect((await save({ opening_hours: hours, minimum_age: 18 })).statusCode).toBe(200);
    const trail = auditListSchema.parse(
      (await admin.client.get(`${AUDIT}?subject_type=settings&kind=settings.update&page_size=1`)).json(),
    );
    const [entry] = trail.results;
    expect(entry).toMatchObject({
      kind: 'settings.update',
      subject_type: 'settings',
      subject_id: 'shop',
      actor: { id: admin.userId, name: 'Grace Nansubuga', role: 'admin' },
      summary: 'Changed opening hours, minimum age',
      before: { opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours, minimum_age: 21 },
      after: { opening_hours: hours, minimum_age: 18 },
    });
  });

  it('refuses a stale copy with 409 naming who changed it and when; nothing is written', async () => {
    const { updated_at: _a, updated_by: _b, ...stale } = await loaded();
    expect((await save({ minimum_age: 19 })).statusCode).toBe(200);
    const response = await put(admin.client, { ...stale, minimum_age: 25 });
    expect(response.statusCode).toBe(409);
    const error = envelope(response.body);
    expect(error.code).toBe('conflict');
    expect(error.message).toMatch(/^Grace Nansubuga changed the settings on \d{1,2} \w+ \d{4}/);
    expect(error.fields).toEqual([{ field: 'version', message: settingsMessages.stale }]);
    expect((await loaded()).minimum_age).toBe(19);
  });

  it('names each bad field with the reason (422) and writes nothing', async () => {
    const before = await loaded();
    const response = await save({
      minimum_age: 17,
      free_delivery_threshold: -1,
      vat_tin: '12-34',
      opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours.map((day) =>
        day.day === 'monday' ? { ...day, opens: '22:00', closes: '08:00' } : day,
      ),
    });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toEqual(
      expect.arrayContaining([
        { field: 'minimum_age', message: settingsMessages.minimumAge },
        { field: 'free_delivery_threshold', message: settingsMessages.threshold },
        { field: 'vat_tin', message: settingsMessages.tin },
        { field: 'opening_hours.0.closes', message: settingsMessages.closesAfterOpens },
      ]),
    );
    expect(await loaded()).toEqual(before);
  });

  it('the fee for a refused order: one of the policies, named when wrong (nothing written), audited', async () => {
    expect(DEFAULT_SHOP_SETTINGS.refused_order_fee).toBe('none');
    const before = await loaded();
    const wrong = await save({ refused_order_fee: 'half' as never });
    expect(wrong.statusCode).toBe(422);
    expect(envelope(wrong.body).fields).toEqual([
      { field: 'refused_order_fee', message: settingsMessages.refusedOrderFee },
    ]);
    expect(await loaded()).toEqual(before);

    expect((await save({ refused_order_fee: 'delivery_fee' })).statusCode).toBe(200);
    expect((await loaded()).refused_order_fee).toBe('delivery_fee');
    const trail = auditListSchema.parse(
      (await admin.client.get(`${AUDIT}?subject_type=settings&kind=settings.update&page_size=1`)).json(),
    );
    expect(trail.results[0]).toMatchObject({
      summary: 'Changed fee for a refused order',
      before: { refused_order_fee: 'none' },
      after: { refused_order_fee: 'delivery_fee' },
    });
  });

  it('saves every setting and reads each back from both reads (a VAT TIN too: issue 33)', async () => {
    // Every setting differs from its default, so a field that cannot be saved, stored or
    // answered fails here; a setting added later fails the coverage check first.
    const everything: ShopSettingsFields = {
      phone: '+256 701 234 567',
      whatsapp: '+256 782 345 678',
      email: 'orders@cellars.example',
      address: 'Plot 7, Acacia Avenue, Kololo, Kampala',
      opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours.map((day) =>
        day.day === 'sunday' ? { ...day, open: false } : { ...day, opens: '08:30', closes: '20:00' },
      ),
      free_delivery_threshold: 350_000,
      minimum_age: 20,
      delivery_hours: { from: 8, to: 22 },
      delivery_windows: {
        morning: { from: 8, to: 11 },
        afternoon: { from: 11, to: 16 },
        evening: { from: 16, to: 21 },
      },
      vat_tin: '1000123456',
      prices_include_vat: false,
      review_policy: 'signed_in_customers',
      refused_order_fee: 'delivery_fee',
    };
    expect(Object.keys(everything).sort()).toEqual(Object.keys(shopSettingsFieldsSchema.shape).sort());
    for (const key of Object.keys(everything) as (keyof ShopSettingsFields)[]) {
      expect(everything[key], key).not.toEqual(DEFAULT_SHOP_SETTINGS[key]);
    }

    // The TIN as typed, with spaces: stored and answered as its 10 digits.
    const response = await save({ ...everything, vat_tin: '1000 123 456' });
    expect(response.statusCode, response.body).toBe(200);
    expect(fieldsOf(adminShopSettingsSchema.parse(response.json()))).toEqual(everything);

    const adminRead = await admin.client.get(ADMIN);
    expect(adminRead.statusCode, adminRead.body).toBe(200);
    expect(fieldsOf(adminShopSettingsSchema.parse(adminRead.json()))).toEqual(everything);
    const publicRead = await harness.app.inject({ method: 'GET', url: PUBLIC });
    expect(publicRead.statusCode, publicRead.body).toBe(200);
    expect(publicRead.json()).toEqual(everything);

    // And back to no VAT registration, through the same form.
    const cleared = await save({ vat_tin: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await loaded()).vat_tin).toBeNull();
  });

  it('a stored value that no longer validates reads as its default alone; the form still opens', async () => {
    await setShopSettings(harness.app, { free_delivery_threshold: 420_000 });
    // As a hand edit or an older rule could have left it.
    await harness.app.db
      .update(shopSettings)
      .set({ settings: sql`${shopSettings.settings} || '{"vat_tin":"12-34","minimum_age":5}'::jsonb` });
    harness.app.shopSettings.invalidate();

    const adminRead = await admin.client.get(ADMIN);
    expect(adminRead.statusCode, adminRead.body).toBe(200);
    expect(adminRead.json()).toMatchObject({
      vat_tin: DEFAULT_SHOP_SETTINGS.vat_tin,
      minimum_age: DEFAULT_SHOP_SETTINGS.minimum_age,
      free_delivery_threshold: 420_000,
    });
    const publicRead = await harness.app.inject({ method: 'GET', url: PUBLIC });
    expect(publicRead.statusCode, publicRead.body).toBe(200);
    expect(publicRead.json()).toMatchObject({ vat_tin: null, free_delivery_threshold: 420_000 });
    // The admin saves the form as it opened, which writes valid values again.
    expect((await save({ vat_tin: '1000123456' })).statusCode).toBe(200);
    expect(await loaded()).toMatchObject({ vat_tin: '1000123456', minimum_age: 21 });
  });
});

describe('the OpenAPI document', () => {
  it('describes the public read and the admins’ read and save, with their refusals', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths['/api/v1/settings/'].get.responses)).toEqual(['200']);
    expect(Object.keys(document.paths['/api/v1/admin/settings/'].get.responses).sort()).toEqual([
      '200',
      '401',
      '403',
    ]);
    expect(Object.keys(document.paths['/api/v1/admin/settings/'].put.responses).sort()).toEqual([
      '200',
      '401',
      '403',
      '409',
      '422',
    ]);
  });
});

describe('the settings are used at once', () => {
  it('the free-delivery threshold changes the cart and the checkout fee', async () => {
    const zone = await zoneBySlug(harness.database.pool);
    const product = await stockedProduct(harness.database.pool, { price: 300_000, stock: 20 });
    const buyer = await signedInCustomer(harness.app);
    await addToCart(buyer.client, product.id, product.variantIds[0]!, 1);

    // Shs 300,000 is below the default threshold: the zone's fee.
    const first = await buyer.client.post(CHECKOUT, checkoutBody(zone.id));
    expect(first.statusCode).toBe(201);
    expect(first.json().delivery_fee).toBe(zone.fee);

    expect((await save({ free_delivery_threshold: 250_000 })).statusCode).toBe(200);
    await addToCart(buyer.client, product.id, product.variantIds[0]!, 1);
    const cart = cartSchema.parse((await buyer.client.get(`${CART}/my_cart/`)).json());
    expect(cart).toMatchObject({ free_delivery_threshold: 250_000, free_delivery_remaining: 0 });
    const second = await buyer.client.post(CHECKOUT, checkoutBody(zone.id));
    expect(second.statusCode).toBe(201);
    expect(second.json().delivery_fee).toBe(0);
  });

  it('the minimum age changes who may sign up and what the refusal says', async () => {
    const client = new TestBrowser(harness.app);
    await client.get('/api/v1/auth/csrf');
    const nineteen = birthDate(19);
    const refused = await client.signUp({ email: uniqueEmail(), date_of_birth: nineteen });
    expect(refused.statusCode).toBe(422);
    expect(envelope(refused.body).fields).toEqual([
      { field: 'date_of_birth', message: 'You must be 21 or older to create an account' },
    ]);

    expect((await save({ minimum_age: 18 })).statusCode).toBe(200);
    expect((await client.signUp({ email: uniqueEmail(), date_of_birth: nineteen })).statusCode).toBe(200);

    expect((await save({ minimum_age: 25 })).statusCode).toBe(200);
    const older = await new TestBrowser(harness.app).signUp({
      email: uniqueEmail(),
      date_of_birth: birthDate(24),
    });
    expect(older.statusCode).toBe(422);
    expect(envelope(older.body).fields).toEqual([
      { field: 'date_of_birth', message: 'You must be 25 or older to create an account' },
    ]);
  });

  it('the minimum age holds on the profile too', async () => {
    const customer = await signedInCustomer(harness.app);
    const profile = '/api/v1/users/users/update_profile/';
    expect((await customer.client.patch(profile, { date_of_birth: birthDate(22) })).statusCode).toBe(200);
    expect((await save({ minimum_age: 23 })).statusCode).toBe(200);
    const refused = await customer.client.patch(profile, { date_of_birth: birthDate(22) });
    expect(refused.statusCode).toBe(422);
    expect(envelope(refused.body).fields).toEqual([
      { field: 'date_of_birth', message: 'Your date of birth must show that you are 23 or older' },
    ]);
  });

  it('an event never admits anyone younger than the shop’s minimum age, whatever its own', async () => {
    const event = await createTestEvent(harness, { minimum_age: 21 });
    const guest = await signedInCustomer(harness.app);
    const profile = '/api/v1/users/users/update_profile/';
    expect((await guest.client.patch(profile, { date_of_birth: birthDate(22) })).statusCode).toBe(200);
    expect((await save({ minimum_age: 25 })).statusCode).toBe(200);
    const refused = await guest.client.post(RSVPS, { event: event.id });
    expect(refused.statusCode).toBe(422);
    expect(envelope(refused.body).fields).toEqual([
      { field: 'date_of_birth', message: eventMessages.tooYoung(25) },
    ]);
    expect((await save({ minimum_age: 21 })).statusCode).toBe(200);
    expect((await guest.client.post(RSVPS, { event: event.id })).statusCode).toBe(201);
  });

  it('the review policy decides who may review; purchasers are verified either way', async () => {
    const product = await stockedProduct(harness.database.pool);
    const review = { product: product.id, rating: 4, title: 'Good', text: 'A good bottle.' };
    const stranger = await signedInCustomer(harness.app);
    // The product page asks first, and is told the same rule the save would apply.
    const mine = (customer: typeof stranger) =>
      customer.client
        .get(`/api/v1/orders/reviews/mine/?product=${product.id}`)
        .then((answer) => answer.json());
    expect(await mine(stranger)).toEqual({
      review: null,
      can_review: false,
      cannot_review_reason: settingsMessages.reviewNeedsDeliveredOrder,
    });
    const refused = await stranger.client.post('/api/v1/orders/reviews/', review);
    expect(refused.statusCode).toBe(403);
    expect(envelope(refused.body).message).toBe(settingsMessages.reviewNeedsDeliveredOrder);

    const buyer = await signedInCustomer(harness.app);
    await harness.database.pool.query(
      `WITH o AS (
         INSERT INTO orders (order_number, user_id, idempotency_key, request_hash, status, payment_status,
           payment_method, fulfilment, item_count, subtotal, delivery_fee, total, contact_name, contact_phone)
         VALUES ($1, $2, $3, 'test', 'delivered', 'paid', 'cash_on_delivery', 'pickup', 1, 100000, 0, 100000,
           'Test', '+256772123456') RETURNING id)
       INSERT INTO order_items (order_id, product_id, variant_id, product_name, product_slug, variant_name, sku,
         quantity, unit_price, subtotal)
       SELECT o.id, $4, $5, 'Bottle', 'bottle', '750 ml bottle', 'SKU', 1, 100000, 100000 FROM o`,
      [
        `ORD-SET-${crypto.randomBytes(4).toString('hex')}`,
        buyer.userId,
        crypto.randomUUID(),
        product.id,
        product.variantIds[0],
      ],
    );
    expect(await mine(buyer)).toMatchObject({ review: null, can_review: true, cannot_review_reason: null });
    const bought = await buyer.client.post('/api/v1/orders/reviews/', review);
    expect(bought.statusCode).toBe(201);
    expect(bought.json().verified_purchase).toBe(true);

    expect(await mine(buyer)).toMatchObject({ can_review: false, cannot_review_reason: null });
    expect((await save({ review_policy: 'signed_in_customers' })).statusCode).toBe(200);
    expect(await mine(stranger)).toEqual({ review: null, can_review: true, cannot_review_reason: null });
    const anyone = await stranger.client.post('/api/v1/orders/reviews/', review);
    expect(anyone.statusCode).toBe(201);
    expect(anyone.json().verified_purchase).toBe(false);
  });

  it('a save on one instance is seen at once by another on the same database (NOTIFY settings_changed)', async () => {
    const other = await secondInstance(harness);
    try {
      const read = async () =>
        publicShopSettingsSchema.parse((await other.app.inject({ method: 'GET', url: PUBLIC })).json());
      // The other instance has the settings in its cache (once its LISTEN is in place).
      const deadline = Date.now() + 5_000;
      while (!other.app.shopSettings.enabled && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(other.app.shopSettings.enabled).toBe(true);
      expect((await read()).free_delivery_threshold).toBe(1_000_000);

      expect((await save({ free_delivery_threshold: 750_000 })).statusCode).toBe(200);
      let seen = (await read()).free_delivery_threshold;
      while (seen !== 750_000 && Date.now() < deadline + 5_000) {
        await new Promise((r) => setTimeout(r, 20));
        seen = (await read()).free_delivery_threshold;
      }
      expect(seen).toBe(750_000);
    } finally {
      await other.close();
    }
  });
});
