import { skuPrefix } from '@shop/contract/catalog-admin';
import { type PageQuery, pageOffset } from '@shop/contract/pagination';
import type { LowStockItem, LowStockQuery, StockReason } from '@shop/contract/stock';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/transaction';
import { containing } from '../people/people.repository';

/**
 * The stock ledger's queries. A movement changes the stock by a delta in SQL (never a value read
 * then written back) and writes its ledger row in the same statement, so the two commit together
 * and concurrent movements each add their own delta to whatever the stock is when they run.
 */

/**
 * SQL of the ids of the ledger rows (from `logged`) that took their size from above its
 * threshold to at or below it: the crossings staff are told of once each.
 */
const CROSSINGS = sql`
  SELECT l.id::int AS id FROM logged l JOIN moved m ON m.id = l.variant_id
  WHERE l.stock_after <= m.low_stock_threshold AND l.stock_after - l.delta > m.low_stock_threshold`;

export type AppliedMovement = {
  movement_id: number;
  stock: number;
  low_stock_threshold: number;
  created_at: string;
};

/**
 * Applies a staff movement: adds `delta` to the size's stock unless that would take it below
 * zero, and writes the ledger row with the stock after it. Answers undefined when nothing was
 * written (no such size, or not enough stock).
 */
export async function applyMovement(
  tx: Tx,
  movement: {
    variantId: number;
    delta: number;
    reason: StockReason;
    note: string | null;
    actorId: string | null;
    actorName: string | null;
  },
): Promise<AppliedMovement | undefined> {
  const { variantId, delta } = movement;
  const result = await tx.execute<AppliedMovement>(sql`
    WITH moved AS (
      UPDATE product_variants SET stock = stock + ${delta}::int
      WHERE id = ${variantId} AND stock + ${delta}::int >= 0
      RETURNING id, stock, low_stock_threshold
    ), logged AS (
      INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, actor_id, actor_name)
      SELECT id, ${delta}::int, stock, ${movement.reason}, ${movement.note}, ${movement.actorId}::uuid, ${movement.actorName}
      FROM moved
      RETURNING id, created_at
    )
    SELECT logged.id::int AS movement_id, moved.stock, moved.low_stock_threshold, logged.created_at
    FROM moved, logged`);
  return result.rows[0];
}

/**
 * Locks every size a change of these sizes' stock touches, in id order (checkout, release and
 * staff movements all lock this way, so two of them never deadlock): the sizes, the parts of
 * those that are hampers, and the hampers holding any of them, whose derived stock the
 * `hamper_parts_moved` trigger rewrites in the same transaction (decision 0035).
 */
export async function lockStockOf(tx: Tx, variantIds: number[] | SQL): Promise<void> {
  if (Array.isArray(variantIds) && variantIds.length === 0) return;
  const given = Array.isArray(variantIds)
    ? sql`SELECT unnest(${sql.param(variantIds)}::int[]) AS id`
    : variantIds;
  await tx.execute(sql`
    WITH given AS (${given}),
    touched AS (
      SELECT id FROM given
      UNION SELECT part_variant_id FROM hamper_parts WHERE hamper_variant_id IN (SELECT id FROM given)
    ), holders AS (
      SELECT hamper_variant_id AS id FROM hamper_parts WHERE part_variant_id IN (SELECT id FROM touched)
    )
    SELECT v.id FROM product_variants v
    WHERE v.id IN (SELECT id FROM touched UNION SELECT id FROM holders)
    ORDER BY v.id
    FOR NO KEY UPDATE`);
}

/** `lockStockOf` for the sizes in a (locked) cart, before its lines are read. */
export const lockStockOfCart = (tx: Tx, cartId: number) =>
  lockStockOf(tx, sql`SELECT variant_id AS id FROM cart_items WHERE cart_id = ${cartId}`);

/** SQL of an order's lines as sizes to move: a hamper's line becomes its parts, naming the hamper. */
function expanded(lines: Array<{ variantId: number; quantity: number }>): SQL {
  return sql`
    SELECT coalesce(c.part_variant_id, x.id) AS variant_id,
           CASE WHEN c.part_variant_id IS NULL THEN NULL ELSE x.id END AS hamper_id,
           (x.quantity * coalesce(c.quantity, 1))::int AS quantity,
           x.id AS line_variant_id
    FROM unnest(${sql.param(lines.map((line) => line.variantId))}::int[],
                ${sql.param(lines.map((line) => line.quantity))}::int[]) AS x(id, quantity)
    LEFT JOIN hamper_parts c ON c.hamper_variant_id = x.id`;
}

