import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  MAX_WISHLIST_ITEMS,
  wishlistItemSchema,
  wishlistListResponseSchema,
  wishlistMessages,
  wishlistSummarySchema,
} from '@shop/contract/wishlist';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CategoryFixture,
  createCategory,
  createProduct,
  type ProductFixture,
} from '../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/identity';
import { DomainEvents } from '../../lib/domain-events';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import type { WishlistAlertEvent } from './wishlist-alerts';
import { dispatchWishlistAlerts } from './wishlist-alerts';

let harness: TestApp;
let category: CategoryFixture;
let barolo: ProductFixture;
let gin: ProductFixture;
let withdrawn: ProductFixture;
let soldOut: ProductFixture;

const WISHLIST = '/api/v1/orders/wishlist/';
const SUMMARY = '/api/v1/orders/wishlist/summary/';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

beforeAll(async () => {
  // Alerts are dispatched by the tests themselves, not by the app's scheduled job.
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', JOBS_ENABLED: 'false' });
  const pool = harness.database.pool;
  category = await createCategory(pool, { name: 'Red Wine' });
  barolo = await createProduct(pool, {
    categoryId: category.id,
    name: 'Barolo Riserva',
    region: 'Piedmont',
    vintage: 2016,
    variants: [
      { price: 300_000, originalPrice: 360_000, stock: 4, isDefault: true, name: '750 ml bottle' },
      { price: 650_000, stock: 0, name: '1.5 l magnum' },
    ],
  });
  gin = await createProduct(pool, { categoryId: category.id, name: 'Kampala Gin', price: 90_000, stock: 12 });
  withdrawn = await createProduct(pool, { categoryId: category.id, name: 'Old Vintage', isActive: false });
  soldOut = await createProduct(pool, { categoryId: category.id, name: 'Rare Port', stock: 0 });
});
afterAll(() => harness?.close());

async function customer(name = 'Namara Kisakye') {
  const client = new TestBrowser(harness.app);
  const email = uniqueEmail();
  const signIn = await client.register(email, undefined, name);
  return { client, email, id: signIn.json().user.id as string };
}

async function visitor() {
  const client = new TestBrowser(harness.app);
  const visit = await client.startVisit();
  return { client, id: visit.json().user.id as string };
}

