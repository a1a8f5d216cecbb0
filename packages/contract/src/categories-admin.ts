import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * The back office's categories (staff and admins): every category, hidden ones too, with how
 * many products use it; create, edit, reorder, hide and remove (refused while products use it).
 * Hiding a category takes it and its products off the storefront's lists.
 */

export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug made from a name: accents dropped, lower case, words joined by single hyphens. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export const adminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  sort_order: z.number().int(),
  is_active: z.boolean().describe('False: hidden from the storefront'),
  product_count: z.number().int().describe('Products in the category, listed or not'),
  listed_count: z.number().int().describe('Products the storefront shows in the category'),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryListSchema = z.object({
  results: z.array(adminCategorySchema).describe('Every category in the shop’s order, hidden ones too'),
});
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

export const adminCategoryParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Category id must be a whole number' })
    .int({ error: 'Category id must be a whole number' })
    .positive({ error: 'Category id must be a positive id' })
    .max(2_147_483_647, { error: 'Category id is not a known id' }),
});

const categoryFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(100, { error: 'Use at most 100 characters' }),
  slug: z
    .string({ error: 'Slug must be text' })
    .trim()
    .max(80, { error: 'Use at most 80 characters' })
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      error: 'Use lower-case letters, digits and single hyphens (e.g. red-wine)',
    }),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(2_000, { error: 'Use at most 2000 characters' })
    .nullable(),
  image: z
    .string({ error: 'Image must be text' })
    .trim()
    .max(500, { error: 'Use at most 500 characters' })
    .regex(/^$|^(\/|https:\/\/)[^\s<>"]*$/, {
      error: 'Give a path on this site (/media/…) or an https:// address',
    })
    .nullable(),
  is_active: z.boolean({ error: 'Must be true or false' }),
};

/** `POST /admin/catalog/categories/`: the slug is made from the name when left empty. */
export const createCategoryRequestSchema = z.object({
  name: categoryFields.name,
  slug: categoryFields.slug.optional(),
  description: categoryFields.description.optional(),
  image: categoryFields.image.optional(),
  is_active: categoryFields.is_active.default(true),
});
export type CreateCategoryRequest = z.input<typeof createCategoryRequestSchema>;

/** `PATCH /admin/catalog/categories/{id}/`: only what changes. */
export const updateCategoryRequestSchema = z
  .object({
    name: categoryFields.name.optional(),
    slug: categoryFields.slug.optional(),
    description: categoryFields.description.optional(),
    image: categoryFields.image.optional(),
    is_active: categoryFields.is_active.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
    path: ['name'],
  });
export type UpdateCategoryRequest = z.input<typeof updateCategoryRequestSchema>;

/** `PUT /admin/catalog/categories/order/`: every category's id, in the new order. */
export const categoryOrderRequestSchema = z.object({
  ids: z
    .array(z.number({ error: 'Each id must be a number' }).int().positive(), { error: 'ids must be a list' })
    .min(1, { error: 'Give the categories’ ids in their new order' })
    .max(1_000, { error: 'At most 1000 categories' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'An id appears twice' }),
});
export type CategoryOrderRequest = z.infer<typeof categoryOrderRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk: CSV in and out (the `npm run import` format, docs/catalog-import.md)
// ---------------------------------------------------------------------------------------------

/** The largest CSV the browser may upload (the API's own body limit for that route). */
export const CATALOG_IMPORT_MAX_BYTES = 25 * 1024 * 1024;

export const CATALOG_IMPORT_STATUSES = ['previewed', 'applying', 'done', 'failed'] as const;

export const catalogImportRowErrorSchema = z.object({
  line: z.number().int().describe('Line of the file (the header is line 1)'),
  column: z.string().nullable().describe('The column at fault, when one is'),
  message: z.string(),
});
export type CatalogImportRowError = z.infer<typeof catalogImportRowErrorSchema>;

export const catalogImportCountsSchema = z.object({
  new: z.number().int().describe('Rows (sizes) that would be created'),
  updated: z.number().int().describe('Rows whose product or size would change'),
  unchanged: z.number().int().describe('Rows already as the file says'),
  errors: z.number().int().describe('Rows with a problem (a product with a bad row is not imported)'),
});
export type CatalogImportCounts = z.infer<typeof catalogImportCountsSchema>;

export const catalogImportSchema = z.object({
  id: z.number().int(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  file_name: z.string(),
  row_count: z.number().int(),
  counts: catalogImportCountsSchema.describe('The preview’s counts'),
  errors: z.array(catalogImportRowErrorSchema).describe('Row-level problems (the first 500)'),
  error_count: z.number().int().describe('All problems, also those past the first 500'),
  progress: z.object({
    rows_done: z.number().int(),
    rows_total: z.number().int(),
    percent: z.number().int().min(0).max(100),
  }),
  result: z
    .object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() })
    .nullable()
    .describe('What applying did, once done'),
  failure: z.string().nullable().describe('Why applying failed (it may be applied again)'),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CatalogImport = z.infer<typeof catalogImportSchema>;

/** One field an import row changes: the catalog's value before, the file's after ('' for none). */
export const catalogImportChangeSchema = z.object({
  field: z.string().describe('The CSV column (name, price, stock, …)'),
  before: z.string(),
  after: z.string(),
});
export type CatalogImportChange = z.infer<typeof catalogImportChangeSchema>;

export const CATALOG_IMPORT_ROW_OUTCOMES = ['created', 'updated', 'unchanged', 'error'] as const;

/** A row of an import: what the preview plans for it (then what applying did). */
export const catalogImportRowSchema = z.object({
  line: z.number().int().describe('Line of the file (the header is line 1)'),
  product_slug: z.string(),
  sku: z.string(),
  outcome: z.enum(CATALOG_IMPORT_ROW_OUTCOMES),
  changes: z.array(catalogImportChangeSchema).describe('An updated row’s fields, before → after'),
  message: z.string().describe('A new row’s kind, or an error row’s problem'),
  applied: z.boolean().describe('false: the preview’s plan, not yet applied'),
});
export type CatalogImportRow = z.infer<typeof catalogImportRowSchema>;
export const catalogImportRowListSchema = pagedListSchema(catalogImportRowSchema);
export type CatalogImportRowList = z.infer<typeof catalogImportRowListSchema>;
export const catalogImportRowQuerySchema = pageQuerySchema;

export const catalogImportParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Import id must be a whole number' })
    .int({ error: 'Import id must be a whole number' })
    .positive({ error: 'Import id must be a positive id' })
    .max(2_147_483_647, { error: 'Import id is not a known id' }),
});

export const catalogImportQuerySchema = z.object({
  file_name: z.string().trim().max(200, { error: 'Use at most 200 characters' }).optional(),
});

/** `GET /admin/catalog/export.csv`: all products, or one category's, or a search's. */
export const catalogExportQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .regex(CATEGORY_SLUG_PATTERN, { error: 'must be a category slug' })
    .max(80)
    .optional(),
  q: z.string().trim().max(200, { error: 'Use at most 200 characters' }).optional(),
});
export type CatalogExportQuery = z.infer<typeof catalogExportQuerySchema>;
