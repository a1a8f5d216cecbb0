import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { responsivePictureSchema } from './product-images';

/**
 * The catalog: categories, products, their sizes (variants) and images, and the queries of the
 * product list. Money is integer Uganda shillings. Image URLs are paths on the API host
 * (`/media/...`); a missing image falls back to the shop's logo.
 */

// ---------------------------------------------------------------------------------------------
// Enums and constants
// ---------------------------------------------------------------------------------------------

import {
  CATALOG_CACHE_CONTROL,
  DEFAULT_PRODUCT_ORDERING,
  DEFAULT_SEARCH_ORDERING,
  MEDIA_BASE_PATH,
  NEW_ARRIVAL_DAYS,
  PRICE_BANDS,
  PRODUCT_ORDERINGS,
  PRODUCT_TYPES,
  type PriceBandKey,
  type ProductOrdering,
  type ProductType,
  priceBandLabel,
  RELATED_PRODUCTS_LIMIT,
  RESERVED_PRODUCT_SLUGS,
  SEARCH_COUNT_CAP,
  SEARCH_MAX_LENGTH,
  salePercentage,
} from './catalog-constants';

export {
  CATALOG_CACHE_CONTROL,
  DEFAULT_PRODUCT_ORDERING,
  DEFAULT_SEARCH_ORDERING,
  MEDIA_BASE_PATH,
  NEW_ARRIVAL_DAYS,
  PRICE_BANDS,
  PRODUCT_ORDERINGS,
  PRODUCT_TYPES,
  type PriceBandKey,
  type ProductOrdering,
  type ProductType,
  priceBandLabel,
  RELATED_PRODUCTS_LIMIT,
  RESERVED_PRODUCT_SLUGS,
  SEARCH_COUNT_CAP,
  SEARCH_MAX_LENGTH,
  salePercentage,
};

export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const productOrderingSchema = z.enum(PRODUCT_ORDERINGS, {
  error: `must be one of ${PRODUCT_ORDERINGS.join(', ')}`,
});

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .describe(what);

/** A whole number in the query string; an empty value is ignored. */
const optionalWholeNumber = (min: number, max: number, message: string, what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d*$/, { error: message })
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : Number(value)))
    .pipe(z.number().int().min(min, { error: message }).max(max, { error: message }).optional())
    .describe(what);

/** `true`/`false` (also `1`/`0`, `yes`/`no`) in the query string; an empty value is ignored. */
const optionalBoolean = (what: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? undefined : value === 'true' || value === '1' || value === 'yes',
    )
    .describe(what);

const MAX_PRICE = 1_000_000_000;
const priceMessage = `must be a whole number of shillings from 0 to ${MAX_PRICE}`;
const vintageMessage = 'must be a year from 1800 to 2100';

/** The filters shared by the product list and its facets. */
export const productFilterShape = {
  search: optionalText(
    SEARCH_MAX_LENGTH,
    'Full-text search over name, description, region, varietal and category, forgiving typos ' +
      '("chardonay", "jonnie walker") and accents ("chateau"). Trimmed; empty is ignored.',
  ),
  category: optionalText(100, 'Category id or slug. An unknown category is a 422.'),
  type: productTypeSchema
    .or(z.literal(''))
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .describe(`Product type: ${PRODUCT_TYPES.join(', ')}`),
  country: optionalText(100, 'Country, matched exactly but without regard to case, e.g. "South Africa"'),
  region: optionalText(100, 'Region: products whose region contains this text (any case), e.g. "Bordeaux"'),
  varietal: optionalText(
    100,
    'Grape or base: products whose varietal contains this text (any case), e.g. "Chardonnay"',
  ),
  vintage_min: optionalWholeNumber(
    1800,
    2100,
    vintageMessage,
    'Earliest vintage year (inclusive), a whole number, e.g. 2015',
  ),
  vintage_max: optionalWholeNumber(
    1800,
    2100,
    vintageMessage,
    'Latest vintage year (inclusive), a whole number, e.g. 2020',
  ),
  price_min: optionalWholeNumber(
    0,
    MAX_PRICE,
    priceMessage,
    'Lowest price in whole UGX (inclusive), e.g. 100000',
  ),
  price_max: optionalWholeNumber(
    0,
    MAX_PRICE,
    priceMessage,
    'Highest price in whole UGX (inclusive), e.g. 250000; at least price_min',
  ),
  on_sale: optionalBoolean(
    'true: only products on sale (original price above price); false: only the others',
  ),
  in_stock: optionalBoolean('true: only products with a size in stock; false: only sold-out products'),
  featured: optionalBoolean(
    "true: only featured products (the home page's Featured Selections); false: no filter",
  ),
  new_arrivals: optionalBoolean(
    `true: only products added in the last ${NEW_ARRIVAL_DAYS} days (the home page's New Arrivals); false: no filter`,
  ),
};