describe('POST /orders/wishlist/', () => {
  it('saves a bottle once: 201 the first time, 200 with the same entry after', async () => {
    const { client } = await customer();
    const first = await client.post(WISHLIST, { product: barolo.id });
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const entry = wishlistItemSchema.parse(first.json());
    expect(entry).toMatchObject({
      product: barolo.id,
      variant: null,
      product_name: 'Barolo Riserva',
      product_slug: barolo.slug,
      category_name: 'Red Wine',
      region: 'Piedmont',
      vintage: 2016,
      variant_name: '750 ml bottle',
      price: 300_000,
      original_price: 360_000,
      compare_at_price: 360_000,
      sale_percentage: 17,
      on_sale: true,
      stock: 4,
      in_stock: true,
      is_available: true,
      cart_variant: barolo.variantIds[0],
    });

    const again = await client.post(WISHLIST, { product: barolo.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(entry.id);
    const list = wishlistListResponseSchema.parse((await client.get(WISHLIST)).json());
    expect(list.count).toBe(1);
  });

  it('keeps a size apart from the bottle in any size, and shows that size', async () => {
    const { client } = await customer();
    await client.post(WISHLIST, { product: barolo.id });
    const magnum = await client.post(WISHLIST, { product: barolo.id, variant: barolo.variantIds[1] });
    expect(magnum.statusCode).toBe(201);
    expect(magnum.json()).toMatchObject({
      variant: barolo.variantIds[1],
      variant_name: '1.5 l magnum',
      price: 650_000,
      original_price: null,
      sale_percentage: null,
      on_sale: false,
      stock: 0,
      in_stock: false,
      is_available: true,
      cart_variant: barolo.variantIds[1],
    });
    expect(
      (await client.post(WISHLIST, { product: barolo.id, variant: barolo.variantIds[1] })).statusCode,
    ).toBe(200);
    expect(wishlistSummarySchema.parse((await client.get(SUMMARY)).json()).count).toBe(2);
  });

  it.each([
    [{}, 'product'],
    [{ product: 0 }, 'product'],
    [{ product: -3 }, 'product'],
    [{ product: 4.5 }, 'product'],
    [{ product: 'abc' }, 'product'],
    [{ product: null }, 'product'],
    [{ product: 99_999_999_999 }, 'product'],
    [{ product: 1, variant: 'large' }, 'variant'],
    [{ product: 1, variant: 0 }, 'variant'],
  ])('refuses %j with a 422 on %s, and saves nothing', async (body, field) => {
    const { client } = await customer();
    const response = await client.post(WISHLIST, body);
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields?.map((item) => item.field)).toEqual([field]);
    expect((await client.get(SUMMARY)).json().count).toBe(0);
  });

  it('refuses unknown and withdrawn products, and a size of another product', async () => {
    const { client } = await customer();
    for (const product of [999_999, withdrawn.id]) {
      const response = await client.post(WISHLIST, { product });
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields).toEqual([
        { field: 'product', message: wishlistMessages.unknownProduct },
      ]);
    }
    const foreign = await client.post(WISHLIST, { product: gin.id, variant: barolo.variantIds[0] });
    expect(foreign.statusCode).toBe(422);
    expect(envelope(foreign.body).fields).toEqual([
      { field: 'variant', message: wishlistMessages.unknownVariant },
    ]);
    expect((await client.get(SUMMARY)).json().count).toBe(0);
  });

  it('accepts a sold-out bottle (to hear when it is back)', async () => {
    const { client } = await customer();
    const response = await client.post(WISHLIST, { product: soldOut.id });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ in_stock: false, stock: 0, is_available: true });
  });

  it('answers 401 without a session, and accepts an anonymous visitor', async () => {
    const nobody = new TestBrowser(harness.app);
    expect((await nobody.post(WISHLIST, { product: gin.id })).statusCode).toBe(401);
    expect((await nobody.get(WISHLIST)).statusCode).toBe(401);
    expect((await nobody.get(SUMMARY)).statusCode).toBe(401);
    const { client } = await visitor();
    expect((await client.post(WISHLIST, { product: gin.id })).statusCode).toBe(201);
    expect((await client.get(SUMMARY)).json()).toMatchObject({ count: 1 });
  });

  it(`holds at most ${MAX_WISHLIST_ITEMS} entries`, async () => {
    const { client, id } = await customer();
    const pool = harness.database.pool;
    const filler = await Promise.all(
      Array.from({ length: MAX_WISHLIST_ITEMS }, (_, index) =>
        createProduct(pool, { categoryId: category.id, name: `Filler ${index}` }),
      ),
    );
    await pool.query('INSERT INTO wishlist_items (user_id, product_id) SELECT $1, unnest($2::int[])', [
      id,
      filler.map((product) => product.id),
    ]);
    const full = await client.post(WISHLIST, { product: gin.id });
    expect(full.statusCode).toBe(409);
    expect(envelope(full.body)).toEqual({ code: 'conflict', message: wishlistMessages.full });
    // Saving again what is there is still fine.
    expect((await client.post(WISHLIST, { product: filler[0]?.id })).statusCode).toBe(200);
    expect((await client.get(SUMMARY)).json().count).toBe(MAX_WISHLIST_ITEMS);
  });

  it('saves one entry when the same bottle is added ten times at once', async () => {
    const { client } = await customer();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post(WISHLIST, { product: gin.id })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect((await client.get(SUMMARY)).json().count).toBe(1);
  });
});

