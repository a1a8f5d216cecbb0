import type { HamperPart } from '@shop/contract/hampers';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';

/** The sizes named, with whether each is a hamper or a part of one (for the rules of 0035). */
export async function findSizes(
  db: Executor,
  ids: number[],
): Promise<Array<{ id: number; is_hamper: boolean; is_part: boolean }>> {
  const result = await db.execute<{ id: number; is_hamper: boolean; is_part: boolean }>(sql`
    SELECT v.id,
           EXISTS (SELECT 1 FROM hamper_parts c WHERE c.hamper_variant_id = v.id) AS is_hamper,
           EXISTS (SELECT 1 FROM hamper_parts c WHERE c.part_variant_id = v.id) AS is_part
    FROM product_variants v WHERE v.id = ANY(${sql.param(ids)}::int[])`);
  return result.rows;
}

/** A hamper size's stock and parts, in the order staff put them (then by id). */
export async function findHamper(
  db: Executor,
  variantId: number,
): Promise<{ stock: number; parts: HamperPart[] } | undefined> {
  const size = await db.execute<{ stock: number }>(sql`
    SELECT stock FROM product_variants WHERE id = ${variantId}`);
  const row = size.rows[0];
  if (!row) return undefined;
  const parts = await db.execute<HamperPart>(sql`
    SELECT c.part_variant_id AS variant_id, c.quantity, p.id AS product_id, p.name AS product_name,
           p.slug AS product_slug, v.name AS variant_name, v.sku, v.stock
    FROM hamper_parts c
    JOIN product_variants v ON v.id = c.part_variant_id
    JOIN products p ON p.id = v.product_id
    WHERE c.hamper_variant_id = ${variantId}
    ORDER BY c.position, c.part_variant_id`);
  return { stock: row.stock, parts: parts.rows };
}

/** Replaces the hamper's parts; the triggers of 0052 derive its stock again in the same transaction. */
export async function replaceParts(
  tx: Tx,
  variantId: number,
  parts: Array<{ variant_id: number; quantity: number }>,
): Promise<void> {
  await tx.execute(sql`DELETE FROM hamper_parts WHERE hamper_variant_id = ${variantId}`);
  if (parts.length === 0) return;
  await tx.execute(sql`
    INSERT INTO hamper_parts (hamper_variant_id, part_variant_id, quantity, position)
    SELECT ${variantId}, x.id, x.quantity, x.position::int
    FROM unnest(${sql.param(parts.map((part) => part.variant_id))}::int[],
                ${sql.param(parts.map((part) => part.quantity))}::int[]) WITH ORDINALITY AS x(id, quantity, position)`);
}