type RangeQuery = {
  price_min?: number | undefined;
  price_max?: number | undefined;
  vintage_min?: number | undefined;
  vintage_max?: number | undefined;
};

function checkRanges(query: RangeQuery, ctx: z.RefinementCtx) {
  if (query.price_min !== undefined && query.price_max !== undefined && query.price_min > query.price_max) {
    ctx.addIssue({ code: 'custom', path: ['price_max'], message: 'must be at least price_min' });
  }
  if (
    query.vintage_min !== undefined &&
    query.vintage_max !== undefined &&
    query.vintage_min > query.vintage_max
  ) {
    ctx.addIssue({ code: 'custom', path: ['vintage_max'], message: 'must be at least vintage_min' });
  }
}

/** `GET /products/products/`: paging, search, filters and order. */
export const productListQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    ...productFilterShape,
    ordering: productOrderingSchema
      .optional()
      .describe(
        `Sort order: ${PRODUCT_ORDERINGS.join(', ')} (a leading - is descending). Default: relevance ` +
          'when searching, else newest.',
      ),
  })
  .superRefine(checkRanges);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;

/** `GET /products/products/facets/`: the list's filters; paging and order are ignored. */
export const productFacetsQuerySchema = z.object(productFilterShape).superRefine(checkRanges);
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;

/** `featured/`, `new/` and `on_sale/`: paging only. */
export const productSectionQuerySchema = pageQuerySchema;

