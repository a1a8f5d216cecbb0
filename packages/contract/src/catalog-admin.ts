import { z } from 'zod';
import {
  ADMIN_PRODUCT_DEFAULT_SORT,
  ADMIN_PRODUCT_SEARCH_MAX_LENGTH,
  ADMIN_PRODUCT_SORT_LABELS,
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_STOCK_STATE_LABELS,
  ADMIN_STOCK_STATES,
  type AdminProductSort,
  type AdminProductStatus,
  type AdminStockState,
} from './catalog-admin-constants';
import { PRODUCT_TYPES, RESERVED_PRODUCT_SLUGS } from './catalog-constants';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * The back office's products and sizes (`/admin/catalog/...`, staff and admins): the staff list
 * over every product (listed, hidden or archived), the product form with optimistic concurrency
 * (`version`), and the sizes (add, edit, reorder, retire). Stock is never written here: it
 * changes only through stock movements (see ./stock.ts).
 */

export {
  ADMIN_PRODUCT_DEFAULT_SORT,
  ADMIN_PRODUCT_SORT_LABELS,
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_STOCK_STATE_LABELS,
  ADMIN_STOCK_STATES,
  type AdminProductSort,
  type AdminProductStatus,
  type AdminStockState,
};

/** A new size's low-stock threshold unless staff give one. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 6;

/** Lower case, no accents, words joined by hyphens: 'Moët & Chandon' -> 'moet-chandon'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

export const catalogAdminMessages = {
  nameRequired: 'Enter the product’s name',
  slugFormat: 'must be lower-case letters, digits and single hyphens (e.g. chateau-margaux-2015)',
  slugDigits: 'must contain a letter (a slug of digits only would read as a product id)',
  slugReserved: `must not be one of ${RESERVED_PRODUCT_SLUGS.join(', ')}`,
  slugTaken: 'is already used by another product',
  categoryUnknown: 'is not a category of the shop',
  vintage: 'must be a year between 1800 and 2100, or empty for NV',
  abv: 'must be between 0 and 100 (one decimal)',
  compareAt: 'must be above the price, or empty when the size is not on sale',
  skuFormat: 'must be 1–40 letters, digits, dots, hyphens or underscores',
  skuTaken: 'is already used by another size',
  retiredDefault: 'a retired size cannot be the default',
  lastSize: 'the product’s only sellable size cannot be retired; hide the product instead',
  orderIds: 'must list each of the product’s sizes exactly once',
} as const;

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` });

/** Optional text: empty becomes null. */
const optionalText = (max: number) =>
  text(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));

const slugSchema = z
  .string({ error: 'must be text' })
  .trim()
  .toLowerCase()
  .min(1, { error: catalogAdminMessages.slugFormat })
  .max(120, { error: 'must be at most 120 characters' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: catalogAdminMessages.slugFormat })
  .refine((slug) => !/^\d+$/.test(slug), { error: catalogAdminMessages.slugDigits })
  .refine((slug) => !(RESERVED_PRODUCT_SLUGS as readonly string[]).includes(slug), {
    error: catalogAdminMessages.slugReserved,
  });

const productFields = {
  name: text(200).min(1, { error: catalogAdminMessages.nameRequired }),
  slug: slugSchema.describe('Generated from the name when left out; an old slug keeps redirecting'),
  category_id: z
    .number({ error: 'choose a category' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'choose a category' }),
  product_type: z.enum(PRODUCT_TYPES, { error: `must be one of ${PRODUCT_TYPES.join(', ')}` }),
  country: optionalText(100),
  region: optionalText(100),
  varietal: optionalText(100).describe('Grape variety or base of a spirit'),
  vintage: z
    .number({ error: catalogAdminMessages.vintage })
    .int({ error: catalogAdminMessages.vintage })
    .min(1800, { error: catalogAdminMessages.vintage })
    .max(2100, { error: catalogAdminMessages.vintage })
    .nullable()
    .describe('Null for NV (non-vintage)'),
  abv: z
    .number({ error: catalogAdminMessages.abv })
    .min(0, { error: catalogAdminMessages.abv })
    .max(100, { error: catalogAdminMessages.abv })
    .refine((abv) => Math.round(abv * 10) === abv * 10, { error: catalogAdminMessages.abv })
    .nullable()
    .describe('Alcohol by volume, percent'),
  description: text(5000),
  tasting_notes: optionalText(2000),
  food_pairing: optionalText(2000),
  awards: z
    .array(text(200).min(1, { error: 'must not be empty' }), { error: 'must be a list of awards' })
    .max(20, { error: 'at most 20 awards' }),
  is_featured: z.boolean({ error: 'must be true or false' }),
  is_new_arrival: z
    .boolean({ error: 'must be true or false' })
    .describe('Shown among the New Arrivals whatever its age'),
  is_active: z.boolean({ error: 'must be true or false' }).describe('Listed (true) or hidden (false)'),
};

