import crypto from 'node:crypto';
import { productDetailSchema } from '@shop/contract/catalog';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  reviewListResponseSchema,
  reviewMessages,
  reviewSchema,
  reviewSummarySchema,
} from '@shop/contract/reviews';
import { unsafeTextMessages } from '@shop/contract/text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CategoryFixture,
  createCategory,
  createProduct,
  type ProductFixture,
} from '../../../test/fixtures/catalog';
import { setShopSettings } from '../../../test/fixtures/settings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema/identity';
import { TestBrowser, uniqueEmail } from '../identity/testing';
import { authorName } from './reviews.service';

let harness: TestApp;
let category: CategoryFixture;
let merlot: ProductFixture;
let withdrawn: ProductFixture;

const REVIEWS = '/api/v1/orders/reviews/';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;
const review = (overrides: Record<string, unknown> = {}) => ({
  product: merlot.id,
  rating: 4,
  title: 'Lovely with nyama choma',
  text: 'Soft plum, a little spice, and it kept well for two days.',
  ...overrides,
});

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  // These tests write reviews without orders; the review policy's own tests are in settings.test.ts.
  await setShopSettings(harness.app, { review_policy: 'signed_in_customers' });
  category = await createCategory(harness.database.pool, { name: 'Red Wine' });
  merlot = await createProduct(harness.database.pool, { categoryId: category.id, name: 'Estate Merlot' });
  withdrawn = await createProduct(harness.database.pool, {
    categoryId: category.id,
    name: 'Withdrawn Shiraz',
    isActive: false,
  });
});
afterAll(() => harness?.close());

async function customer(name = 'Namara Kisakye') {
  const client = new TestBrowser(harness.app);
  const signIn = await client.register(uniqueEmail(), undefined, name);
  return { client, id: signIn.json().user.id as string };
}

async function staff() {
  const member = await customer('Sam Staff');
  await harness.app.db.update(users).set({ role: 'staff' }).where(eq(users.id, member.id));
  return member;
}

async function newProduct(name = 'Test Cabernet') {
  return createProduct(harness.database.pool, { categoryId: category.id, name });
}

async function productFigures(productId: number) {
  const result = await harness.database.pool.query(
    'SELECT average_rating::float8 AS average, review_count AS count FROM products WHERE id = $1',
    [productId],
  );
  return result.rows[0] as { average: number; count: number };
}

const summaryOf = async (client: TestBrowser, productId: number) =>
  reviewSummarySchema.parse((await client.get(`${REVIEWS}summary/?product=${productId}`)).json());