/** Who and why, on the ledger rows of a movement for an order (a sale has neither). */
type OrderEntry = { note?: string | null; actorId?: string | null };

/**
 * Moves an order's sizes by `sign` × each quantity in one statement: each size once by its
 * total, and one ledger row per size and hamper (a part sold alone and in two hampers gets
 * three rows), each with the stock right after it, so the ledger still sums to the stock.
 * The actor is written under their name as it is now.
 */
function moveForOrder(
  wanted: SQL,
  sign: 1 | -1,
  reason: 'sold' | 'released' | 'returned',
  orderId: string,
  entry: OrderEntry = {},
): SQL {
  return sql`
    WITH wanted AS (${wanted}),
    per_size AS (SELECT variant_id, sum(quantity)::int AS quantity FROM wanted GROUP BY variant_id),
    moved AS (
      UPDATE product_variants v SET stock = v.stock + ${sign}::int * s.quantity
      FROM per_size s
      WHERE v.id = s.variant_id AND s.quantity > 0
      RETURNING v.id, v.stock, v.low_stock_threshold
    ), logged AS (
      INSERT INTO stock_movements (variant_id, delta, stock_after, reason, order_id, hamper_variant_id,
                                   note, actor_id, actor_name)
      SELECT w.variant_id, ${sign}::int * w.quantity,
             m.stock - ${sign}::int * coalesce(sum(w.quantity) OVER (
               PARTITION BY w.variant_id ORDER BY w.hamper_id NULLS FIRST
               ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0),
             ${reason}, ${orderId}::uuid, w.hamper_id,
             ${entry.note ?? null}, u.id, u.name
      FROM wanted w JOIN moved m ON m.id = w.variant_id
      LEFT JOIN users u ON u.id = ${entry.actorId ?? null}::uuid
      WHERE w.quantity > 0
      ORDER BY w.variant_id, w.hamper_id NULLS FIRST
      RETURNING id, variant_id, delta, stock_after
    )`;
}

/**
 * The lines whose sizes (a hamper's: its parts) the locked stock cannot cover, counting every
 * line of the order together: two hampers sharing a part may each fit alone and not both.
 */
export async function linesShortOfStock(
  tx: Tx,
  lines: Array<{ variantId: number; quantity: number }>,
): Promise<number[]> {
  const result = await tx.execute<{ variant_id: number }>(sql`
    WITH wanted AS (${expanded(lines)}),
    per_size AS (SELECT variant_id, sum(quantity)::int AS quantity FROM wanted GROUP BY variant_id)
    SELECT DISTINCT w.line_variant_id AS variant_id
    FROM wanted w JOIN per_size s ON s.variant_id = w.variant_id
    JOIN product_variants v ON v.id = s.variant_id
    WHERE v.stock < s.quantity OR (w.hamper_id IS NOT NULL AND v.retired_at IS NOT NULL)`);
  return result.rows.map((row) => row.variant_id);
}

/**
 * Takes the ordered quantities from stock (rows locked with `lockStockOf` and checked) and writes
 * `sold` rows; a hamper's line takes its parts, each row naming the hamper and the order.
 */
export async function takeStockForOrder(
  tx: Tx,
  orderId: string,
  lines: Array<{ variantId: number; quantity: number }>,
): Promise<number[]> {
  const result = await tx.execute<{ id: number }>(sql`
    ${moveForOrder(expanded(lines), -1, 'sold', orderId)}
    ${CROSSINGS}`);
  return result.rows.map((row) => row.id);
}

/**
 * Gives (some of) an order's lines back to stock, the one rule of every path that does
 * (cancellation and expiry: `released`; refused at the door, refund with restock: `returned`):
 * a size sold alone comes back to its own row; a hamper's line brings back its parts as its
 * `sold` rows took them (whatever the hamper holds today), in proportion to the hampers coming
 * back, each row naming the hamper and the order. Never more of a size comes back for an order
 * than it took, less what already came back, whatever order the paths run in. Locks what it
 * moves (`lockStockOf`) first, in the caller's transaction.
 */