export const productCreateSchema = z.object({
  ...productFields,
  slug: productFields.slug.optional(),
  country: productFields.country.default(null),
  region: productFields.region.default(null),
  varietal: productFields.varietal.default(null),
  vintage: productFields.vintage.default(null),
  abv: productFields.abv.default(null),
  description: productFields.description.default(''),
  tasting_notes: productFields.tasting_notes.default(null),
  food_pairing: productFields.food_pairing.default(null),
  awards: productFields.awards.default([]),
  is_featured: productFields.is_featured.default(false),
  is_new_arrival: productFields.is_new_arrival.default(false),
  is_active: productFields.is_active.default(true),
});
export type ProductCreateRequest = z.input<typeof productCreateSchema>;
export type ProductCreate = z.infer<typeof productCreateSchema>;

export const productUpdateSchema = z.object({
  ...z.object(productFields).partial().shape,
  version: z
    .number({ error: 'send the version the form was loaded at' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be a positive number' })
    .describe('The product’s version when it was read; a stale one is a 409'),
});
export type ProductUpdateRequest = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

const money = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of shillings` })
    .int({ error: 'must be a whole number of shillings' })
    .min(1, { error: 'must be at least Shs 1' })
    .max(100_000_000, { error: 'must be at most Shs 100,000,000' });

/**
 * What a typed SKU start is compared with: SKUs are stored upper case (variantFields), so
 * "kc-red" finds KC-RED-005-750. The staff list's search (the catalog index) and the stock
 * pages' SQL (skuStarting) both use it.
 */
export const skuPrefix = (typed: string): string => typed.trim().toUpperCase();

const variantFields = {
  sku: z
    .string({ error: 'must be text' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9._-]{0,39}$/, { error: catalogAdminMessages.skuFormat }),
  name: text(100).min(1, { error: 'Enter the size’s name (e.g. 750 ml bottle)' }),
  volume_ml: z
    .number({ error: 'must be a number of millilitres' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1 ml' })
    .max(100_000, { error: 'must be at most 100,000 ml' }),
  pack_size: z
    .number({ error: 'must be a number of bottles' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100, { error: 'must be at most 100' }),
  price: money('the price'),
  compare_at_price: money('the compare-at price')
    .nullable()
    .describe('Above the price when on sale, else null'),
  low_stock_threshold: z
    .number({ error: 'must be a number of bottles' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(100_000, { error: 'must be at most 100,000' }),
  is_default: z.boolean({ error: 'must be true or false' }).describe('The size the product is listed at'),
};

const compareAtAbovePrice = (value: { price?: number; compare_at_price?: number | null }) =>
  value.compare_at_price == null || value.price === undefined || value.compare_at_price > value.price;

export const variantCreateSchema = z
  .object({
    ...variantFields,
    pack_size: variantFields.pack_size.default(1),
    compare_at_price: variantFields.compare_at_price.default(null),
    low_stock_threshold: variantFields.low_stock_threshold.default(DEFAULT_LOW_STOCK_THRESHOLD),
    is_default: variantFields.is_default.default(false),
  })
  .refine(compareAtAbovePrice, { path: ['compare_at_price'], error: catalogAdminMessages.compareAt });
export type VariantCreateRequest = z.input<typeof variantCreateSchema>;
export type VariantCreate = z.infer<typeof variantCreateSchema>;

export const variantUpdateSchema = z
  .object({
    ...z.object(variantFields).partial().shape,
    retired: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .describe('true retires the size (no longer sold or shown; kept on old orders); false brings it back'),
  })
  .refine(compareAtAbovePrice, { path: ['compare_at_price'], error: catalogAdminMessages.compareAt });
export type VariantUpdateRequest = z.input<typeof variantUpdateSchema>;
export type VariantUpdate = z.infer<typeof variantUpdateSchema>;

export const variantOrderSchema = z.object({
  ids: z
    .array(z.number({ error: 'must be a size id' }).int().positive(), { error: 'must be a list of size ids' })
    .min(1, { error: catalogAdminMessages.orderIds })
    .max(100, { error: 'at most 100 sizes' })
    .describe('Every size of the product (retired ones too), in the new order'),
});
export type VariantOrderRequest = z.infer<typeof variantOrderSchema>;

const idParam = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive number' })
  .max(2_147_483_647, { error: 'is too large' });
export const adminProductParamsSchema = z.object({ id: idParam });
export const adminVariantParamsSchema = z.object({ id: idParam });

const optionalFlag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

export const adminProductListQuerySchema = pageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(ADMIN_PRODUCT_SEARCH_MAX_LENGTH, {
      error: `must be at most ${ADMIN_PRODUCT_SEARCH_MAX_LENGTH} characters`,
    })
    .optional()
    .transform((value) => (value ? value : undefined))
    .describe('The storefront’s typo-tolerant search, over every product'),
  category: idParam.optional().describe('A category id'),
  status: z
    .enum(ADMIN_PRODUCT_STATUSES, { error: `must be one of ${ADMIN_PRODUCT_STATUSES.join(', ')}` })
    .optional(),
  stock: z
    .enum(ADMIN_STOCK_STATES, { error: `must be one of ${ADMIN_STOCK_STATES.join(', ')}` })
    .optional()
    .describe('in_stock: some stock; low: a size at or below its threshold; out: no stock'),
  on_sale: optionalFlag,
  featured: optionalFlag,
  sort: z
    .enum(ADMIN_PRODUCT_SORTS, { error: `must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` })
    .optional()
    .describe('Default: relevance when searching, else recently edited'),
});
export type AdminProductListQuery = z.input<typeof adminProductListQuerySchema>;
export type AdminProductListFilters = z.infer<typeof adminProductListQuerySchema>;

export const adminVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  volume_ml: z.number().int(),
  pack_size: z.number().int(),
  price: z.number().int(),
  compare_at_price: z.number().int().nullable(),
  stock: z.number().int(),
  low_stock_threshold: z.number().int(),
  is_default: z.boolean(),
  sort_order: z.number().int(),
  retired_at: z.string().nullable().describe('ISO 8601; null while the size is sold'),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  product_type: z.enum(PRODUCT_TYPES),
  vintage: z.number().int().nullable(),
  status: z.enum(ADMIN_PRODUCT_STATUSES),
  is_featured: z.boolean(),
  is_new_arrival: z.boolean(),
  price: z.number().int().nullable().describe('The default size’s price; null without a sellable size'),
  stock_total: z.number().int(),
  low_stock: z.boolean(),
  image: z.string().nullable(),
  updated_at: z.string(),
  variants: z.array(adminVariantSchema).describe('The sellable sizes in order (retired ones left out)'),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListSchema = pagedListSchema(adminProductRowSchema);
export type AdminProductList = z.infer<typeof adminProductListSchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  product_type: z.enum(PRODUCT_TYPES),
  country: z.string().nullable(),
  region: z.string().nullable(),
  varietal: z.string().nullable(),
  vintage: z.number().int().nullable(),
  abv: z.number().nullable(),
  description: z.string(),
  tasting_notes: z.string().nullable(),
  food_pairing: z.string().nullable(),
  awards: z.array(z.string()),
  is_featured: z.boolean(),
  is_new_arrival: z.boolean(),
  is_active: z.boolean(),
  status: z.enum(ADMIN_PRODUCT_STATUSES),
  archived_at: z.string().nullable(),
  old_slugs: z.array(z.string()).describe('Former slugs that redirect here'),
  created_at: z.string(),
  updated_at: z.string(),
  variants: z.array(adminVariantSchema).describe('Every size in order, retired ones included'),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productRemovalSchema = z.object({
  id: z.number().int(),
  outcome: z
    .enum(['deleted', 'archived'])
    .describe('deleted: never ordered, gone; archived: was ordered, kept hidden for its orders'),
});
export type ProductRemoval = z.infer<typeof productRemovalSchema>;