describe('POST /orders/reviews/', () => {
  it('writes a review; the product’s average and count follow at once', async () => {
    const product = await newProduct();
    const { client } = await customer('Namara Kisakye');
    const response = await client.post(REVIEWS, review({ product: product.id, rating: 5 }));
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const written = reviewSchema.parse(response.json());
    expect(written).toMatchObject({
      product: product.id,
      rating: 5,
      title: 'Lovely with nyama choma',
      author_name: 'Namara K.',
      verified_purchase: false,
      helpful_count: 0,
      is_edited: false,
      is_own: true,
      voted_helpful: false,
      is_hidden: false,
    });
    expect(await productFigures(product.id)).toEqual({ average: 5, count: 1 });

    const other = await customer('Okello');
    await other.client.post(REVIEWS, review({ product: product.id, rating: 2 }));
    expect(await productFigures(product.id)).toEqual({ average: 3.5, count: 2 });
    expect(await summaryOf(other.client, product.id)).toEqual({
      product: product.id,
      average_rating: 3.5,
      review_count: 2,
      distribution: [
        { rating: 5, count: 1 },
        { rating: 4, count: 0 },
        { rating: 3, count: 0 },
        { rating: 2, count: 1 },
        { rating: 1, count: 0 },
      ],
    });
  });

  it('allows one review per customer per product', async () => {
    const product = await newProduct();
    const { client } = await customer();
    expect((await client.post(REVIEWS, review({ product: product.id }))).statusCode).toBe(201);
    const second = await client.post(REVIEWS, review({ product: product.id, rating: 1 }));
    expect(second.statusCode).toBe(409);
    expect(envelope(second.body)).toEqual({ code: 'conflict', message: reviewMessages.alreadyReviewed });
    expect(await productFigures(product.id)).toEqual({ average: 4, count: 1 });
  });

  it('keeps one review per customer per product when the same customer posts several at once', async () => {
    const product = await newProduct();
    const { client } = await customer();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 5].map((rating) => client.post(REVIEWS, review({ product: product.id, rating }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const kept = answers.find((answer) => answer.statusCode === 201)?.json().rating;
    expect(await productFigures(product.id)).toEqual({ average: kept, count: 1 });
  });

  it('stores the text as typed (markup included); it is shown escaped by the storefront', async () => {
    const product = await newProduct();
    const { client } = await customer();
    const text = '<script>alert("x")</script> & <b>bold</b>\nSecond line — très bon';
    const response = await client.post(REVIEWS, review({ product: product.id, title: '<i>Wow</i>', text }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title: '<i>Wow</i>', text });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    ['rating 0', { rating: 0 }, 'rating', reviewMessages.rating],
    ['rating 6', { rating: 6 }, 'rating', reviewMessages.rating],
    ['rating 4.5', { rating: 4.5 }, 'rating', reviewMessages.rating],
    ['rating as text', { rating: 'five' }, 'rating', reviewMessages.rating],
    ['rating as a numeric string', { rating: '4' }, 'rating', reviewMessages.rating],
    ['no rating', { rating: undefined }, 'rating', reviewMessages.rating],
    ['an empty title', { title: '   ' }, 'title', reviewMessages.titleMissing],
    ['no title', { title: undefined }, 'title', reviewMessages.titleMissing],
    [
      'a long title',
      { title: 't'.repeat(REVIEW_TITLE_MAX_LENGTH + 1) },
      'title',
      reviewMessages.titleTooLong,
    ],
    ['an empty text', { text: '' }, 'text', reviewMessages.textMissing],
    ['text as a number', { text: 42 }, 'text', reviewMessages.textMissing],
    [
      'an oversized text',
      { text: 'x'.repeat(REVIEW_TEXT_MAX_LENGTH + 1) },
      'text',
      reviewMessages.textTooLong,
    ],
    // NUL is refused for every request by the shared rule; other control characters by reviews'.
    ['a NUL character', { text: 'Fine\u0000wine' }, 'text', unsafeTextMessages.nul],
    ['a bell character', { text: 'Fine\u0007wine' }, 'text', reviewMessages.controlCharacters],
    ['a product that is not a number', { product: 'abc' }, 'product', 'Product must be a whole number'],
    ['no product', { product: undefined }, 'product', 'Product must be a whole number'],
  ])(
    'refuses %s with a 422 naming the field, and changes nothing',
    async (_case, overrides, field, message) => {
      const product = await newProduct();
      const { client } = await customer();
      const response = await client.post(REVIEWS, review({ product: product.id, ...overrides }));
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields).toEqual([{ field, message }]);
      expect(await productFigures(product.id)).toEqual({ average: 0, count: 0 });
    },
  );

  it('takes exactly the longest title and text allowed', async () => {
    const product = await newProduct();
    const { client } = await customer();
    const response = await client.post(
      REVIEWS,
      review({
        product: product.id,
        title: 't'.repeat(REVIEW_TITLE_MAX_LENGTH),
        text: 'x'.repeat(REVIEW_TEXT_MAX_LENGTH),
      }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('refuses an unknown or withdrawn product on the product field', async () => {
    const { client } = await customer();
    for (const product of [987_654, withdrawn.id]) {
      const response = await client.post(REVIEWS, review({ product }));
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields).toEqual([
        { field: 'product', message: reviewMessages.unknownProduct },
      ]);
    }
  });

  it('is for signed-in customers only', async () => {
    expect((await new TestBrowser(harness.app).post(REVIEWS, review())).statusCode).toBe(401);
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    const refused = await visitor.post(REVIEWS, review());
    expect(refused.statusCode).toBe(401);
    expect(envelope(refused.body).message).toBe('Please sign in to continue.');
    expect((await visitor.get(`${REVIEWS}mine/?product=${merlot.id}`)).statusCode).toBe(401);
  });
});

describe('editing and deleting', () => {
  it('the author changes only what is sent; the average follows; the review says it was edited', async () => {
    const product = await newProduct();
    const { client } = await customer();
    const written = (await client.post(REVIEWS, review({ product: product.id, rating: 2 }))).json();
    const changed = await client.patch(`${REVIEWS}${written.id}/`, { rating: 5 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      rating: 5,
      title: written.title,
      text: written.text,
      is_edited: true,
    });
    expect(await productFigures(product.id)).toEqual({ average: 5, count: 1 });

    const retitled = await client.patch(`${REVIEWS}${written.id}/`, { title: '  Even better  ' });
    expect(retitled.json()).toMatchObject({ rating: 5, title: 'Even better' });

    const nothing = await client.patch(`${REVIEWS}${written.id}/`, {});
    expect(nothing.statusCode).toBe(422);
    expect(envelope(nothing.body).fields).toEqual([
      { field: 'rating', message: reviewMessages.nothingToChange },
    ]);
    const bad = await client.patch(`${REVIEWS}${written.id}/`, { rating: 0, text: '' });
    expect(bad.statusCode).toBe(422);
    expect(
      envelope(bad.body)
        .fields?.map((field) => field.field)
        .sort(),
    ).toEqual(['rating', 'text']);
  });

  it('the author deletes their review; the product is recounted', async () => {
    const product = await newProduct();
    const a = await customer();
    const b = await customer();
    const first = (await a.client.post(REVIEWS, review({ product: product.id, rating: 1 }))).json();
    await b.client.post(REVIEWS, review({ product: product.id, rating: 4 }));
    expect(await productFigures(product.id)).toEqual({ average: 2.5, count: 2 });
    const deleted = await a.client.request({ method: 'DELETE', url: `${REVIEWS}${first.id}/` });
    expect(deleted.statusCode).toBe(204);
    expect(await productFigures(product.id)).toEqual({ average: 4, count: 1 });
    expect((await a.client.request({ method: 'DELETE', url: `${REVIEWS}${first.id}/` })).statusCode).toBe(
      404,
    );
    // …and may then write a new one.
    expect((await a.client.post(REVIEWS, review({ product: product.id, rating: 3 }))).statusCode).toBe(201);
  });

  it('another customer can neither edit nor delete a review (404), and it stays as it was', async () => {
    const product = await newProduct();
    const author = await customer();
    const intruder = await customer();
    const written = (await author.client.post(REVIEWS, review({ product: product.id, rating: 5 }))).json();

    const edit = await intruder.client.patch(`${REVIEWS}${written.id}/`, { rating: 1, text: 'Hijacked' });
    expect(edit.statusCode).toBe(404);
    const remove = await intruder.client.request({ method: 'DELETE', url: `${REVIEWS}${written.id}/` });
    expect(remove.statusCode).toBe(404);

    const now = (await author.client.get(`${REVIEWS}${written.id}/`)).json();
    expect(now).toMatchObject({ rating: 5, text: written.text, is_own: true });
    expect((await intruder.client.get(`${REVIEWS}${written.id}/`)).json().is_own).toBe(false);
    expect(await productFigures(product.id)).toEqual({ average: 5, count: 1 });
    expect((await intruder.client.get(`${REVIEWS}mine/?product=${product.id}`)).json()).toEqual({
      review: null,
      can_review: true,
      cannot_review_reason: null,
    });
    expect((await author.client.get(`${REVIEWS}mine/?product=${product.id}`)).json().review.id).toBe(
      written.id,
    );
  });

  it('answers 404 for an unknown review and 422 for an id that is not one', async () => {
    const { client } = await customer();
    expect((await client.patch(`${REVIEWS}999999/`, { rating: 3 })).statusCode).toBe(404);
    expect((await client.get(`${REVIEWS}999999/`)).statusCode).toBe(404);
    expect((await client.patch(`${REVIEWS}abc/`, { rating: 3 })).statusCode).toBe(422);
  });
});

describe('GET /orders/reviews/', () => {
  it('lists a product’s reviews newest first, paged, or most helpful first', async () => {
    const product = await newProduct();
    const authors = await Promise.all([customer('Ann A'), customer('Ben B'), customer('Cy C')]);
    const ids: number[] = [];
    for (const [index, author] of authors.entries()) {
      ids.push(
        (await author.client.post(REVIEWS, review({ product: product.id, rating: index + 3 }))).json().id,
      );
    }
    const reader = new TestBrowser(harness.app);
    const page = await reader.get(`${REVIEWS}?product=${product.id}&page_size=2`);
    expect(page.statusCode).toBe(200);
    const list = reviewListResponseSchema.parse(page.json());
    expect(list).toMatchObject({ count: 3, total_pages: 2, next: 2 });
    expect(list.results.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(list.results.every((item) => !item.is_own && !item.voted_helpful)).toBe(true);

    // The oldest review is the most helpful.
    await authors[1]?.client.post(`${REVIEWS}${ids[0]}/helpful/`);
    await authors[2]?.client.post(`${REVIEWS}${ids[0]}/helpful/`);
    await authors[0]?.client.post(`${REVIEWS}${ids[1]}/helpful/`);
    const helpful = reviewListResponseSchema.parse(
      (await reader.get(`${REVIEWS}?product=${product.id}&ordering=helpful`)).json(),
    );
    expect(helpful.results.map((item) => [item.id, item.helpful_count])).toEqual([
      [ids[0], 2],
      [ids[1], 1],
      [ids[2], 0],
    ]);
    const own = reviewListResponseSchema.parse(
      (await authors[1]?.client.get(`${REVIEWS}?product=${product.id}`))?.json(),
    );
    expect(own.results.map((item) => [item.is_own, item.voted_helpful])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
  });

  it.each([
    ['', 'product'],
    ['product=abc', 'product'],
    ['product=1&ordering=best', 'ordering'],
    ['product=1&page=0', 'page'],
    ['product=1&page_size=101', 'page_size'],
  ])('refuses ?%s with a 422 on %s', async (query, field) => {
    const response = await new TestBrowser(harness.app).get(`${REVIEWS}?${query}`);
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields?.map((item) => item.field)).toEqual([field]);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await new TestBrowser(harness.app).get(`${REVIEWS}?product=999999`)).statusCode).toBe(404);
    expect((await new TestBrowser(harness.app).get(`${REVIEWS}summary/?product=999999`)).statusCode).toBe(
      404,
    );
  });
});

describe('helpful marks', () => {
  it('counts one per customer, can be taken back, never on one’s own review', async () => {
    const product = await newProduct();
    const author = await customer();
    const reader = await customer();
    const written = (await author.client.post(REVIEWS, review({ product: product.id }))).json();

    const marked = await reader.client.post(`${REVIEWS}${written.id}/helpful/`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ id: written.id, helpful_count: 1, voted_helpful: true });
    expect((await reader.client.post(`${REVIEWS}${written.id}/helpful/`)).json().helpful_count).toBe(1);

    const own = await author.client.post(`${REVIEWS}${written.id}/helpful/`);
    expect(own.statusCode).toBe(409);
    expect(envelope(own.body).message).toBe(reviewMessages.ownReviewHelpful);

    const unmarked = await reader.client.request({
      method: 'DELETE',
      url: `${REVIEWS}${written.id}/helpful/`,
    });
    expect(unmarked.json()).toEqual({ id: written.id, helpful_count: 0, voted_helpful: false });
    expect(
      (await reader.client.request({ method: 'DELETE', url: `${REVIEWS}${written.id}/helpful/` })).json()
        .helpful_count,
    ).toBe(0);
    expect((await reader.client.post(`${REVIEWS}999999/helpful/`)).statusCode).toBe(404);
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    expect((await visitor.post(`${REVIEWS}${written.id}/helpful/`)).statusCode).toBe(401);
  });

  it('stays exact when many customers mark at once', async () => {
    const product = await newProduct();
    const author = await customer();
    const written = (await author.client.post(REVIEWS, review({ product: product.id }))).json();
    const readers = await Promise.all(Array.from({ length: 8 }, () => customer()));
    await Promise.all(
      readers.flatMap((reader) => [
        reader.client.post(`${REVIEWS}${written.id}/helpful/`),
        reader.client.post(`${REVIEWS}${written.id}/helpful/`),
      ]),
    );
    expect((await author.client.get(`${REVIEWS}${written.id}/`)).json().helpful_count).toBe(8);
  });
});

describe('staff moderation', () => {
  it('hides a review: it leaves the list and the average; its author still sees it; unhide restores', async () => {
    const product = await newProduct();
    const author = await customer();
    const other = await customer();
    const member = await staff();
    const bad = (await author.client.post(REVIEWS, review({ product: product.id, rating: 1 }))).json();
    await other.client.post(REVIEWS, review({ product: product.id, rating: 5 }));
    expect(await productFigures(product.id)).toEqual({ average: 3, count: 2 });

    expect((await other.client.post(`${REVIEWS}${bad.id}/hide/`, {})).statusCode).toBe(403);
    expect((await new TestBrowser(harness.app).post(`${REVIEWS}${bad.id}/hide/`, {})).statusCode).toBe(401);

    const hidden = await member.client.post(`${REVIEWS}${bad.id}/hide/`, { reason: 'Spam link' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ id: bad.id, is_hidden: true });
    expect(await productFigures(product.id)).toEqual({ average: 5, count: 1 });
    expect(
      (await summaryOf(other.client, product.id)).distribution.find((row) => row.rating === 1)?.count,
    ).toBe(0);

    const publicList = reviewListResponseSchema.parse(
      (await other.client.get(`${REVIEWS}?product=${product.id}`)).json(),
    );
    expect(publicList.results.map((item) => item.id)).not.toContain(bad.id);
    expect((await other.client.get(`${REVIEWS}${bad.id}/`)).statusCode).toBe(404);
    expect((await other.client.post(`${REVIEWS}${bad.id}/helpful/`)).statusCode).toBe(404);
    expect((await author.client.get(`${REVIEWS}mine/?product=${product.id}`)).json().review).toMatchObject({
      id: bad.id,
      is_hidden: true,
    });
    // Editing does not bring it back.
    await author.client.patch(`${REVIEWS}${bad.id}/`, { rating: 2 });
    expect(await productFigures(product.id)).toEqual({ average: 5, count: 1 });

    expect((await other.client.get(`${REVIEWS}?product=${product.id}&include_hidden=true`)).statusCode).toBe(
      403,
    );
    const staffList = reviewListResponseSchema.parse(
      (await member.client.get(`${REVIEWS}?product=${product.id}&include_hidden=true`)).json(),
    );
    expect(staffList.count).toBe(2);

    const shown = await member.client.post(`${REVIEWS}${bad.id}/unhide/`);
    expect(shown.json()).toMatchObject({ is_hidden: false, rating: 2 });
    expect(await productFigures(product.id)).toEqual({ average: 3.5, count: 2 });
    expect((await member.client.post(`${REVIEWS}999999/hide/`, { reason: 'Spam' })).statusCode).toBe(404);
    // The author is told why: hiding without a reason is refused, naming the field, and changes nothing.
    for (const body of [{}, { reason: '   ' }]) {
      const noReason = await member.client.post(`${REVIEWS}${bad.id}/hide/`, body);
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().error.fields).toEqual([
        { field: 'reason', message: 'Say why the review is hidden: its author will see it' },
      ]);
    }
    expect(await productFigures(product.id)).toEqual({ average: 3.5, count: 2 });
    const tooLong = await member.client.post(`${REVIEWS}${bad.id}/hide/`, { reason: 'r'.repeat(501) });
    expect(tooLong.statusCode).toBe(422);
  });
});

describe('verified purchase', () => {
  async function placeOrder(userId: string, productId: number, variantId: number, status: string) {
    const pool = harness.database.pool;
    const order = await pool.query<{ id: string }>(
      `INSERT INTO orders (order_number, user_id, idempotency_key, request_hash, status, payment_status, payment_method,
         fulfilment, item_count, subtotal, delivery_fee, total, contact_name, contact_phone)
       VALUES ($1, $2, $3, 'test', $4, 'paid', 'cash_on_delivery', 'pickup', 1, 100000, 0, 100000, 'Test', '+256772123456')
       RETURNING id`,
      [`ORD-TEST-${crypto.randomBytes(4).toString('hex')}`, userId, crypto.randomUUID(), status],
    );
    await pool.query(
      `INSERT INTO order_items (order_id, product_id, variant_id, product_name, product_slug, variant_name, sku, quantity,
         unit_price, subtotal)
       VALUES ($1, $2, $3, 'Bottle', 'bottle', '750 ml bottle', 'SKU', 1, 100000, 100000)`,
      [order.rows[0]?.id, productId, variantId],
    );
  }

  it('marks reviews by customers with a delivered order of the product, and only those', async () => {
    const product = await newProduct();
    const otherProduct = await newProduct();
    const buyer = await customer();
    const waiting = await customer();
    const elsewhere = await customer();
    await placeOrder(buyer.id, product.id, product.variantIds[0] ?? 0, 'delivered');
    await placeOrder(waiting.id, product.id, product.variantIds[0] ?? 0, 'out_for_delivery');
    await placeOrder(elsewhere.id, otherProduct.id, otherProduct.variantIds[0] ?? 0, 'delivered');
    for (const author of [buyer, waiting, elsewhere])
      await author.client.post(REVIEWS, review({ product: product.id }));

    const list = reviewListResponseSchema.parse(
      (await buyer.client.get(`${REVIEWS}?product=${product.id}`)).json(),
    );
    const verified = new Map(list.results.map((item) => [item.is_own, item.verified_purchase]));
    expect(verified.get(true)).toBe(true);
    expect(list.results.filter((item) => item.verified_purchase)).toHaveLength(1);

    // The order arrives later: the review becomes verified.
    await harness.database.pool.query(`UPDATE orders SET status = 'delivered' WHERE user_id = $1`, [
      waiting.id,
    ]);
    expect(
      (await waiting.client.get(`${REVIEWS}mine/?product=${product.id}`)).json().review.verified_purchase,
    ).toBe(true);
  });
});

describe('exact under concurrency', () => {
  it('keeps the average and count exact when many customers review, edit and delete at once', async () => {
    const product = await newProduct();
    const authors = await Promise.all(Array.from({ length: 24 }, () => customer()));
    const ratings = authors.map((_, index) => (index % 5) + 1);
    const written = await Promise.all(
      authors.map((author, index) =>
        author.client.post(REVIEWS, review({ product: product.id, rating: ratings[index] })),
      ),
    );
    expect(written.every((response) => response.statusCode === 201)).toBe(true);
    const expectedAfterWrite = ratings.reduce((sum, value) => sum + value, 0) / ratings.length;
    expect(await productFigures(product.id)).toEqual({
      average: Math.round(expectedAfterWrite * 100) / 100,
      count: 24,
    });

    // Half delete, a quarter change their rating to 5, at the same time.
    const finalRatings: number[] = [];
    await Promise.all(
      authors.map((author, index) => {
        const id = written[index]?.json().id;
        if (index % 2 === 0) return author.client.request({ method: 'DELETE', url: `${REVIEWS}${id}/` });
        if (index % 4 === 1) {
          finalRatings.push(5);
          return author.client.patch(`${REVIEWS}${id}/`, { rating: 5 });
        }
        finalRatings.push(ratings[index] ?? 0);
        return Promise.resolve();
      }),
    );
    const expected = finalRatings.reduce((sum, value) => sum + value, 0) / finalRatings.length;
    expect(await productFigures(product.id)).toEqual({
      average: Math.round(expected * 100) / 100,
      count: 12,
    });
    const recount = await harness.database.pool.query(
      `SELECT round(avg(rating), 2)::float8 AS average, count(*)::int AS count FROM product_reviews
       WHERE product_id = $1 AND NOT is_hidden`,
      [product.id],
    );
    expect(await productFigures(product.id)).toEqual(recount.rows[0]);
  });

  it('counts a review written while another is still uncommitted: the second waits for the first', async () => {
    // Deterministic interleaving: without the product row lock in reviews_recount_product, the
    // second transaction would count from a snapshot without the first review, and the product
    // would end with one review instead of two.
    const product = await newProduct();
    const first = await customer();
    const second = await customer();
    const pool = harness.database.pool;
    const insert = `INSERT INTO product_reviews (product_id, user_id, rating, title, body)
                    VALUES ($1, $2, $3, 'Title', 'Text')`;
    const one = await pool.connect();
    const two = await pool.connect();
    try {
      await one.query('BEGIN');
      await two.query('BEGIN');
      await one.query(insert, [product.id, first.id, 5]);
      const { pid } = (await two.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0] ?? {};
      const pending = two.query(insert, [product.id, second.id, 2]);
      await vi.waitFor(
        async () => {
          const activity = await pool.query('SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1', [
            pid,
          ]);
          expect(activity.rows[0]?.wait_event_type).toBe('Lock');
        },
        { timeout: 5_000, interval: 20 },
      );
      await one.query('COMMIT');
      await pending;
      await two.query('COMMIT');
    } finally {
      await one.query('ROLLBACK').catch(() => undefined);
      await two.query('ROLLBACK').catch(() => undefined);
      one.release();
      two.release();
    }
    expect(await productFigures(product.id)).toEqual({ average: 3.5, count: 2 });
  });

  it('the catalog answers the new average once a review is in (its cache is dropped)', async () => {
    const product = await newProduct();
    const reader = new TestBrowser(harness.app);
    const url = `/api/v1/products/products/${product.id}/`;
    expect(productDetailSchema.parse((await reader.get(url)).json()).review_count).toBe(0);
    const { client } = await customer();
    await client.post(REVIEWS, review({ product: product.id, rating: 3 }));
    await vi.waitFor(
      async () => {
        const detail = productDetailSchema.parse((await reader.get(url)).json());
        expect([detail.average_rating, detail.review_count]).toEqual([3, 1]);
      },
      { timeout: 5_000, interval: 50 },
    );
  });
});

describe('author names', () => {
  it.each([
    ['Namara Kisakye', 'Namara K.'],
    ['  Bob   okello ', 'Bob O.'],
    ['Prince', 'Prince'],
    ['Jean Paul de la Croix', 'Jean C.'],
    ['   ', 'A customer'],
  ])('%j is shown as %j', (name, shown) => {
    expect(authorName(name)).toBe(shown);
  });
});