describe('GET /orders/wishlist/', () => {
  it('lists the caller’s entries newest first, paged, never cached', async () => {
    const { client } = await customer();
    for (const product of [barolo.id, gin.id, soldOut.id]) await client.post(WISHLIST, { product });
    const page1 = await client.get(`${WISHLIST}?page_size=2`);
    expect(page1.statusCode).toBe(200);
    expect(page1.headers['cache-control']).toBe('no-store');
    const first = wishlistListResponseSchema.parse(page1.json());
    expect(first).toMatchObject({ count: 3, total_pages: 2, next: 2 });
    expect(first.results.map((item) => item.product)).toEqual([soldOut.id, gin.id]);
    const second = wishlistListResponseSchema.parse(
      (await client.get(`${WISHLIST}?page=2&page_size=2`)).json(),
    );
    expect(second.results.map((item) => item.product)).toEqual([barolo.id]);
    expect(second.next).toBeNull();

    const summary = wishlistSummarySchema.parse((await client.get(SUMMARY)).json());
    expect(summary.items.map((item) => item.product)).toEqual([soldOut.id, gin.id, barolo.id]);
  });

  it('shows a withdrawn product as unavailable, without a size to add to the cart', async () => {
    const { client } = await customer();
    const product = await createProduct(harness.database.pool, {
      categoryId: category.id,
      name: 'Soon Gone',
    });
    await client.post(WISHLIST, { product: product.id });
    await harness.database.pool.query('UPDATE products SET is_active = false WHERE id = $1', [product.id]);
    const [entry] = wishlistListResponseSchema.parse((await client.get(WISHLIST)).json()).results;
    expect(entry).toMatchObject({ is_available: false, in_stock: false, stock: 0, cart_variant: null });
  });

  it.each(['page=0', 'page=abc', 'page_size=1000'])('refuses %s with a 422', async (query) => {
    const { client } = await customer();
    expect((await client.get(`${WISHLIST}?${query}`)).statusCode).toBe(422);
  });
});

describe('DELETE /orders/wishlist/{id}/', () => {
  it('removes the caller’s entry; a second time is 404', async () => {
    const { client } = await customer();
    const entry = (await client.post(WISHLIST, { product: gin.id })).json();
    const removed = await client.request({ method: 'DELETE', url: `${WISHLIST}${entry.id}/` });
    expect(removed.statusCode).toBe(204);
    expect((await client.get(SUMMARY)).json().count).toBe(0);
    expect((await client.request({ method: 'DELETE', url: `${WISHLIST}${entry.id}/` })).statusCode).toBe(404);
    expect((await client.request({ method: 'DELETE', url: `${WISHLIST}abc/` })).statusCode).toBe(422);
  });
});

describe('ownership', () => {
  it('never shows or removes another customer’s entries', async () => {
    const alice = await customer('Alice Auma');
    const bob = await customer('Bob Okello');
    const aliceEntry = (await alice.client.post(WISHLIST, { product: barolo.id })).json();

    expect(wishlistListResponseSchema.parse((await bob.client.get(WISHLIST)).json()).count).toBe(0);
    expect((await bob.client.get(SUMMARY)).json()).toEqual({ count: 0, items: [] });
    const stolen = await bob.client.request({ method: 'DELETE', url: `${WISHLIST}${aliceEntry.id}/` });
    expect(stolen.statusCode).toBe(404);
    expect((await alice.client.get(SUMMARY)).json().items).toEqual([
      { id: aliceEntry.id, product: barolo.id, variant: null },
    ]);
    // Saving the same bottle makes Bob an entry of his own.
    const bobs = await bob.client.post(WISHLIST, { product: barolo.id });
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json().id).not.toBe(aliceEntry.id);

    const anonymous = await visitor();
    expect(
      (await anonymous.client.request({ method: 'DELETE', url: `${WISHLIST}${aliceEntry.id}/` })).statusCode,
    ).toBe(404);
  });
});

