import { type PageQuery, toPagedList } from '@shop/contract/pagination';
import {
  type LowStockList,
  type LowStockQuery,
  type StockLedger,
  type StockMovement,
  type StockMovementRequest,
  type StockMovementResponse,
  stockMessages,
  stockReasonSignIssue,
} from '@shop/contract/stock';
import type { Database } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../errors';
import type { Jobs } from '../../plugins/jobs';
import { type AuditActor, recordAudit } from '../audit/audit';
import { LOW_STOCK_QUEUE } from './stock.jobs';
import {
  applyMovement,
  findVariantStock,
  isHamper,
  lockStockOf,
  type MovementRow,
  pageOfLedger,
  pageOfLowStock,
} from './stock.repository';

export type StockContext = { db: Database; jobs: Pick<Jobs, 'send' | 'wake'> };

const iso = (value: string | Date) => new Date(value).toISOString();

export function toMovement(row: MovementRow): StockMovement {
  return {
    id: Number(row.id),
    variant_id: row.variant_id,
    delta: row.delta,
    stock_after: row.stock_after,
    reason: row.reason,
    note: row.note,
    order_number: row.order_number,
    actor: row.actor_name == null ? null : { id: row.actor_id, name: row.actor_name },
    created_at: iso(row.created_at),
  };
}

/** The sign each reason must have (the contract's rule): received adds, breakage takes away. */
function checkReason(input: StockMovementRequest) {
  const issue = stockReasonSignIssue(input.reason, input.delta);
  if (issue) throw invalidInput([{ field: 'delta', message: issue }]);
}

const sizeNotFound = () => notFound('This size');

/**
 * Records a staff movement: the delta, its ledger row and its audit entry in one transaction.
 * Refused with nothing written when it would take the stock below zero. A crossing of the
 * size's low-stock threshold queues the staff's notice in the same transaction.
 */
export async function recordMovement(
  context: StockContext,
  actor: AuditActor,
  variantId: number,
  input: StockMovementRequest,
): Promise<StockMovementResponse> {
  checkReason(input);
  const note = input.note?.trim() || null;
  const outcome = await context.db.transaction(async (tx) => {
    // A part's hampers follow its stock (a trigger): they are locked with it, in id order.
    await lockStockOf(tx, [variantId]);
    if (await isHamper(tx, variantId))
      throw conflict(stockMessages.hamper, 'conflict', [{ field: 'delta', message: stockMessages.hamper }]);
    const applied = await applyMovement(tx, {
      variantId,
      delta: input.delta,
      reason: input.reason,
      note,
      actorId: actor.id,
      actorName: actor.name,
    });
    if (!applied) {
      const current = await findVariantStock(tx, variantId);
      if (!current) throw sizeNotFound();
      throw conflict(
        `${stockMessages.belowZero}: there ${current.stock === 1 ? 'is' : 'are'} only ${current.stock} in stock.`,
        'conflict',
        [{ field: 'delta', message: `${stockMessages.belowZero} (${current.stock} in stock)` }],
      );
    }
    const before = applied.stock - input.delta;
    await recordAudit(tx, actor, {
      kind: 'stock.adjust',
      subjectType: 'stock',
      subjectId: variantId,
      summary: `Stock ${before} → ${applied.stock} (${input.delta > 0 ? '+' : ''}${input.delta}, ${input.reason})${note ? `: ${note}` : ''}`,
      before: { stock: before },
      after: { stock: applied.stock },
    });
    const crossed = applied.stock <= applied.low_stock_threshold && before > applied.low_stock_threshold;
    if (crossed) await context.jobs.send(LOW_STOCK_QUEUE, { movementIds: [applied.movement_id] }, { tx });
    return { applied, crossed };
  });
  if (outcome.crossed) context.jobs.wake(LOW_STOCK_QUEUE);
  // Answered from what the transaction wrote: no further query (nor connection) after the commit.
  const { applied } = outcome;
  return {
    variant_id: variantId,
    stock: applied.stock,
    low_stock_threshold: applied.low_stock_threshold,
    movement: toMovement({
      id: applied.movement_id,
      variant_id: variantId,
      delta: input.delta,
      stock_after: applied.stock,
      reason: input.reason,
      note,
      order_number: null,
      actor_id: actor.id,
      actor_name: actor.name,
      created_at: applied.created_at,
    }),
  };
}

export async function getLedger(db: Database, variantId: number, query: PageQuery): Promise<StockLedger> {
  const [size, page] = await Promise.all([
    findVariantStock(db, variantId),
    pageOfLedger(db, variantId, query),
  ]);
  if (!size) throw sizeNotFound();
  return toPagedList(page.rows.map(toMovement), page.total, query);
}

export async function getLowStock(db: Database, query: LowStockQuery): Promise<LowStockList> {
  const page = await pageOfLowStock(db, query);
  return toPagedList(page.rows, page.total, query);
}
