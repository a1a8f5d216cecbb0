import { deliveryZoneListSchema, deliveryZoneSchema } from '@shop/contract/delivery';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { orderSchema } from '@shop/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  CHECKOUT,
  checkoutBody,
  ORDERS,
  signedInCustomer,
  staffMember,
  stockedProduct,
  ZONES,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DELIVERY_ZONES_CACHE_CONTROL } from './delivery-zones.routes';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

describe('GET /orders/delivery-zones/', () => {
  it('lists the Kampala-area zones with their fees and times, publicly, cached with an ETag', async () => {
    const response = await harness.app.inject({ method: 'GET', url: ZONES });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(DELIVERY_ZONES_CACHE_CONTROL);
    const list = deliveryZoneListSchema.parse(response.json());
    expect(list.results.map((zone) => [zone.name, zone.fee, zone.delivery_time_label])).toEqual([
      ['Central Kampala', 10_000, '1–2 hours'],
      ['Kampala North & East', 15_000, '2–3 hours'],
      ['Kampala South', 15_000, '2–3 hours'],
      ['Kampala West', 15_000, '2–3 hours'],
      ['Kira, Namugongo & Mukono', 25_000, '3–4 hours'],
      ['Entebbe Road & Entebbe', 30_000, '4–5 hours'],
      ['Nansana, Kasangati & Gayaza', 25_000, '3–4 hours'],
    ]);
    expect(list.results[0]).toMatchObject({
      slug: 'central-kampala',
      areas: expect.stringContaining('Kololo'),
    });

    const etag = response.headers.etag as string;
    const again = await harness.app.inject({ method: 'GET', url: ZONES, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows withdrawn zones to staff only', async () => {
    const customer = await signedInCustomer(harness.app);
    expect((await customer.client.get(`${ZONES}?include_inactive=true`)).statusCode).toBe(403);
    expect(
      (await harness.app.inject({ method: 'GET', url: `${ZONES}?include_inactive=true` })).statusCode,
    ).toBe(401);
    expect(
      (await harness.app.inject({ method: 'GET', url: `${ZONES}?include_inactive=maybe` })).statusCode,
    ).toBe(422);
  });
});

describe('staff keep the zones', () => {
  it('adds, changes and withdraws a zone; customers may not', async () => {
    const staff = await staffMember(harness.app);
    const customer = await signedInCustomer(harness.app);
    const zone = {
      slug: 'wakiso-town',
      name: 'Wakiso town',
      areas: 'Wakiso, Kakiri',
      fee: 35_000,
      delivery_time_minutes: 300,
      delivery_time_label: '4–5 hours',
    };
    expect((await customer.client.post(ZONES, zone)).statusCode).toBe(403);
    const created = await staff.client.post(ZONES, zone);
    expect(created.statusCode).toBe(201);
    const saved = deliveryZoneSchema.parse(created.json());
    expect(saved).toMatchObject({ ...zone, sort_order: 0, is_active: true });

    const taken = await staff.client.post(ZONES, zone);
    expect(taken.statusCode).toBe(409);
    expect(envelope(taken.body).fields).toEqual([{ field: 'slug', message: 'Already used' }]);

    const invalid = await staff.client.post(ZONES, {
      ...zone,
      slug: 'Bad Slug',
      fee: -5,
      delivery_time_minutes: 1.5,
    });
    expect(invalid.statusCode).toBe(422);
    expect(
      envelope(invalid.body)
        .fields?.map((field) => field.field)
        .sort(),
    ).toEqual(['delivery_time_minutes', 'fee', 'slug']);

    expect((await customer.client.patch(`${ZONES}${saved.id}/`, { fee: 0 })).statusCode).toBe(403);
    const changed = await staff.client.patch(`${ZONES}${saved.id}/`, { fee: 40_000, sort_order: 5 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ fee: 40_000, sort_order: 5, name: 'Wakiso town' });
    expect((await staff.client.patch(`${ZONES}${saved.id}/`, {})).statusCode).toBe(422);
    expect((await staff.client.patch(`${ZONES}999999/`, { fee: 1 })).statusCode).toBe(404);

    await staff.client.patch(`${ZONES}${saved.id}/`, { is_active: false });
    const publicList = deliveryZoneListSchema.parse(
      (await harness.app.inject({ method: 'GET', url: ZONES })).json(),
    );
    expect(publicList.results.map((item) => item.id)).not.toContain(saved.id);
    const staffList = deliveryZoneListSchema.parse(
      (await staff.client.get(`${ZONES}?include_inactive=true`)).json(),
    );
    expect(staffList.results.find((item) => item.id === saved.id)).toMatchObject({ is_active: false });

    // Each change is in the audit trail, before → after.
    const trail = (
      await staff.client.get(`/api/v1/admin/audit/?subject_type=delivery_zone&subject_id=${saved.id}`)
    ).json() as { results: { kind: string; before: unknown; after: unknown }[] };
    expect(trail.results.map((entry) => [entry.kind, entry.before, entry.after])).toEqual([
      ['delivery_zone.update', { is_active: true }, { is_active: false }],
      ['delivery_zone.update', { fee: 35_000, sort_order: 0 }, { fee: 40_000, sort_order: 5 }],
      ['delivery_zone.create', null, saved],
    ]);
  });

  it('charges the fee of the moment: an order keeps the zone name, time and fee it was placed with', async () => {
    const staff = await staffMember(harness.app);
    const created = deliveryZoneSchema.parse(
      (
        await staff.client.post(ZONES, {
          slug: 'bweyogerere',
          name: 'Bweyogerere',
          areas: 'Bweyogerere, Kirinya',
          fee: 20_000,
          delivery_time_minutes: 180,
          delivery_time_label: '2–3 hours',
        })
      ).json(),
    );
    const customer = await signedInCustomer(harness.app);
    const wine = await stockedProduct(harness.database.pool, { price: 100_000 });
    await addToCart(customer.client, wine.id, wine.variantIds[0]!);
    const order = orderSchema.parse((await customer.client.post(CHECKOUT, checkoutBody(created.id))).json());
    expect(order).toMatchObject({ delivery_fee: 20_000, total: 120_000 });

    await staff.client.patch(`${ZONES}${created.id}/`, {
      name: 'Bweyogerere & Kirinya',
      fee: 25_000,
      delivery_time_label: '3 hours',
    });
    const later = orderSchema.parse((await customer.client.get(`${ORDERS}/${order.id}/`)).json());
    expect(later).toMatchObject({
      delivery_fee: 20_000,
      delivery_zone: { id: created.id, name: 'Bweyogerere', delivery_time_label: '2–3 hours' },
    });
  });
});
