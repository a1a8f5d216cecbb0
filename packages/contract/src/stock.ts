import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * Stock changes only through movements with a reason; each size (variant) has a ledger of them.
 * Staff record the first four by hand (`POST /admin/catalog/variants/{id}/stock-movements/`); the
 * shop records `sold` at checkout and `released` when an order is cancelled or expires. A
 * movement is a delta applied in SQL with its ledger row in one transaction, so the ledger
 * always sums to the stock.
 */

export const STOCK_REASONS = [
  'received',
  'count_correction',
  'breakage',
  'returned',
  'sold',
  'released',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons staff may give for a change by hand. */
export const STAFF_STOCK_REASONS = ['received', 'count_correction', 'breakage', 'returned'] as const;
export type StaffStockReason = (typeof STAFF_STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: 'Received',
  count_correction: 'Count correction',
  breakage: 'Breakage',
  returned: 'Returned',
  sold: 'Sold',
  released: 'Released (order cancelled or expired)',
};

export const stockMessages = {
  deltaRequired: 'Enter how many bottles to add (positive) or take away (negative)',
  deltaZero: 'must not be zero',
  belowZero: 'Stock cannot go below zero',
  receivedPositive: 'Received stock must be a positive number',
  breakageNegative: 'Breakage takes stock away: enter a negative number',
  hamper: "A hamper's stock is what its parts allow: record the movement on its parts",
} as const;

export const stockMovementRequestSchema = z.object({
  delta: z
    .number({ error: stockMessages.deltaRequired })
    .int({ error: 'must be a whole number' })
    .min(-100_000, { error: 'must be at least -100,000' })
    .max(100_000, { error: 'must be at most 100,000' })
    .refine((delta) => delta !== 0, { error: stockMessages.deltaZero })
    .describe('Bottles added (positive) or taken away (negative)'),
  reason: z.enum(STAFF_STOCK_REASONS, { error: `must be one of ${STAFF_STOCK_REASONS.join(', ')}` }),
  note: z.string().trim().max(500, { error: 'must be at most 500 characters' }).optional(),
});
export type StockMovementRequest = z.infer<typeof stockMovementRequestSchema>;

export const stockMovementSchema = z.object({
  id: z.number().int(),
  variant_id: z.number().int(),
  delta: z.number().int(),
  stock_after: z.number().int().describe('The size’s stock right after this movement'),
  reason: z.enum(STOCK_REASONS),
  note: z.string().nullable(),
  order_number: z.string().nullable().describe('The order that sold or released the bottles'),
  actor: z
    .object({ id: z.string().nullable(), name: z.string() })
    .nullable()
    .describe('Null for checkout and expiry'),
  created_at: z.string().describe('ISO 8601'),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementResponseSchema = z.object({
  variant_id: z.number().int(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  movement: stockMovementSchema,
});
export type StockMovementResponse = z.infer<typeof stockMovementResponseSchema>;

export const variantIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).positive(),
});

export const stockLedgerQuerySchema = pageQuerySchema;
export const stockLedgerSchema = pagedListSchema(stockMovementSchema);
export type StockLedger = z.infer<typeof stockLedgerSchema>;

/** The low-stock list's states: at or below the size's threshold (with stock left), or none. */
export const LOW_STOCK_STATES = ['low', 'out'] as const;
export type LowStockState = (typeof LOW_STOCK_STATES)[number];

/** The longest text the stock list's search takes (a product name or a SKU fits well within). */
export const LOW_STOCK_SEARCH_MAX_LENGTH = 100;

export const lowStockQuerySchema = pageQuerySchema.extend({
  state: z
    .enum(LOW_STOCK_STATES, { error: `must be one of ${LOW_STOCK_STATES.join(', ')}` })
    .optional()
    .describe('`low`: some left, at or below the threshold; `out`: none left. Both when absent.'),
  q: z
    .string()
    .trim()
    .max(LOW_STOCK_SEARCH_MAX_LENGTH, { error: `must be at most ${LOW_STOCK_SEARCH_MAX_LENGTH} characters` })
    .optional()
    .transform((value) => (value ? value : undefined))
    .describe('Part of the product’s name, or the start of the size’s SKU (KC-RED-005)'),
});
export type LowStockQuery = z.infer<typeof lowStockQuerySchema>;

export const lowStockItemSchema = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  variant_name: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  state: z.enum(LOW_STOCK_STATES),
  is_hamper: z.boolean().describe('A hamper: its stock is what its parts allow and takes no movement'),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;

export const lowStockListSchema = pagedListSchema(lowStockItemSchema);
export type LowStockList = z.infer<typeof lowStockListSchema>;

/**
 * The sign a reason requires, shared by the API (422 on `delta`) and the form (before sending):
 * received stock adds bottles, breakage takes them away. Answers the message, or null when fine.
 */
export function stockReasonSignIssue(reason: StaffStockReason, delta: number): string | null {
  if (reason === 'received' && delta < 0) return stockMessages.receivedPositive;
  if (reason === 'breakage' && delta > 0) return stockMessages.breakageNegative;
  return null;
}

/**
 * A size's stock in its own unit (issue 36): a size of one bottle counts bottles, a size of a pack
 * counts cases ("27 bottles", "3 cases of 6"), so that bottles and cases are never added up.
 */
export function stockCount(count: number, packSize: number): string {
  if (packSize > 1) return `${count} ${count === 1 ? 'case' : 'cases'} of ${packSize}`;
  return `${count} ${count === 1 ? 'bottle' : 'bottles'}`;
}

/** What a size's stock is counted in, as a field's label starts: "Bottles" or "Cases of 6". */
export function stockUnitLabel(packSize: number): string {
  return packSize > 1 ? `Cases of ${packSize}` : 'Bottles';
}
