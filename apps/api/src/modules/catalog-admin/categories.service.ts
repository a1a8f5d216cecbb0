import {
  type AdminCategory,
  type CategoryOrderRequest,
  type createCategoryRequestSchema,
  slugFromName,
  type updateCategoryRequestSchema,
} from '@shop/contract/categories-admin';
import { countOf } from '@shop/contract/plural';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/audit';
import {
  deleteCategory,
  findCategory,
  insertCategory,
  listCategories,
  setCategoryOrder,
  slugTaken,
  updateCategory,
} from './categories.repository';

/**
 * Categories kept by staff. Each change and its audit entry are one transaction; the table's
 * trigger NOTIFYs catalog_changed, so every instance's storefront lists follow at once.
 */

type CreateBody = z.output<typeof createCategoryRequestSchema>;
type UpdateBody = z.output<typeof updateCategoryRequestSchema>;

/** What the trail keeps of a category (not its counts, which change with products). */
const snapshot = (category: AdminCategory) => ({
  name: category.name,
  slug: category.slug,
  description: category.description,
  image: category.image,
  is_active: category.is_active,
  sort_order: category.sort_order,
});

const emptyToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === '' ? null : value;

export async function categoryList(db: Database) {
  return { results: await listCategories(db) };
}

export async function createCategory(
  db: Database,
  actor: AuditActor,
  body: CreateBody,
): Promise<AdminCategory> {
  const slug = body.slug || slugFromName(body.name);
  if (!slug) {
    throw invalidInput([
      { field: 'slug', message: 'Give a slug: the name has no letters or digits to make one' },
    ]);
  }
  return db.transaction(async (tx) => {
    // Slugs are unique: two staff creating the same one at once meet here, not in a 500.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`categories.slug:${slug}`}))`);
    if (await slugTaken(tx, slug)) {
      throw conflict(`Another category already uses the slug “${slug}”.`, 'conflict', [
        { field: 'slug', message: `“${slug}” is taken by another category` },
      ]);
    }
    const id = await insertCategory(tx, {
      slug,
      name: body.name,
      description: emptyToNull(body.description) ?? null,
      image: emptyToNull(body.image) ?? null,
      isActive: body.is_active,
    });
    const created = (await findCategory(tx, id))!;
    await recordAudit(tx, actor, {
      kind: 'category.create',
      subjectType: 'category',
      subjectId: id,
      summary: `Created category ${created.name}${created.is_active ? '' : ' (hidden)'}`,
      before: null,
      after: snapshot(created),
    });
    return created;
  });
}

export async function changeCategory(
  db: Database,
  actor: AuditActor,
  id: number,
  body: UpdateBody,
): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    const before = await findCategory(tx, id, true);
    if (!before) throw notFound('The category');
    const slug = body.slug === '' && body.name ? slugFromName(body.name) : body.slug || undefined;
    if (slug) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`categories.slug:${slug}`}))`);
    if (slug && (await slugTaken(tx, slug, id))) {
      throw conflict(`Another category already uses the slug “${slug}”.`, 'conflict', [
        { field: 'slug', message: `“${slug}” is taken by another category` },
      ]);
    }
    const values = {
      name: body.name,
      slug,
      description: emptyToNull(body.description),
      image: emptyToNull(body.image),
      is_active: body.is_active,
    };
    const changes = changedFields(snapshot(before), values);
    if (!changes) return before;
    await updateCategory(tx, id, values);
    const after = (await findCategory(tx, id))!;
    const hidden = changes.after.is_active === false;
    const shown = changes.after.is_active === true;
    await recordAudit(tx, actor, {
      kind: hidden ? 'category.hide' : shown ? 'category.show' : 'category.update',
      subjectType: 'category',
      subjectId: id,
      summary: hidden
        ? `Hid category ${after.name} from the shop`
        : shown
          ? `Showed category ${after.name} in the shop`
          : `Changed category ${after.name}: ${Object.keys(changes.after).join(', ')}`,
      before: changes.before,
      after: changes.after,
    });
    return after;
  });
}

export async function reorderCategories(db: Database, actor: AuditActor, body: CategoryOrderRequest) {
  return db.transaction(async (tx) => {
    const current = await listCategories(tx);
    const known = new Set(current.map((category) => category.id));
    const unknown = body.ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw invalidInput([
        {
          field: 'ids',
          message: `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a category' : 'are not categories'}`,
        },
      ]);
    }
    // Categories left out keep their place after the ones given.
    const given = new Set(body.ids);
    const ids = [...body.ids, ...current.filter((category) => !given.has(category.id)).map((c) => c.id)];
    const before = current.map((category) => category.id);
    if (
      before.join() !== ids.join() ||
      current.some((category, index) => category.sort_order !== (index + 1) * 10)
    ) {
      await setCategoryOrder(tx, ids);
    }
    const results = await listCategories(tx);
    if (before.join() !== results.map((category) => category.id).join()) {
      const names = new Map(results.map((category) => [category.id, category.name]));
      await recordAudit(tx, actor, {
        kind: 'category.reorder',
        subjectType: 'category',
        subjectId: 'order',
        summary: `Reordered the categories: ${results.map((category) => category.name).join(', ')}`,
        before: before.map((id) => ({ id, name: names.get(id) })),
        after: results.map((category) => ({ id: category.id, name: category.name })),
      });
    }
    return { results };
  });
}

export async function removeCategory(db: Database, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await findCategory(tx, id, true);
    if (!category) throw notFound('The category');
    // Products are moved under a lock of the category row (products reference it with
    // ON DELETE RESTRICT too, so a product added meanwhile still stops the delete).
    if (category.product_count > 0) {
      throw conflict(
        `${category.name} still has ${countOf(category.product_count, 'product')}. Move its ${countOf(category.product_count, 'product')} to another category first.`,
      );
    }
    await deleteCategory(tx, id);
    await recordAudit(tx, actor, {
      kind: 'category.remove',
      subjectType: 'category',
      subjectId: id,
      summary: `Removed category ${category.name}`,
      before: snapshot(category),
      after: null,
    });
  });
}