describe('signing in keeps what the visitor saved', () => {
  it('merges the visitor’s entries into the account without duplicates, then drops the visitor’s', async () => {
    const { email, client: owner } = await customer();
    await owner.post(WISHLIST, { product: barolo.id });

    const { client, id: anonymousId } = await visitor();
    await client.post(WISHLIST, { product: barolo.id });
    await client.post(WISHLIST, { product: gin.id });
    await client.post(WISHLIST, { product: barolo.id, variant: barolo.variantIds[1] });

    expect((await client.signIn(email)).statusCode).toBe(200);
    const summary = wishlistSummarySchema.parse((await client.get(SUMMARY)).json());
    expect(summary.count).toBe(3);
    expect(summary.items.map((item) => [item.product, item.variant]).sort()).toEqual(
      [
        [barolo.id, null],
        [barolo.id, barolo.variantIds[1]],
        [gin.id, null],
      ].sort(),
    );
    const left = await harness.database.pool.query(
      'SELECT count(*)::int AS n FROM wishlist_items WHERE user_id = $1',
      [anonymousId],
    );
    expect(left.rows[0].n).toBe(0);
    expect(await harness.app.db.select().from(users).where(eq(users.id, anonymousId))).toEqual([]);
  });

  it('also when the visitor registers', async () => {
    const { client } = await visitor();
    await client.post(WISHLIST, { product: gin.id });
    await client.register(uniqueEmail());
    const session = await client.session();
    expect(session?.user.isAnonymous).toBe(false);
    expect((await client.get(SUMMARY)).json().items.map((item: { product: number }) => item.product)).toEqual(
      [gin.id],
    );
  });
});

