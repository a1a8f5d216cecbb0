import type { AdminCategory } from '@shop/contract/categories-admin';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/** The back office's reads and writes of `categories`; every write NOTIFYs catalog_changed (trigger). */

const columns = sql`
  c.id, c.slug, c.name, c.description, c.image, c.sort_order, c.is_active,
  (SELECT count(*)::int FROM products p WHERE p.category_id = c.id) AS product_count,
  (SELECT count(*)::int FROM products p WHERE p.category_id = c.id AND p.listed) AS listed_count`;

export async function listCategories(db: Executor): Promise<AdminCategory[]> {
  const result = await db.execute<AdminCategory>(sql`
    SELECT ${columns} FROM categories c ORDER BY c.sort_order, c.name, c.id`);
  return result.rows;
}

/** One category, locked for the rest of the transaction when `lock`. */
export async function findCategory(
  db: Executor,
  id: number,
  lock = false,
): Promise<AdminCategory | undefined> {
  const result = await db.execute<AdminCategory>(sql`
    SELECT ${columns} FROM categories c WHERE c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`);
  return result.rows[0];
}

export async function slugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM categories WHERE slug = ${slug}
      ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`}) AS taken`);
  return result.rows[0]!.taken;
}

export async function insertCategory(
  db: Executor,
  values: { slug: string; name: string; description: string | null; image: string | null; isActive: boolean },
): Promise<number> {
  // New categories go last.
  const result = await db.execute<{ id: number }>(sql`
    INSERT INTO categories (slug, name, description, image, is_active, sort_order)
    VALUES (${values.slug}, ${values.name}, ${values.description}, ${values.image}, ${values.isActive},
      (SELECT coalesce(max(sort_order), 0) + 10 FROM categories))
    RETURNING id`);
  return result.rows[0]!.id;
}

export async function updateCategory(
  db: Executor,
  id: number,
  values: Partial<{
    slug: string;
    name: string;
    description: string | null;
    image: string | null;
    is_active: boolean;
  }>,
): Promise<void> {
  const sets = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => sql`${sql.identifier(key)} = ${value}`);
  if (sets.length === 0) return;
  await db.execute(sql`UPDATE categories SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
}

/** Sort orders 10, 20, 30… in the given order, in one statement. */
export async function setCategoryOrder(db: Executor, ids: number[]): Promise<void> {
  await db.execute(sql`
    UPDATE categories c SET sort_order = x.ord * 10
    FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS x(id, ord)
    WHERE c.id = x.id AND c.sort_order IS DISTINCT FROM x.ord * 10`);
}

export async function deleteCategory(db: Executor, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM categories WHERE id = ${id}`);
}