export const productParamsSchema = z.object({
  id: z.string().min(1).max(200).describe('The product id (digits) or its slug, e.g. 12 or "hennessy-xo"'),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);
const imageUrl = z
  .string()
  .describe(
    'Image URL, a path on the API host such as /media/gen/v1/…; missing images fall back to the logo',
  );

/** What a product card shows (docs/product.md sections 2 and 3). Prices are the default size's. */
export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price: money('Price of the default size'),
  original_price: money('Compare-at price of the default size; higher than price when on sale').nullable(),
  compare_at_price: money('Same value as original_price').nullable(),
  sale_percentage: z
    .number()
    .int()
    .nullable()
    .describe('round((original_price - price) / original_price × 100) when on sale, else null'),
  image: imageUrl.nullable().describe('Main image, or null (show the logo)'),
  picture: responsivePictureSchema
    .nullish()
    .describe('The main image as an uploaded photo at several widths (for <picture>), or null for a drawing'),
  category_name: z.string(),
  category_slug: z.string(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  vintage: z.number().int().nullable().describe('Null for spirits and non-vintage wines'),
  product_type: productTypeSchema,
  average_rating: z.number().min(0).max(5).describe('0 to 5; 0 without reviews'),
  review_count: z.number().int().min(0),
  in_stock: z.boolean().describe('True when any size has stock'),
  default_variant_id: z.number().int().describe('The size added to the cart by default'),
  is_featured: z.boolean(),
  is_new: z.boolean().describe(`Created in the last ${NEW_ARRIVAL_DAYS} days`),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productListResponseSchema = pagedListSchema(productCardSchema)
  .extend({
    count_capped: z
      .boolean()
      .optional()
      .describe(
        `Present and true when a search matched more than ${SEARCH_COUNT_CAP.toLocaleString('en-US')} products: ` +
          '`count` is then that many and means "at least" (shown as "1,000+"); the pages reach that far.',
      ),
  })
  .describe(`Paged products: page_size defaults to ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}`);
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** One part of a hamper as the product page lists it: "2 × Moët & Chandon Impérial Brut, 750 ml bottle". */
export const hamperContentSchema = z.object({
  quantity: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  variant_name: z.string(),
});
export type HamperContent = z.infer<typeof hamperContentSchema>;

export const productVariantSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string().describe('e.g. "750 ml bottle", "Case of 6 × 750 ml"'),
  volume_ml: z.number().int().describe('Volume of one unit in millilitres'),
  pack_size: z.number().int().describe('Units in the pack (1 for a single bottle)'),
  price: money('Price of this size'),
  original_price: money('Compare-at price').nullable(),
  compare_at_price: money('Same value as original_price').nullable(),
  sale_percentage: z.number().int().nullable(),
  stock: z.number().int().min(0),
  in_stock: z.boolean(),
  is_default: z.boolean(),
  hamper_parts: z
    .array(hamperContentSchema)
    .optional()
    .describe("A hamper's parts (its stock is what they allow); absent for a plain size"),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productImageSchema = z.object({
  url: imageUrl,
  alt: z.string(),
  picture: responsivePictureSchema.nullish().describe('An uploaded photo at several widths, or null'),
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** `GET /products/products/{id}/`: the card, the details, sizes, images and related products. */
export const productDetailSchema = productCardSchema.extend({
  description: z.string(),
  varietal: z.string().nullable().describe('Grape variety or base (e.g. "Pinotage", "Blue Weber agave")'),
  abv: z.number().nullable().describe('Alcohol by volume, percent'),
  tasting_notes: z.string().nullable(),
  food_pairing: z.string().nullable(),
  awards: z.array(z.string()),
  category_id: z.number().int(),
  created_at: z.string().describe('ISO 8601'),
  images: z.array(productImageSchema),
  variants: z.array(productVariantSchema).describe('Sizes, the default first'),
  related: z
    .array(productCardSchema)
    .describe(`Up to ${RELATED_PRODUCTS_LIMIT} products of the same category, nearest in price`),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image: imageUrl.nullable(),
  product_count: z.number().int().describe('Active products in the category'),
  sort_order: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** `GET /products/categories/`: every active category, in the shop's order, in one page. */
export const categoryListResponseSchema = pagedListSchema(categorySchema).describe(
  'All active categories in sort order, as one page of the paged shape (next is null)',
);
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

const facetCount = z.number().int().min(1);

/**
 * `GET /products/products/facets/`: how many products each filter choice would give with the
 * other current filters (and search) applied. A facet ignores its own filter, so every other
 * choice of it stays visible; choices with no products are left out.
 */
export const productFacetsSchema = z.object({
  count: z.number().int().describe('Products matching every current filter'),
  categories: z.array(
    z.object({ id: z.number().int(), slug: z.string(), name: z.string(), count: facetCount }),
  ),
  product_types: z.array(z.object({ value: productTypeSchema, count: facetCount })),
  countries: z.array(z.object({ value: z.string(), count: facetCount })),
  price_bands: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      min: z.number().int().describe('Use as price_min'),
      max: z.number().int().nullable().describe('Use as price_max (null: no upper bound)'),
      count: facetCount,
    }),
  ),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** `GET /products/products/stats/`: the home page's statistics. */
export const catalogStatsSchema = z.object({
  product_count: z.number().int(),
  category_count: z.number().int(),
  featured_count: z.number().int(),
  new_count: z.number().int(),
  on_sale_count: z.number().int(),
});
export type CatalogStats = z.infer<typeof catalogStatsSchema>;
