import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeNamed, sqlText } from '../../db/named-statement';
import { batchedPages, perDatabase } from '../../db/read-batcher';
import type { Executor, Tx } from '../../db/transaction';

/**
 * The cart's queries. A cart is one row per user (created on the first change) and its lines;
 * every change runs in a transaction that first locks the cart row, so two tabs or a sign-in
 * merge never interleave on one cart. Lines carry no price: it is read from the catalog.
 */

export type CartLineRow = {
  id: number;
  quantity: number;
  variant_id: number;
  variant_name: string;
  sku: string;
  pack_size: number;
  price: number;
  original_price: number | null;
  stock: number;
  product_id: number;
  product_name: string;
  product_slug: string;
  image: string | null;
  /** The product and its category are still on sale. */
  is_available: boolean;
};

const lineColumns = sql`
  ci.id, ci.quantity, v.id AS variant_id, v.name AS variant_name, v.sku, v.pack_size, v.price,
  v.original_price, v.stock, p.id AS product_id, p.name AS product_name, p.slug AS product_slug,
  (SELECT i.url FROM product_images i WHERE i.product_id = p.id
   ORDER BY (i.url LIKE '/media/gen/%'), i.sort_order, i.id LIMIT 1) AS image,
  (p.is_active AND c.is_active) AS is_available`;

const lineJoins = sql`
  JOIN product_variants v ON v.id = ci.variant_id
  JOIN products p ON p.id = v.product_id
  JOIN categories c ON c.id = p.category_id`;

/** The lines of a user's cart with the catalog's current prices and stock, oldest first. */
export async function findCartLines(db: Executor, userId: string): Promise<CartLineRow[]> {
  // Asked together with the other visitors' carts at the same moment (db/read-batcher.ts).
  if ('$client' in db) return cartsOf(db).load(userId);
  return executeNamed<CartLineRow>(
    db,
    'cart_lines',
    sql`
    SELECT ${lineColumns}
    FROM carts ca JOIN cart_items ci ON ci.cart_id = ca.id ${lineJoins}
    WHERE ca.user_id = ${userId}
    ORDER BY ci.id`,
  );
}

/** `findCartLines`' statement for several users at once, each line tagged with its caller. */
const cartsOf = perDatabase((db: Database) =>
  batchedPages<string, CartLineRow, CartLineRow[]>(
    db,
    'cart_lines_of_users',
    sqlText(sql`
    SELECT u.ord::int AS batch_position, l.*
    FROM unnest($1::uuid[]) WITH ORDINALITY AS u(user_id, ord)
    CROSS JOIN LATERAL (
      SELECT ${lineColumns}
      FROM carts ca JOIN cart_items ci ON ci.cart_id = ca.id ${lineJoins}
      WHERE ca.user_id = u.user_id
    ) l
    ORDER BY u.ord, l.id`),
    (userIds) => [userIds],
    (lines) => lines,
  ),
);

