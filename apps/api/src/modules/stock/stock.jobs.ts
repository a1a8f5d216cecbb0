import type { Database } from '../../db/client';
import { createNotification } from '../notifications/notifications.service';
import { findCrossings, findStaffIds } from './stock.repository';

/**
 * Staff hear of a size running low from a job written in the movement's own transaction (an
 * outbox): a checkout only adds one row when it crosses a threshold, and the notices (one per
 * staff member) are written after it commits, off the customer's path.
 */
export const LOW_STOCK_QUEUE = 'stock.low-stock-notice';

export type LowStockJob = { movementIds: number[] };

/**
 * One bell notification per staff member for each crossing. The dedupe key names the movement
 * that crossed, so a retried job (or the same job run twice) notifies once per crossing.
 */
export async function notifyLowStock(db: Database, { movementIds }: LowStockJob): Promise<number> {
  if (movementIds.length === 0) return 0;
  const [crossings, staff] = await Promise.all([findCrossings(db, movementIds), findStaffIds(db)]);
  let created = 0;
  for (const crossing of crossings) {
    const out = crossing.stock_after === 0;
    const size = `${crossing.product_name} — ${crossing.variant_name}`;
    for (const userId of staff) {
      const notice = await createNotification(db, {
        userId,
        type: 'stock',
        priority: out ? 'high' : 'normal',
        title: out ? `Out of stock: ${size}` : `Low stock: ${size}`,
        message: out
          ? `${size} (SKU ${crossing.sku}) has sold out. Receive stock to put it back on sale.`
          : `${size} (SKU ${crossing.sku}) is down to ${crossing.stock_after}, at or below its ` +
            `low-stock threshold of ${crossing.low_stock_threshold}.`,
        relatedId: crossing.variant_id,
        dedupeKey: `stock:low:${crossing.movement_id}`,
      });
      if (notice) created += 1;
    }
  }
  return created;
}