describe('wishlist alerts', () => {
  async function alertsOf(userId: string) {
    const result = await harness.database.pool.query(
      'SELECT product_id, variant_id, kind, delivered_at FROM wishlist_alerts WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    return result.rows as Array<{
      product_id: number;
      variant_id: number | null;
      kind: string;
      delivered_at: Date | null;
    }>;
  }

  it('records a bottle coming back in stock once per change, for customers only', async () => {
    const pool = harness.database.pool;
    const port = await createProduct(pool, { categoryId: category.id, name: 'Tawny Port', stock: 0 });
    const fan = await customer();
    const sizeFan = await customer();
    const anonymous = await visitor();
    await fan.client.post(WISHLIST, { product: port.id });
    await sizeFan.client.post(WISHLIST, { product: port.id, variant: port.variantIds[0] });
    await anonymous.client.post(WISHLIST, { product: port.id });

    await pool.query('UPDATE product_variants SET stock = 6 WHERE id = $1', [port.variantIds[0]]);
    await pool.query('UPDATE product_variants SET stock = 5 WHERE id = $1', [port.variantIds[0]]);
    await pool.query('UPDATE product_variants SET stock = 8 WHERE id = $1', [port.variantIds[0]]);

    expect(await alertsOf(fan.id)).toEqual([
      { product_id: port.id, variant_id: null, kind: 'back_in_stock', delivered_at: null },
    ]);
    expect(await alertsOf(sizeFan.id)).toEqual([
      { product_id: port.id, variant_id: port.variantIds[0], kind: 'back_in_stock', delivered_at: null },
    ]);
    expect(await alertsOf(anonymous.id)).toEqual([]);

    // Sold out and back again is a new change.
    await pool.query('UPDATE product_variants SET stock = 0 WHERE id = $1', [port.variantIds[0]]);
    await pool.query('UPDATE product_variants SET stock = 2 WHERE id = $1', [port.variantIds[0]]);
    expect(await alertsOf(fan.id)).toHaveLength(2);
  });

  it('records a bottle going on sale once, not every price change during the sale', async () => {
    const pool = harness.database.pool;
    const champagne = await createProduct(pool, {
      categoryId: category.id,
      name: 'Brut Champagne',
      variants: [
        { price: 400_000, stock: 5, isDefault: true },
        { price: 800_000, stock: 2 },
      ],
    });
    const fan = await customer();
    const magnumFan = await customer();
    await fan.client.post(WISHLIST, { product: champagne.id });
    await magnumFan.client.post(WISHLIST, { product: champagne.id, variant: champagne.variantIds[1] });

    // The magnum goes on sale: only the one who saved that size hears of it.
    await pool.query('UPDATE product_variants SET original_price = 800000, price = 700000 WHERE id = $1', [
      champagne.variantIds[1],
    ]);
    expect(await alertsOf(fan.id)).toEqual([]);
    expect((await alertsOf(magnumFan.id)).map((alert) => alert.kind)).toEqual(['on_sale']);

    // The default size goes on sale, then deeper: one alert.
    await pool.query('UPDATE product_variants SET original_price = 400000, price = 350000 WHERE id = $1', [
      champagne.variantIds[0],
    ]);
    await pool.query('UPDATE product_variants SET price = 320000 WHERE id = $1', [champagne.variantIds[0]]);
    expect(await alertsOf(fan.id)).toEqual([
      { product_id: champagne.id, variant_id: null, kind: 'on_sale', delivered_at: null },
    ]);
  });

  it('publishes waiting alerts as domain events, marks them delivered, and never twice', async () => {
    const pool = harness.database.pool;
    const rum = await createProduct(pool, {
      categoryId: category.id,
      name: 'Aged Rum',
      price: 150_000,
      stock: 0,
    });
    const fan = await customer();
    await fan.client.post(WISHLIST, { product: rum.id });
    await pool.query('UPDATE product_variants SET stock = 3 WHERE id = $1', [rum.variantIds[0]]);
    await pool.query('UPDATE product_variants SET original_price = 200000 WHERE id = $1', [
      rum.variantIds[0],
    ]);

    // Without a subscriber the alerts wait.
    const nobody = new DomainEvents({ error: () => undefined });
    expect(await dispatchWishlistAlerts(harness.app.db, nobody)).toMatchObject({ delivered: 0 });
    expect((await alertsOf(fan.id)).every((alert) => alert.delivered_at === null)).toBe(true);

    const seen: Array<[string, WishlistAlertEvent]> = [];
    const offAvailable = harness.app.events.subscribe('wishlist.product_available', (event) => {
      seen.push(['available', event]);
    });
    const offSale = harness.app.events.subscribe('wishlist.product_on_sale', (event) => {
      seen.push(['on_sale', event]);
    });
    try {
      await dispatchWishlistAlerts(harness.app.db, harness.app.events);
      expect(await dispatchWishlistAlerts(harness.app.db, harness.app.events)).toEqual({
        published: 0,
        delivered: 0,
      });
      const mine = seen.filter(([, event]) => event.userId === fan.id);
      expect(
        mine.map(([kind, event]) => [
          kind,
          event.productId,
          event.productName,
          event.price,
          event.originalPrice,
        ]),
      ).toEqual([
        ['available', rum.id, 'Aged Rum', 150_000, 200_000],
        ['on_sale', rum.id, 'Aged Rum', 150_000, 200_000],
      ]);
      expect((await alertsOf(fan.id)).every((alert) => alert.delivered_at !== null)).toBe(true);
    } finally {
      offAvailable();
      offSale();
    }
  });

  it('keeps an alert waiting when its subscriber fails, and delivers it on the next run', async () => {
    const pool = harness.database.pool;
    const cognac = await createProduct(pool, { categoryId: category.id, name: 'Cognac XO', stock: 0 });
    const fan = await customer();
    await fan.client.post(WISHLIST, { product: cognac.id });
    await pool.query('UPDATE product_variants SET stock = 1 WHERE id = $1', [cognac.variantIds[0]]);

    let fail = true;
    const off = harness.app.events.subscribe('wishlist.product_available', (event) => {
      if (event.userId === fan.id && fail) throw new Error('notifications are down');
    });
    try {
      await dispatchWishlistAlerts(harness.app.db, harness.app.events);
      expect((await alertsOf(fan.id))[0]?.delivered_at).toBeNull();
      fail = false;
      await dispatchWishlistAlerts(harness.app.db, harness.app.events);
      expect((await alertsOf(fan.id))[0]?.delivered_at).not.toBeNull();
    } finally {
      off();
    }
  });
});

