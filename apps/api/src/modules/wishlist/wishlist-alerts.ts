import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { WishlistAlertKind } from '../../db/schema/engagement';
import type { DomainEventName, DomainEvents } from '../../lib/domain-events';

/**
 * Wishlist alerts: the database writes a `wishlist_alerts` row, once per change, when a bottle
 * on a customer's wishlist goes on sale or comes back in stock (triggers of the migration
 * `0008_engagement_triggers`). This module turns the waiting rows into domain events, for the
 * notifications feature to tell the customer.
 *
 * Delivery is at least once: a batch is claimed with `FOR UPDATE SKIP LOCKED` (so instances
 * share the work without doubles), published, and marked `delivered_at` in the same transaction
 * once a subscriber has handled it without failing. A row nobody subscribes to yet stays waiting.
 * Subscribers receive `alertId` to ignore a repeat after a crash.
 */

/** What a subscriber needs to tell the customer. Prices are the size's (or the default size's). */
export type WishlistAlertEvent = {
  alertId: number;
  userId: string;
  productId: number;
  productName: string;
  productSlug: string;
  /** The size that changed, or null when the customer saved the bottle in any size. */
  variantId: number | null;
  price: number | null;
  originalPrice: number | null;
  at: Date;
};

declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /** A bottle on the customer's wishlist came back in stock. */
    'wishlist.product_available': WishlistAlertEvent;
    /** A bottle on the customer's wishlist went on sale (its price dropped below the original). */
    'wishlist.product_on_sale': WishlistAlertEvent;
  }
}

const EVENT_OF: Record<WishlistAlertKind, DomainEventName & `wishlist.${string}`> = {
  back_in_stock: 'wishlist.product_available',
  on_sale: 'wishlist.product_on_sale',
};

type AlertRow = {
  id: number;
  user_id: string;
  product_id: number;
  variant_id: number | null;
  kind: WishlistAlertKind;
  created_at: string;
  product_name: string;
  product_slug: string;
  price: number | null;
  original_price: number | null;
};

export type DispatchResult = { published: number; delivered: number };

/** Publishes waiting alerts, `batchSize` at a time, until none is left that a subscriber takes. */
export async function dispatchWishlistAlerts(
  db: Database,
  events: DomainEvents,
  batchSize = 50,
): Promise<DispatchResult> {
  const total: DispatchResult = { published: 0, delivered: 0 };
  let afterId = 0;
  for (;;) {
    const round = await db.transaction(async (tx) => {
      const claimed = await tx.execute<AlertRow>(sql`
        SELECT a.id, a.user_id, a.product_id, a.variant_id, a.kind, a.created_at,
               p.name AS product_name, p.slug AS product_slug,
               CASE WHEN a.variant_id IS NULL THEN p.price ELSE v.price END AS price,
               CASE WHEN a.variant_id IS NULL THEN p.original_price ELSE v.original_price END AS original_price
        FROM wishlist_alerts a
        JOIN products p ON p.id = a.product_id
        LEFT JOIN product_variants v ON v.id = a.variant_id
        WHERE a.delivered_at IS NULL AND a.id > ${afterId}
        ORDER BY a.id
        LIMIT ${batchSize}
        FOR UPDATE OF a SKIP LOCKED`);
      const delivered: number[] = [];
      for (const row of claimed.rows) {
        const result = await events.publish(EVENT_OF[row.kind], {
          alertId: Number(row.id),
          userId: row.user_id,
          productId: row.product_id,
          productName: row.product_name,
          productSlug: row.product_slug,
          variantId: row.variant_id,
          price: row.price,
          originalPrice: row.original_price,
          at: new Date(row.created_at),
        });
        if (result.handlers > 0 && result.failed === 0) delivered.push(Number(row.id));
      }
      if (delivered.length > 0) {
        await tx.execute(sql`
          UPDATE wishlist_alerts SET delivered_at = now()
          WHERE id IN (${sql.join(
            delivered.map((id) => sql`${id}`),
            sql`, `,
          )})`);
      }
      const last = claimed.rows.at(-1);
      return {
        count: claimed.rows.length,
        delivered: delivered.length,
        lastId: last ? Number(last.id) : afterId,
      };
    });
    total.published += round.count;
    total.delivered += round.delivered;
    // Rows left waiting (no subscriber, or one failed) are retried on the next run, not now.
    afterId = round.lastId;
    if (round.count < batchSize) return total;
  }
}
