import type { DiscountKind, DiscountStatus } from '@shop/contract/discounts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';

/**
 * The discount codes' queries. A code's row is the lock that serialises its uses: checkout reads
 * it `FOR UPDATE`, checks the limits and adds its use in the same transaction; a cancelled order
 * gives its use back in one statement (which takes the same row lock).
 */

export type DiscountCodeRow = {
  id: number;
  code: string;
  description: string | null;
  kind: DiscountKind;
  value: number;
  minimum_order: number;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  status: DiscountStatus;
  created_at: Date;
  updated_at: Date;
  categories: Array<{ id: number; name: string }>;
};

const toDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

function withDates(row: DiscountCodeRow): DiscountCodeRow {
  return {
    ...row,
    starts_at: toDate(row.starts_at),
    ends_at: toDate(row.ends_at),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

const codeSelect = sql`
  SELECT d.id, d.code, d.description, d.kind, d.value, d.minimum_order, d.starts_at, d.ends_at, d.max_uses,
         d.max_uses_per_customer, d.uses, d.status, d.created_at, d.updated_at,
         COALESCE((
           SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.sort_order, c.id)
           FROM discount_code_categories dc JOIN categories c ON c.id = dc.category_id
           WHERE dc.code_id = d.id), '[]'::json) AS categories
  FROM discount_codes d`;

export async function findCode(db: Executor, id: number, lock = false): Promise<DiscountCodeRow | undefined> {
  const result = await db.execute<DiscountCodeRow>(
    sql`${codeSelect} WHERE d.id = ${id} ${lock ? sql`FOR UPDATE OF d` : sql``}`,
  );
  const row = result.rows[0];
  return row && withDates(row);
}

/** A page of codes, newest first (index `discount_codes_created_idx` or `…_status_created_idx`). */
export async function listCodes(
  db: Executor,
  filter: { status?: DiscountStatus | undefined; q?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: DiscountCodeRow[]; count: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(sql`d.status = ${filter.status}`);
  if (filter.q) conditions.push(sql`strpos(d.code, ${filter.q}) > 0`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const [rows, count] = await Promise.all([
    db.execute<DiscountCodeRow>(sql`${codeSelect} ${where}
      ORDER BY d.created_at DESC, d.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
    db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM discount_codes d ${where}`),
  ]);
  return { rows: rows.rows.map(withDates), count: count.rows[0]?.count ?? 0 };
}

export type CodeValues = {
  description: string | null;
  kind: DiscountKind;
  value: number;
  minimumOrder: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
};

/** Inserts a code; undefined when the code is taken (the unique index decides, not a race). */
export async function insertCode(
  tx: Tx,
  code: string,
  values: CodeValues,
  createdBy: string | null,
): Promise<number | undefined> {
  const result = await tx.execute<{ id: number }>(sql`
    INSERT INTO discount_codes (code, description, kind, value, minimum_order, starts_at, ends_at, max_uses,
      max_uses_per_customer, created_by)
    VALUES (${code}, ${values.description}, ${values.kind}, ${values.value}, ${values.minimumOrder},
      ${values.startsAt}::timestamptz, ${values.endsAt}::timestamptz, ${values.maxUses}, ${values.maxUsesPerCustomer},
      ${createdBy}::uuid)
    ON CONFLICT (code) DO NOTHING
    RETURNING id`);
  return result.rows[0]?.id;
}

export async function updateCode(tx: Tx, id: number, values: CodeValues): Promise<void> {
  await tx.execute(sql`
    UPDATE discount_codes SET description = ${values.description}, kind = ${values.kind}, value = ${values.value},
      minimum_order = ${values.minimumOrder}, starts_at = ${values.startsAt}::timestamptz,
      ends_at = ${values.endsAt}::timestamptz, max_uses = ${values.maxUses},
      max_uses_per_customer = ${values.maxUsesPerCustomer}, updated_at = now()
    WHERE id = ${id}`);
}

export async function setCodeStatus(tx: Tx, id: number, status: DiscountStatus): Promise<void> {
  await tx.execute(sql`UPDATE discount_codes SET status = ${status}, updated_at = now() WHERE id = ${id}`);
}

/** Of `ids`, those that are not categories. */
export async function unknownCategories(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    SELECT x.id FROM unnest(${sql.param(ids)}::int[]) AS x(id)
    WHERE NOT EXISTS (SELECT 1 FROM categories c WHERE c.id = x.id)`);
  return result.rows.map((row) => row.id);
}

export async function replaceCategories(tx: Tx, codeId: number, categoryIds: number[]): Promise<void> {
  await tx.execute(sql`DELETE FROM discount_code_categories WHERE code_id = ${codeId}`);
  if (categoryIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO discount_code_categories (code_id, category_id)
    SELECT ${codeId}, x.id FROM unnest(${sql.param(categoryIds)}::int[]) AS x(id)`);
}

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

export type CodeForCheckout = Omit<DiscountCodeRow, 'categories' | 'created_at' | 'updated_at'> & {
  category_ids: number[];
};

/**
 * The code (in capitals) with its categories; `lock` holds its row until the transaction ends, so
 * that checkouts using it take their turns and each reads the uses the previous one left.
 */
export async function findCodeForCheckout(
  db: Executor,
  code: string,
  lock: boolean,
): Promise<CodeForCheckout | undefined> {
  const result = await db.execute<CodeForCheckout>(sql`
    SELECT d.id, d.code, d.description, d.kind, d.value, d.minimum_order, d.starts_at, d.ends_at, d.max_uses,
           d.max_uses_per_customer, d.uses, d.status,
           ARRAY(SELECT dc.category_id FROM discount_code_categories dc WHERE dc.code_id = d.id) AS category_ids
    FROM discount_codes d WHERE d.code = ${code}
    ${lock ? sql`FOR UPDATE OF d` : sql``}`);
  const row = result.rows[0];
  return row && { ...row, starts_at: toDate(row.starts_at), ends_at: toDate(row.ends_at) };
}

/** The customer's uses of a code that still count (cancelled orders gave theirs back). */
export async function customerUses(db: Executor, codeId: number, userId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM discount_redemptions
    WHERE code_id = ${codeId} AND user_id = ${userId} AND released_at IS NULL`);
  return result.rows[0]?.count ?? 0;
}

/** The bottles of the customer's cart as they cost now, with each one's category (no locks). */
export async function cartBottles(
  db: Executor,
  userId: string,
): Promise<Array<{ price: number; quantity: number; category_id: number }>> {
  const result = await db.execute<{ price: number; quantity: number; category_id: number }>(sql`
    SELECT v.price, ci.quantity, p.category_id
    FROM carts c
    JOIN cart_items ci ON ci.cart_id = c.id
    JOIN product_variants v ON v.id = ci.variant_id
    JOIN products p ON p.id = v.product_id
    WHERE c.user_id = ${userId}`);
  return result.rows;
}

/** One use of the code by the order (the caller holds the code's row lock). */
export async function redeem(
  tx: Tx,
  use: { codeId: number; orderId: string; userId: string; amount: number },
): Promise<void> {
  await tx.execute(sql`
    WITH used AS (
      INSERT INTO discount_redemptions (code_id, order_id, user_id, amount)
      VALUES (${use.codeId}, ${use.orderId}, ${use.userId}, ${use.amount})
      RETURNING code_id
    )
    UPDATE discount_codes SET uses = uses + 1 FROM used WHERE discount_codes.id = used.code_id`);
}

/**
 * Gives the order's use of its code back, once (`released_at`): a cancelled order no longer
 * counts against the code's limits. The order keeps its discount as a record. Answers whether a
 * use was given back now.
 */
export async function releaseDiscountUse(tx: Tx, orderId: string): Promise<boolean> {
  const result = await tx.execute(sql`
    WITH released AS (
      UPDATE discount_redemptions SET released_at = now()
      WHERE order_id = ${orderId} AND released_at IS NULL
      RETURNING code_id
    )
    UPDATE discount_codes SET uses = uses - 1 FROM released WHERE discount_codes.id = released.code_id`);
  return (result.rowCount ?? 0) > 0;
}