describe('wishlist alerts reach the customer through the notifications module', () => {
  type Listed = {
    results: Array<{ type: string; title: string; message: string; related_id: string | null }>;
  };
  const notificationsOf = async (client: TestBrowser) => {
    const response = await client.get('/api/v1/notifications/?page_size=50');
    expect(response.statusCode).toBe(200);
    return (response.json() as Listed).results;
  };

  it('a wished bottle going on sale, and one coming back in stock, each become one notification', async () => {
    const pool = harness.database.pool;
    const whisky = await createProduct(pool, {
      categoryId: category.id,
      name: 'Speyside Single Malt',
      price: 250_000,
      stock: 4,
    });
    const brandy = await createProduct(pool, { categoryId: category.id, name: 'Cape Brandy', stock: 0 });
    const fan = await customer();
    const other = await customer();
    await fan.client.post(WISHLIST, { product: whisky.id });
    await fan.client.post(WISHLIST, { product: brandy.id });
    expect(await notificationsOf(fan.client)).toEqual([]);

    await pool.query('UPDATE product_variants SET original_price = 300000 WHERE id = $1', [
      whisky.variantIds[0],
    ]);
    await pool.query('UPDATE product_variants SET stock = 7 WHERE id = $1', [brandy.variantIds[0]]);
    await dispatchWishlistAlerts(harness.app.db, harness.app.events);
    // Running again (or a second instance) tells nobody twice.
    await dispatchWishlistAlerts(harness.app.db, harness.app.events);

    const notices = await notificationsOf(fan.client);
    expect(notices.map((notice) => [notice.type, notice.title, notice.related_id]).sort()).toEqual(
      [
        ['promotion', 'Cape Brandy is back in stock', String(brandy.id)],
        ['promotion', 'Speyside Single Malt is on sale', String(whisky.id)],
      ].sort(),
    );
    expect(notices.find((notice) => notice.title.endsWith('on sale'))?.message).toContain('Shs 250,000');
    // Someone who did not save the bottles hears nothing.
    expect(await notificationsOf(other.client)).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('shows every wishlist, review and newsletter call with its summary and tags', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = response.json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    const expected: Array<[string, string, string]> = [
      ['/api/v1/orders/wishlist/', 'get', 'wishlist'],
      ['/api/v1/orders/wishlist/', 'post', 'wishlist'],
      ['/api/v1/orders/wishlist/summary/', 'get', 'wishlist'],
      ['/api/v1/orders/wishlist/{id}/', 'delete', 'wishlist'],
      ['/api/v1/orders/reviews/', 'get', 'reviews'],
      ['/api/v1/orders/reviews/', 'post', 'reviews'],
      ['/api/v1/orders/reviews/summary/', 'get', 'reviews'],
      ['/api/v1/orders/reviews/mine/', 'get', 'reviews'],
      ['/api/v1/orders/reviews/{id}/', 'get', 'reviews'],
      ['/api/v1/orders/reviews/{id}/', 'patch', 'reviews'],
      ['/api/v1/orders/reviews/{id}/', 'delete', 'reviews'],
      ['/api/v1/orders/reviews/{id}/helpful/', 'post', 'reviews'],
      ['/api/v1/orders/reviews/{id}/helpful/', 'delete', 'reviews'],
      ['/api/v1/orders/reviews/{id}/hide/', 'post', 'reviews'],
      ['/api/v1/orders/reviews/{id}/unhide/', 'post', 'reviews'],
      ['/api/v1/newsletter/subscriptions/', 'post', 'newsletter'],
      ['/api/v1/newsletter/subscriptions/confirm/', 'post', 'newsletter'],
      ['/api/v1/newsletter/subscriptions/unsubscribe/', 'post', 'newsletter'],
      ['/api/v1/newsletter/one-click-unsubscribe/', 'post', 'newsletter'],
      ['/api/v1/newsletter/one-click-unsubscribe/', 'get', 'newsletter'],
      ['/api/v1/newsletter/subscriptions/export/', 'get', 'newsletter'],
    ];
    for (const [path, method, tag] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.tags).toContain(tag);
    }
  });
});