export async function giveBackStockOfOrder(
  tx: Tx,
  orderId: string,
  giveBack: OrderEntry & {
    reason: 'released' | 'returned';
    /** The order's lines and how many of each come back; every line in full when absent. */
    lines?: Array<{ lineId: number; quantity: number }>;
  },
): Promise<void> {
  if (giveBack.lines?.length === 0) return;
  await lockStockOf(
    tx,
    sql`SELECT variant_id AS id FROM order_items WHERE order_id = ${orderId} AND variant_id IS NOT NULL
        UNION SELECT variant_id FROM stock_movements WHERE order_id = ${orderId} AND reason = 'sold'`,
  );
  const asked = giveBack.lines
    ? sql`SELECT * FROM unnest(${sql.param(giveBack.lines.map((line) => line.lineId))}::int[],
                               ${sql.param(giveBack.lines.map((line) => line.quantity))}::int[]) AS a(line_id, quantity)`
    : sql`SELECT id AS line_id, quantity FROM order_items WHERE order_id = ${orderId}`;
  // A size removed from the catalog since has nothing to take the bottles back; nor has a size
  // sold alone that has become a hamper since (its stock is derived now).
  const wanted = sql`
    WITH asked AS (${asked}),
    coming AS (
      SELECT i.variant_id, sum(a.quantity)::int AS quantity
      FROM asked a JOIN order_items i ON i.id = a.line_id
      WHERE i.order_id = ${orderId} AND i.variant_id IS NOT NULL
      GROUP BY i.variant_id
    ), ordered AS (
      SELECT variant_id, sum(quantity)::int AS quantity FROM order_items
      WHERE order_id = ${orderId} AND variant_id IS NOT NULL GROUP BY variant_id
    ), in_hampers AS (
      SELECT variant_id, hamper_variant_id, (-sum(delta))::int AS quantity FROM stock_movements
      WHERE order_id = ${orderId} AND reason = 'sold' AND hamper_variant_id IS NOT NULL
      GROUP BY variant_id, hamper_variant_id
    ), taken AS (
      SELECT h.variant_id, h.hamper_variant_id AS hamper_id, h.quantity AS taken,
             (c.quantity * h.quantity / o.quantity)::int AS quantity
      FROM in_hampers h JOIN coming c ON c.variant_id = h.hamper_variant_id
      JOIN ordered o ON o.variant_id = h.hamper_variant_id
      UNION ALL
      SELECT c.variant_id, NULL::int, o.quantity, c.quantity
      FROM coming c JOIN ordered o ON o.variant_id = c.variant_id
      WHERE c.variant_id NOT IN (SELECT hamper_variant_id FROM in_hampers)
        AND NOT EXISTS (SELECT 1 FROM hamper_parts p WHERE p.hamper_variant_id = c.variant_id)
    ), back AS (
      SELECT variant_id, hamper_variant_id, sum(delta)::int AS quantity FROM stock_movements
      WHERE order_id = ${orderId} AND reason IN ('released', 'returned')
      GROUP BY variant_id, hamper_variant_id
    )
    SELECT t.variant_id, t.hamper_id, least(t.quantity, t.taken - coalesce(b.quantity, 0))::int AS quantity
    FROM taken t LEFT JOIN back b
      ON b.variant_id = t.variant_id AND b.hamper_variant_id IS NOT DISTINCT FROM t.hamper_id`;
  await tx.execute(
    sql`${moveForOrder(wanted, 1, giveBack.reason, orderId, giveBack)} SELECT count(*) FROM logged`,
  );
}