/** The user's cart id, created if needed, and locked until the transaction ends. */
export async function lockCart(tx: Tx, userId: string): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    INSERT INTO carts (user_id) VALUES (${userId})
    ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
    RETURNING id`);
  return result.rows[0]!.id;
}

/** The user's cart id, locked, or undefined when the user has never had one. */
export async function lockExistingCart(tx: Tx, userId: string): Promise<number | undefined> {
  const result = await tx.execute<{ id: number }>(sql`
    SELECT id FROM carts WHERE user_id = ${userId} FOR UPDATE`);
  return result.rows[0]?.id;
}

export type AddAttemptRow = {
  product_id: number;
  product_name: string;
  product_available: boolean;
  variant_id: number | null;
  variant_product_id: number | null;
  variant_name: string | null;
  pack_size: number | null;
  stock: number | null;
  /** Quantity of this size the cart held (0 when none). */
  in_cart: number;
  line_count: number;
  /** The line's quantity after the change, or null when nothing was written. */
  written: number | null;
};

/**
 * Adds `quantity` of a size (the product's default size when `variantId` is null) to the user's
 * cart, in one statement, only when every rule holds: the product and its category are on
 * sale, the size is the product's, the line stays within `maxQuantity` and the stock, and a new
 * line fits in `maxLines`. It creates the cart if needed and locks its row first, so adds to one
 * cart happen one after another. The quantity and stock limits are checked again against the
 * line as it is when written (`ON CONFLICT … WHERE`), so two adds at the same moment can never
 * pass them together; the lines limit is checked against the cart as the statement found it.
 * Answers what it found and what it wrote (`written` null: refused, nothing changed), or
 * undefined when the product does not exist.
 */
export async function addToCart(
  db: Executor,
  input: {
    userId: string;
    productId: number;
    variantId: number | null;
    quantity: number;
    maxQuantity: number;
    maxLines: number;
  },
): Promise<AddAttemptRow | undefined> {
  const [row] = await executeNamed<AddAttemptRow>(
    db,
    'cart_add',
    sql`
    WITH cart AS (
      INSERT INTO carts (user_id) VALUES (${input.userId})
      ON CONFLICT (user_id) DO UPDATE SET updated_at = now()
      RETURNING id
    ),
    target AS (
      SELECT p.id AS product_id, p.name AS product_name,
             (p.is_active AND c.is_active AND v.retired_at IS NULL) AS product_available,
             v.id AS variant_id, v.product_id AS variant_product_id, v.name AS variant_name, v.pack_size, v.stock,
             COALESCE((SELECT ci.quantity FROM cart_items ci
                       WHERE ci.cart_id = (SELECT id FROM cart) AND ci.variant_id = v.id), 0)::int AS in_cart,
             (SELECT count(*) FROM cart_items ci WHERE ci.cart_id = (SELECT id FROM cart))::int AS line_count
      FROM products p
      JOIN categories c ON c.id = p.category_id
      LEFT JOIN product_variants v ON v.id = COALESCE(${input.variantId}::int, p.default_variant_id)
      WHERE p.id = ${input.productId}
    ),
    written AS (
      INSERT INTO cart_items (cart_id, variant_id, quantity)
      SELECT (SELECT id FROM cart), t.variant_id, ${input.quantity}
      FROM target t
      WHERE t.product_available AND t.variant_product_id = t.product_id
        AND t.in_cart + ${input.quantity} <= LEAST(${input.maxQuantity}, t.stock)
        AND (t.in_cart > 0 OR t.line_count < ${input.maxLines})
      ON CONFLICT (cart_id, variant_id) DO UPDATE
        SET quantity = cart_items.quantity + EXCLUDED.quantity, updated_at = now()
        WHERE cart_items.quantity + EXCLUDED.quantity
              <= LEAST(${input.maxQuantity}, (SELECT stock FROM product_variants WHERE id = EXCLUDED.variant_id))
      RETURNING quantity
    ),
    -- A cart line is not an acknowledged order: this commit need not wait for its WAL flush
    -- (docs/decisions/0006-hot-paths-skip-planning-and-flushing.md, point 3). Checkout keeps full durability.
    relaxed AS (SELECT set_config('synchronous_commit', 'off', true))
    SELECT t.*, (SELECT quantity FROM written) AS written FROM target t CROSS JOIN relaxed`,
  );
  return row;
}

export type OwnLineRow = CartLineRow & { cart_id: number };

/** One line of the user's own cart (undefined for anyone else's line or an unknown id). */
export async function findOwnLine(tx: Tx, cartId: number, itemId: number): Promise<OwnLineRow | undefined> {
  const result = await tx.execute<OwnLineRow>(sql`
    SELECT ${lineColumns}, ci.cart_id
    FROM cart_items ci ${lineJoins}
    WHERE ci.id = ${itemId} AND ci.cart_id = ${cartId}`);
  return result.rows[0];
}

export type SizeRow = {
  id: number;
  product_id: number;
  name: string;
  pack_size: number;
  stock: number;
  in_cart: number;
  in_cart_line: number | null;
};

/** A size, with the quantity and line id of it already in the cart. */
export async function findSize(tx: Tx, cartId: number, variantId: number): Promise<SizeRow | undefined> {
  const result = await tx.execute<SizeRow>(sql`
    SELECT v.id, v.product_id, v.name, v.pack_size, v.stock,
           COALESCE(ci.quantity, 0)::int AS in_cart, ci.id AS in_cart_line
    FROM product_variants v
    LEFT JOIN cart_items ci ON ci.cart_id = ${cartId} AND ci.variant_id = v.id
    WHERE v.id = ${variantId}`);
  return result.rows[0];
}

export async function setLine(
  tx: Tx,
  itemId: number,
  changes: { quantity: number; variantId: number },
): Promise<void> {
  await tx.execute(sql`
    UPDATE cart_items SET quantity = ${changes.quantity}, variant_id = ${changes.variantId}, updated_at = now()
    WHERE id = ${itemId}`);
}

/** Removes one line of the cart; answers whether it was there. */
export async function deleteLine(tx: Tx, cartId: number, itemId: number): Promise<boolean> {
  const result = await tx.execute(sql`DELETE FROM cart_items WHERE id = ${itemId} AND cart_id = ${cartId}`);
  return (result.rowCount ?? 0) > 0;
}

export async function deleteAllLines(tx: Executor, cartId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM cart_items WHERE cart_id = ${cartId}`);
}

export type MergeLineRow = { variant_id: number; quantity: number; stock: number };

/** The lines of a cart with each size's stock (for the sign-in merge). */
export async function findLinesWithStock(tx: Tx, cartId: number): Promise<MergeLineRow[]> {
  const result = await tx.execute<MergeLineRow>(sql`
    SELECT ci.variant_id, ci.quantity, v.stock
    FROM cart_items ci JOIN product_variants v ON v.id = ci.variant_id
    WHERE ci.cart_id = ${cartId}
    ORDER BY ci.id`);
  return result.rows;
}

/** Sets the quantity of the cart's line of that size, starting it if needed. */
export async function putLine(tx: Tx, cartId: number, variantId: number, quantity: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO cart_items (cart_id, variant_id, quantity) VALUES (${cartId}, ${variantId}, ${quantity})
    ON CONFLICT (cart_id, variant_id) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()`);
}
