import type pg from 'pg';
import { expect } from 'vitest';
import { type Customer, stockedProduct } from '../../../test/fixtures/orders';

/** Test helpers for hampers: one composed through the staff endpoint, and a size's ledger. */

export const hamperUrl = (variantId: number) => `/api/v1/admin/catalog/variants/${variantId}/hamper/`;

/** A product with one size of `stock` bottles. */
export async function sizedProduct(pool: pg.Pool, name: string, stock: number, price = 50_000) {
  const made = await stockedProduct(pool, { name, price, stock });
  return { id: made.id, slug: made.slug, variantId: made.variantIds[0]! };
}

/** A hamper product (stock 0 of its own) composed of the given parts by a member of staff. */
export async function composedHamper(
  pool: pg.Pool,
  staff: Customer,
  name: string,
  parts: Array<{ variant_id: number; quantity: number }>,
) {
  const made = await sizedProduct(pool, name, 0, 400_000);
  const response = await staff.client.put(hamperUrl(made.variantId), { parts });
  expect(response.statusCode, response.body).toBe(200);
  return made;
}

export type LedgerRow = {
  delta: number;
  stock_after: number;
  reason: string;
  order_id: string | null;
  hamper_variant_id: number | null;
};

/** A size's ledger rows, oldest first. */
export async function ledgerOf(pool: pg.Pool, variantId: number): Promise<LedgerRow[]> {
  const result = await pool.query<LedgerRow>(
    `SELECT delta, stock_after, reason, order_id, hamper_variant_id FROM stock_movements
     WHERE variant_id = $1 ORDER BY id`,
    [variantId],
  );
  return result.rows;
}