/** Whether the size is a hamper (its stock is derived from its parts and moves only with them). */
export async function isHamper(db: Executor, variantId: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM hamper_parts WHERE hamper_variant_id = ${variantId} LIMIT 1`,
  );
  return (result.rowCount ?? 0) > 0;
}

export async function findVariantStock(
  db: Executor,
  variantId: number,
): Promise<{ stock: number; low_stock_threshold: number } | undefined> {
  const result = await db.execute<{ stock: number; low_stock_threshold: number }>(sql`
    SELECT stock, low_stock_threshold FROM product_variants WHERE id = ${variantId}`);
  return result.rows[0];
}

export type MovementRow = {
  id: number;
  variant_id: number;
  delta: number;
  stock_after: number;
  reason: StockReason;
  note: string | null;
  order_number: string | null;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
};

const MOVEMENT_COLUMNS = sql`
  m.id::int AS id, m.variant_id, m.delta, m.stock_after, m.reason, m.note, o.order_number,
  m.actor_id, m.actor_name, m.created_at`;

/** One page of a size's ledger, newest first (the index `stock_movements_variant_idx`). */
export async function pageOfLedger(
  db: Executor,
  variantId: number,
  query: PageQuery,
): Promise<{ rows: MovementRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.execute<MovementRow>(sql`
      SELECT ${MOVEMENT_COLUMNS} FROM stock_movements m LEFT JOIN orders o ON o.id = m.order_id
      WHERE m.variant_id = ${variantId}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${query.page_size} OFFSET ${pageOffset(query)}`),
    db.execute<{ total: number }>(sql`
      SELECT count(*)::int AS total FROM stock_movements WHERE variant_id = ${variantId}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** A SKU's start as a LIKE pattern: SKUs are stored upper case, so "kc-red" finds KC-RED-005-750. */
export const skuStarting = (text: string) => `${skuPrefix(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The sizes whose SKU starts with the text or whose product's name holds it, each branch on its
 * index (product_variants_sku_pattern_idx, products_search_trgm_idx) rather than an OR across the join.
 */
function sizeMatching(text: string): SQL {
  return sql`v.id IN (
    SELECT id FROM product_variants WHERE sku LIKE ${skuStarting(text)}
    UNION
    SELECT pv.id FROM product_variants pv JOIN products named ON named.id = pv.product_id
    WHERE named.search_text ILIKE ${containing(text)})`;
}

/** Sizes out of stock or at or below their threshold: the emptiest first. */
export async function pageOfLowStock(
  db: Executor,
  query: LowStockQuery,
): Promise<{ rows: LowStockItem[]; total: number }> {
  const state: SQL =
    query.state === 'out'
      ? sql`v.stock = 0`
      : query.state === 'low'
        ? sql`v.stock > 0 AND v.stock <= v.low_stock_threshold`
        : sql`v.stock <= v.low_stock_threshold`;
  // Retired products' sizes are not restocked: only active products are listed.
  const where = sql`p.is_active AND (v.stock = 0 OR v.stock <= v.low_stock_threshold) AND ${state}
    AND ${query.q === undefined ? sql`true` : sizeMatching(query.q)}`;
  const [page, count] = await Promise.all([
    db.execute<LowStockItem>(sql`
      SELECT v.id AS variant_id, p.id AS product_id, p.name AS product_name, p.slug AS product_slug,
             v.name AS variant_name, v.sku, v.stock, v.low_stock_threshold,
             CASE WHEN v.stock = 0 THEN 'out' ELSE 'low' END AS state,
             EXISTS (SELECT 1 FROM hamper_parts c WHERE c.hamper_variant_id = v.id) AS is_hamper
      FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE ${where}
      ORDER BY v.stock, p.name, v.sort_order, v.id
      LIMIT ${query.page_size} OFFSET ${pageOffset(query)}`),
    db.execute<{ total: number }>(sql`
      SELECT count(*)::int AS total FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE ${where}`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

export type CrossingRow = {
  movement_id: number;
  variant_id: number;
  product_name: string;
  product_slug: string;
  variant_name: string;
  sku: string;
  stock_after: number;
  low_stock_threshold: number;
};

export async function findCrossings(db: Executor, movementIds: number[]): Promise<CrossingRow[]> {
  const result = await db.execute<CrossingRow>(sql`
    SELECT m.id::int AS movement_id, v.id AS variant_id, p.name AS product_name, p.slug AS product_slug,
           v.name AS variant_name, v.sku, m.stock_after, v.low_stock_threshold
    FROM stock_movements m
    JOIN product_variants v ON v.id = m.variant_id
    JOIN products p ON p.id = v.product_id
    WHERE m.id = ANY(${sql.param(movementIds)}::bigint[])
    ORDER BY m.id`);
  return result.rows;
}

/** Everyone who runs the shop: the staff and the admins. */
export async function findStaffIds(db: Executor): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM users WHERE role IN ('staff', 'admin') ORDER BY id`);
  return result.rows.map((row) => row.id);
}
