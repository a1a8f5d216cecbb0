import { auditListSchema } from '@shop/contract/audit';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, staffMember, stockedProduct } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { actorOf, changedFields, recordAudit, SYSTEM_ACTOR } from './audit';

const AUDIT = '/api/v1/admin/audit/';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

describe('the audit trail', () => {
  it('is read by staff only: 401 for a visitor, 403 for a customer', async () => {
    expect((await harness.app.inject({ method: 'GET', url: AUDIT })).statusCode).toBe(401);
    const customer = await signedInCustomer(harness.app);
    expect((await customer.client.get(AUDIT)).statusCode).toBe(403);
  });

  it('lists a subject’s entries newest first with who, what and before → after', async () => {
    const staff = await staffMember(harness.app);
    const actor = { id: staff.userId, name: 'Grace Nansubuga', role: 'staff' };
    const subjectId = `audit-test-${Date.now()}`;
    await recordAudit(harness.app.db, actor, {
      kind: 'product.create',
      subjectType: 'product',
      subjectId,
      summary: 'Created',
      after: { name: 'Château Test' },
    });
    await recordAudit(harness.app.db, SYSTEM_ACTOR, {
      kind: 'product.update',
      subjectType: 'product',
      subjectId,
      summary: 'Price changed',
      before: { price: 250_000 },
      after: { price: 230_000 },
    });

    const response = await staff.client.get(`${AUDIT}?subject_type=product&subject_id=${subjectId}`);
    expect(response.statusCode).toBe(200);
    const list = auditListSchema.parse(response.json());
    expect(list.count).toBe(2);
    expect(list.results.map((entry) => [entry.kind, entry.actor.name, entry.before, entry.after])).toEqual([
      ['product.update', SYSTEM_ACTOR.name, { price: 250_000 }, { price: 230_000 }],
      ['product.create', 'Grace Nansubuga', null, { name: 'Château Test' }],
    ]);

    const byKind = auditListSchema.parse(
      (await staff.client.get(`${AUDIT}?subject_id=${subjectId}&kind=product.create`)).json(),
    );
    expect(byKind.results.map((entry) => entry.kind)).toEqual(['product.create']);
    const byPerson = auditListSchema.parse(
      (await staff.client.get(`${AUDIT}?subject_id=${subjectId}&actor_id=${staff.userId}`)).json(),
    );
    expect(byPerson.results.map((entry) => entry.summary)).toEqual(['Created']);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = auditListSchema.parse(
      (await staff.client.get(`${AUDIT}?subject_id=${subjectId}&from=${tomorrow}`)).json(),
    );
    expect(future.count).toBe(0);
  });

  it('names each subject as it is called now, in words staff read, and keeps the id of one since gone', async () => {
    const staff = await staffMember(harness.app);
    const actor = actorOf({ id: staff.userId, name: 'Grace Nansubuga', role: 'staff' });
    const product = await stockedProduct(harness.database.pool, { name: `Audit Test Shiraz ${Date.now()}` });
    const variantId = product.variantIds[0]!;
    const size = await harness.database.pool.query<{ name: string }>(
      'SELECT name FROM product_variants WHERE id = $1',
      [variantId],
    );
    const marker = `names-${Date.now()}`;
    const write = (record: Parameters<typeof recordAudit>[2]) =>
      recordAudit(harness.app.db, actor, { ...record, summary: marker });
    await write({ kind: 'stock.adjust', subjectType: 'stock', subjectId: variantId });
    await write({ kind: 'product.update', subjectType: 'product', subjectId: product.id });
    await write({ kind: 'user.role_change', subjectType: 'user', subjectId: staff.userId });
    await write({ kind: 'category.reorder', subjectType: 'category', subjectId: 'order' });
    await write({ kind: 'product.delete', subjectType: 'product', subjectId: 999_999_999 });

    const list = auditListSchema.parse((await staff.client.get(`${AUDIT}?page_size=50`)).json());
    const mine = list.results.filter((entry) => entry.summary === marker);
    expect(mine.map((entry) => [entry.kind, entry.subject_name])).toEqual([
      ['product.delete', null],
      ['category.reorder', null],
      ['user.role_change', 'Grace Nansubuga'],
      ['product.update', product.name],
      ['stock.adjust', `${product.name} · ${size.rows[0]!.name}`],
    ]);
  });

  it('names the bad filter', async () => {
    const staff = await staffMember(harness.app);
    const response = await staff.client.get(`${AUDIT}?from=yesterday&subject_type=planet`);
    expect(response.statusCode).toBe(422);
    const error = errorEnvelopeSchema.parse(response.json()).error;
    expect((error.fields ?? []).map((field) => field.field).sort()).toEqual(['from', 'subject_type']);
  });

  it('is append-only: the database refuses to edit or delete an entry', async () => {
    await recordAudit(harness.app.db, SYSTEM_ACTOR, {
      kind: 'settings.update',
      subjectType: 'settings',
      subjectId: 'shop',
    });
    // Drizzle wraps PostgreSQL's error: the refusal is its cause.
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    await expect(
      harness.app.db.execute(sql`update audit_entries set summary = 'rewritten'`),
    ).rejects.toMatchObject(refused);
    await expect(harness.app.db.execute(sql`delete from audit_entries`)).rejects.toMatchObject(refused);
  });
});

describe('changedFields', () => {
  it('keeps only the fields that changed, on both sides', () => {
    expect(changedFields({ name: 'A', price: 1, tags: ['x'] }, { name: 'A', price: 2, tags: ['x'] })).toEqual(
      {
        before: { price: 1 },
        after: { price: 2 },
      },
    );
    expect(changedFields({ name: 'A' }, { name: 'A' })).toBeNull();
  });

  it('makes an actor of a signed-in user', () => {
    expect(actorOf({ id: 'u1', name: 'Grace', role: 'admin' })).toEqual({
      id: 'u1',
      name: 'Grace',
      role: 'admin',
    });
  });
});
