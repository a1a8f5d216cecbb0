import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * EFRIS goods (issue 37, decision 0033): each size registered with URA (T130) with its commodity
 * category, unit of measure and excise duty code; each "received" stock movement reported (T131);
 * URA's commodity categories (T124) and excise duty codes (T125) kept current daily.
 *
 * Staff: `GET /api/v1/admin/efris/commodity-categories/` and `…/excise-codes/` (search), `GET
 * …/goods/` (each size's mapping and registration), `GET …/category-mappings/`, `GET
 * …/stock-increases/`, `POST …/goods/{variant_id}/retry/`, `POST …/stock-increases/{movement_id}/retry/`.
 * Admins: `PUT …/category-mappings/{category_id}/`, `PUT`/`DELETE …/goods/{variant_id}/mapping/`,
 * `POST …/dictionaries/refresh/`.
 */

export const EFRIS_GOODS_STATES = ['pending', 'registered', 'failed'] as const;
export type EfrisGoodsState = (typeof EFRIS_GOODS_STATES)[number];
export const EFRIS_STOCK_STATES = ['pending', 'reported', 'failed'] as const;
export type EfrisStockState = (typeof EFRIS_STOCK_STATES)[number];

/** The unit the shop's invoices have always sent (URA's rateUnit code), until a mapping says otherwise. */
export const EFRIS_DEFAULT_UNIT = '102';

export const efrisGoodsStateLabels: Record<EfrisGoodsState, string> = {
  pending: 'Pending',
  registered: 'Registered',
  failed: 'Failed',
};
export const efrisStockStateLabels: Record<EfrisStockState, string> = {
  pending: 'Pending',
  reported: 'Reported',
  failed: 'Failed',
};

const search = z
  .string()
  .trim()
  .max(100, { error: 'must be at most 100 characters' })
  .optional()
  .describe('Words of the name, or the start of the code');

export const efrisDictionaryQuerySchema = pageQuerySchema.extend({ search });
export type EfrisDictionaryQuery = z.infer<typeof efrisDictionaryQuerySchema>;

export const efrisCommodityCategorySchema = z.object({
  code: z.string(),
  name: z.string(),
  parent_code: z.string().nullable(),
  is_leaf: z.boolean(),
  rate: z.string().nullable(),
});
export type EfrisCommodityCategory = z.infer<typeof efrisCommodityCategorySchema>;
export const efrisCommodityCategoryListSchema = pagedListSchema(efrisCommodityCategorySchema);

export const efrisExciseCodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  rate_text: z.string(),
  unit: z.string().nullable(),
});
export type EfrisExciseCode = z.infer<typeof efrisExciseCodeSchema>;
export const efrisExciseCodeListSchema = pagedListSchema(efrisExciseCodeSchema);

export const efrisMappingUpdateSchema = z.object({
  commodity_code: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d{6,20}$/, { error: "must be a code of URA's commodity categories" }),
  unit: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[0-9A-Z]{2,4}$/, { error: "must be a unit code of URA's (e.g. 102)" }),
  excise_code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{3,20}$/, { error: "must be a code of URA's excise duties" })
    .nullable()
    .default(null),
});
export type EfrisMappingUpdate = z.infer<typeof efrisMappingUpdateSchema>;

export const efrisMappingSchema = z.object({
  commodity_code: z.string(),
  commodity_name: z.string().nullable(),
  unit: z.string(),
  excise_code: z.string().nullable(),
  excise_name: z.string().nullable(),
});
export type EfrisMapping = z.infer<typeof efrisMappingSchema>;

export const efrisCategoryMappingSchema = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  sizes: z.number().int(),
  mapping: efrisMappingSchema.nullable(),
});
export type EfrisCategoryMapping = z.infer<typeof efrisCategoryMappingSchema>;
export const efrisCategoryMappingListSchema = pagedListSchema(efrisCategoryMappingSchema);

export const efrisGoodsQuerySchema = pageQuerySchema.extend({
  state: z.enum(EFRIS_GOODS_STATES, { error: 'must be pending, registered or failed' }).optional(),
  search,
});
export type EfrisGoodsQuery = z.infer<typeof efrisGoodsQuerySchema>;

export const efrisGoodSchema = z.object({
  variant_id: z.number().int(),
  sku: z.string(),
  product_name: z.string(),
  variant_name: z.string(),
  category_name: z.string().nullable(),
  /** Where the mapping comes from: the size's own, its category's, or the settings' commodity code. */
  mapping_source: z.enum(['size', 'category', 'default']),
  mapping: efrisMappingSchema.nullable(),
  /** Null: not yet sent to URA. */
  state: z.enum(EFRIS_GOODS_STATES).nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  last_return_code: z.string().nullable(),
  registered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type EfrisGood = z.infer<typeof efrisGoodSchema>;
export const efrisGoodListSchema = pagedListSchema(efrisGoodSchema);

export const efrisVariantParamsSchema = z.object({
  variant_id: z.coerce
    .number({ error: 'must be a size id' })
    .int({ error: 'must be a size id' })
    .min(1, { error: 'must be a size id' }),
});
export const efrisCategoryParamsSchema = z.object({
  category_id: z.coerce
    .number({ error: 'must be a category id' })
    .int({ error: 'must be a category id' })
    .min(1, { error: 'must be a category id' }),
});
export const efrisMovementParamsSchema = z.object({
  movement_id: z.coerce
    .number({ error: 'must be a stock movement id' })
    .int({ error: 'must be a stock movement id' })
    .min(1, { error: 'must be a stock movement id' }),
});

export const efrisStockQuerySchema = pageQuerySchema.extend({
  state: z.enum(EFRIS_STOCK_STATES, { error: 'must be pending, reported or failed' }).optional(),
});
export type EfrisStockQuery = z.infer<typeof efrisStockQuerySchema>;

export const efrisStockIncreaseSchema = z.object({
  movement_id: z.number().int(),
  variant_id: z.number().int(),
  sku: z.string(),
  product_name: z.string(),
  variant_name: z.string(),
  quantity: z.number().int(),
  state: z.enum(EFRIS_STOCK_STATES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  last_return_code: z.string().nullable(),
  reported_at: z.string().nullable(),
  created_at: z.string(),
});
export type EfrisStockIncrease = z.infer<typeof efrisStockIncreaseSchema>;
export const efrisStockIncreaseListSchema = pagedListSchema(efrisStockIncreaseSchema);

export const efrisDictionaryRefreshSchema = z.object({
  commodity_categories: z.number().int(),
  excise_codes: z.number().int(),
});
export type EfrisDictionaryRefresh = z.infer<typeof efrisDictionaryRefreshSchema>;
