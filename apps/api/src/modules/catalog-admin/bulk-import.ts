import type {
  CatalogImportChange,
  CatalogImportCounts,
  CatalogImportRowError,
} from '@shop/contract/categories-admin';
import type { Executor } from '../../db/transaction';
import { parseCsv } from '../../lib/csv';
import { boundQuery } from '../../plugins/jobs';
import { SYSTEM_ACTOR } from '../audit/audit';
import {
  type ImportProblem,
  type ProductInput,
  readImportFile,
  type VariantInput,
} from '../catalog/import/import-products';
import { productImages, styleFor } from '../catalog/media/media-urls';

/**
 * The browser's CSV import, on top of the `npm run import` reader (same format, same checks):
 * a preview that compares every row with the catalog without writing to it, then batches that
 * write only what differs. A batch re-run against a catalog it already changed finds every row
 * unchanged and writes nothing, which is what makes a retried job safe.
 */

/** Rows (sizes) per batch: one transaction each, so the shop's own writes never wait long. */
export const IMPORT_BATCH_ROWS = 500;

export type RowOutcome = 'created' | 'updated' | 'unchanged' | 'error';

export type PlannedRow = {
  line: number;
  productSlug: string;
  sku: string;
  outcome: RowOutcome;
  message: string;
  /** What an updated row changes, field by field (empty for the other outcomes). */
  changes: CatalogImportChange[];
};

const run = <T extends Record<string, unknown>>(db: Executor, text: string, values: unknown[] = []) =>
  db.execute<T>(boundQuery(text, values)).then((result) => result.rows);

type ExistingProduct = {
  id: number;
  slug: string;
  name: string;
  category: string;
  product_type: string;
  country: string | null;
  region: string | null;
  varietal: string | null;
  vintage: number | null;
  abv: number | null;
  description: string;
  tasting_notes: string | null;
  food_pairing: string | null;
  awards: string[];
  is_active: boolean;
  is_featured: boolean;
  images: string[];
};

type ExistingVariant = {
  sku: string;
  slug: string;
  name: string;
  volume_ml: number;
  pack_size: number;
  price: number;
  original_price: number | null;
  stock: number;
  is_default: boolean;
};

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '');
/** A value as the preview shows it: empty for none, the file's own spelling otherwise. */
const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The one diff rule of an import: each compared field that differs, with its value before and after. */
function differences(compare: Array<[string, unknown, unknown]>): CatalogImportChange[] {
  return compare
    .filter(([, after, before]) => !same(after, before))
    .map(([field, after, before]) => ({ field, before: shown(before), after: shown(after) }));
}

/** What differs between the file's product and the catalog's (empty: nothing). */
export function productChanges(input: ProductInput, existing: ExistingProduct): CatalogImportChange[] {
  const compare: Array<[string, unknown, unknown]> = [
    ['name', input.name, existing.name],
    ['category', input.category, existing.category],
    ['product_type', input.productType, existing.product_type],
    ['country', input.country, existing.country],
    ['region', input.region, existing.region],
    ['varietal', input.varietal, existing.varietal],
    ['vintage', input.vintage, existing.vintage],
    ['abv', input.abv, existing.abv === null ? null : Number(existing.abv)],
    ['description', input.description, existing.description],
    ['tasting_notes', input.tastingNotes, existing.tasting_notes],
    ['food_pairing', input.foodPairing, existing.food_pairing],
    ['awards', input.awards.join('|'), existing.awards.join('|')],
    ['is_active', input.isActive, existing.is_active],
    ['is_featured', input.isFeatured, existing.is_featured],
    // No images in the file keeps the current ones.
    ...(input.images
      ? [['images', input.images.join('|'), existing.images.join('|')] as [string, unknown, unknown]]
      : []),
  ];
  return differences(compare);
}

export function variantChanges(input: VariantInput, existing: ExistingVariant): CatalogImportChange[] {
  const compare: Array<[string, unknown, unknown]> = [
    ['variant_name', input.name, existing.name],
    ['volume_ml', input.volumeMl, existing.volume_ml],
    ['pack_size', input.packSize, existing.pack_size],
    ['price', input.price, existing.price],
    ['original_price', input.originalPrice, existing.original_price],
    ['stock', input.stock, existing.stock],
    ['is_default', input.isDefault, existing.is_default],
  ];
  return differences(compare);
}

async function loadExisting(db: Executor, products: ProductInput[]) {
  const slugs = products.map((product) => product.slug);
  const skus = products.flatMap((product) => product.variants.map((variant) => variant.sku));
  const [productRows, variantRows] = await Promise.all([
    run<ExistingProduct>(
      db,
      `SELECT p.id, p.slug, p.name, c.slug AS category, p.product_type::text AS product_type, p.country,
              p.region, p.varietal, p.vintage, p.abv::float8 AS abv, p.description, p.tasting_notes,
              p.food_pairing, p.awards, p.is_active, p.is_featured,
              coalesce((SELECT array_agg(i.url ORDER BY i.sort_order, i.id) FROM product_images i
                        WHERE i.product_id = p.id), '{}') AS images
       FROM products p JOIN categories c ON c.id = p.category_id
       WHERE p.slug = ANY($1::text[])`,
      [slugs],
    ),
    run<ExistingVariant>(
      db,
      `SELECT v.sku, p.slug, v.name, v.volume_ml, v.pack_size, v.price, v.original_price, v.stock, v.is_default
       FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE v.sku = ANY($1::text[])`,
      [skus],
    ),
  ]);
  return {
    products: new Map(productRows.map((row) => [row.slug, row])),
    variants: new Map(variantRows.map((row) => [row.sku, row])),
  };
}

/**
 * Checks that need the catalog (a category to use or create, a SKU not another product's) and
 * answers each row's outcome: the products that can be written, and the problems of the others.
 */
async function classify(db: Executor, products: ProductInput[]) {
  const categories = await run<{ slug: string }>(db, 'SELECT slug FROM categories');
  const knownCategories = new Set(categories.map((row) => row.slug));
  const existing = await loadExisting(db, products);
  const problems: ImportProblem[] = [];
  const rows: PlannedRow[] = [];
  const writable: Array<{
    product: ProductInput;
    isNew: boolean;
    changed: boolean;
    imagesChanged: boolean;
    variantsToWrite: VariantInput[];
  }> = [];
  for (const product of products) {
    const productProblems: ImportProblem[] = [];
    if (!knownCategories.has(product.category) && !product.categoryName) {
      productProblems.push({
        line: product.line,
        column: 'category',
        message: `"${product.category}" is not a category; give category_name to create it`,
      });
    }
    for (const variant of product.variants) {
      const owner = existing.variants.get(variant.sku)?.slug;
      if (owner && owner !== product.slug) {
        productProblems.push({
          line: variant.line,
          column: 'sku',
          message: `belongs to another product (${owner})`,
        });
      }
    }
    if (productProblems.length > 0) {
      problems.push(...productProblems);
      const bad = new Map(productProblems.map((problem) => [problem.line, problem]));
      for (const variant of product.variants) {
        const own = bad.get(variant.line);
        rows.push({
          line: variant.line,
          productSlug: product.slug,
          sku: variant.sku,
          changes: [],
          outcome: 'error',
          message: own
            ? `${own.column ? `${own.column} ` : ''}${own.message}`
            : `not imported: another row of ${product.slug} has a problem`,
        });
      }
      continue;
    }
    const current = existing.products.get(product.slug);
    const productChanged = current ? productChanges(product, current) : [];
    const variantsToWrite: VariantInput[] = [];
    for (const variant of product.variants) {
      const was = existing.variants.get(variant.sku);
      const changes = was ? variantChanges(variant, was) : [];
      if (!current || !was) {
        rows.push({
          line: variant.line,
          productSlug: product.slug,
          sku: variant.sku,
          changes: [],
          outcome: 'created',
          message: current ? 'new size' : 'new product',
        });
        variantsToWrite.push(variant);
      } else if (changes.length > 0 || productChanged.length > 0) {
        rows.push({
          line: variant.line,
          productSlug: product.slug,
          sku: variant.sku,
          outcome: 'updated',
          message: `changed: ${[...productChanged, ...changes].map((change) => change.field).join(', ')}`,
          changes: [...productChanged, ...changes],
        });
        if (changes.length > 0) variantsToWrite.push(variant);
      } else {
        rows.push({
          line: variant.line,
          productSlug: product.slug,
          sku: variant.sku,
          changes: [],
          outcome: 'unchanged',
          message: '',
        });
      }
    }
    if (!current || productChanged.length > 0 || variantsToWrite.length > 0) {
      writable.push({
        product,
        isNew: !current,
        changed: !current || productChanged.length > 0,
        imagesChanged: !current || productChanged.some((change) => change.field === 'images'),
        variantsToWrite,
      });
    }
  }
  return { rows, problems, writable, knownCategories, existing };
}

export type Preview = {
  rowCount: number;
  counts: CatalogImportCounts;
  errors: CatalogImportRowError[];
  rows: PlannedRow[];
};

const toRowError = (problem: ImportProblem): CatalogImportRowError => ({
  line: problem.line,
  column: problem.column ?? null,
  message: problem.message,
});

/** Slices of the products of at most about `rows` sizes each (a product is never split). */
export function batchesOf(products: ProductInput[], rows = IMPORT_BATCH_ROWS): ProductInput[][] {
  const batches: ProductInput[][] = [];
  let current: ProductInput[] = [];
  let size = 0;
  for (const product of products) {
    if (size > 0 && size + product.variants.length > rows) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(product);
    size += product.variants.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Reads the file and compares each row with the catalog; writes nothing. */
export async function previewImport(db: Executor, text: string): Promise<Preview> {
  const read = readImportFile(text);
  const rows: PlannedRow[] = [];
  const problems: ImportProblem[] = [...read.problems];
  for (const batch of batchesOf(read.products, 2_000)) {
    const classified = await classify(db, batch);
    rows.push(...classified.rows);
    problems.push(...classified.problems);
  }
  // Rows of products the reader left out (a bad row of theirs), with their own problem if any.
  const planned = new Set(rows.map((row) => row.line));
  const problemsByLine = new Map<number, ImportProblem[]>();
  for (const problem of problems) {
    problemsByLine.set(problem.line, [...(problemsByLine.get(problem.line) ?? []), problem]);
  }
  if (read.problems.length > 0 && read.rows > 0) {
    let records: ReturnType<typeof parseCsv> = [];
    try {
      records = parseCsv(text);
    } catch {
      records = [];
    }
    const [header, ...dataRows] = records;
    const names = header?.fields.map((name) => name.trim().toLowerCase()) ?? [];
    const field = (fields: string[], name: string) => (fields[names.indexOf(name)] ?? '').trim();
    for (const row of dataRows) {
      if (planned.has(row.line)) continue;
      const own = problemsByLine.get(row.line);
      const slug = field(row.fields, 'product_slug');
      rows.push({
        line: row.line,
        productSlug: slug,
        sku: field(row.fields, 'sku'),
        changes: [],
        outcome: 'error',
        message: own
          ? own.map((problem) => `${problem.column ? `${problem.column} ` : ''}${problem.message}`).join('; ')
          : `not imported: another row of ${slug || 'this product'} has a problem`,
      });
    }
  }
  rows.sort((a, b) => a.line - b.line);
  problems.sort((a, b) => a.line - b.line);
  const count = (outcome: RowOutcome) => rows.filter((row) => row.outcome === outcome).length;
  return {
    rowCount: read.rows,
    counts: {
      new: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      // A problem of the header or the file (not of a row) counts too: nothing can be applied.
      errors:
        count('error') + problems.filter((problem) => !rows.some((row) => row.line === problem.line)).length,
    },
    errors: problems.map(toRowError),
    rows,
  };
}

/**
 * Applies one batch in the caller's transaction, writing only what differs from the catalog;
 * answers each row's outcome. Stock is written as the file says (a count, like `npm run
 * import`), in the same statement as the size's other fields.
 */
export async function applyBatch(db: Executor, products: ProductInput[]): Promise<PlannedRow[]> {
  const { rows, writable, knownCategories } = await classify(db, products);
  if (writable.length === 0) return rows;

  // Categories the file introduces (category_name given).
  const newCategories = new Map<string, string>();
  for (const { product } of writable) {
    if (!knownCategories.has(product.category))
      newCategories.set(product.category, product.categoryName ?? product.category);
  }
  if (newCategories.size > 0) {
    await run(
      db,
      `INSERT INTO categories (slug, name, sort_order)
       SELECT x.slug, x.name, (SELECT coalesce(max(sort_order), 0) FROM categories) + 10 * x.ord
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(slug, name, ord)
       ON CONFLICT (slug) DO NOTHING`,
      [[...newCategories.keys()], [...newCategories.values()]],
    );
  }

  const changedProducts = writable.filter((entry) => entry.changed).map((entry) => entry.product);
  if (changedProducts.length > 0) {
    const column = <T>(pick: (product: ProductInput) => T) => changedProducts.map(pick);
    await run(
      db,
      `INSERT INTO products (slug, name, description, product_type, category_id, country, region, varietal, vintage, abv,
         tasting_notes, food_pairing, awards, is_active, is_featured)
       SELECT x.slug, x.name, x.description, x.product_type::product_type, c.id, x.country, x.region, x.varietal,
              x.vintage, x.abv, x.tasting_notes, x.food_pairing,
              CASE WHEN x.awards = '' THEN '{}'::text[] ELSE string_to_array(x.awards, '|') END,
              x.is_active, x.is_featured
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::int[], $10::numeric[], $11::text[], $12::text[], $13::text[], $14::bool[], $15::bool[])
         AS x(slug, name, description, product_type, category, country, region, varietal, vintage, abv,
              tasting_notes, food_pairing, awards, is_active, is_featured)
       JOIN categories c ON c.slug = x.category
       ON CONFLICT (slug) DO UPDATE SET
         name = EXCLUDED.name, description = EXCLUDED.description, product_type = EXCLUDED.product_type,
         category_id = EXCLUDED.category_id, country = EXCLUDED.country, region = EXCLUDED.region,
         varietal = EXCLUDED.varietal, vintage = EXCLUDED.vintage, abv = EXCLUDED.abv,
         tasting_notes = EXCLUDED.tasting_notes, food_pairing = EXCLUDED.food_pairing, awards = EXCLUDED.awards,
         is_active = EXCLUDED.is_active, is_featured = EXCLUDED.is_featured, updated_at = now()`,
      [
        column((p) => p.slug),
        column((p) => p.name),
        column((p) => p.description),
        column((p) => p.productType),
        column((p) => p.category),
        column((p) => p.country),
        column((p) => p.region),
        column((p) => p.varietal),
        column((p) => p.vintage),
        column((p) => p.abv),
        column((p) => p.tastingNotes),
        column((p) => p.foodPairing),
        column((p) => p.awards.join('|')),
        column((p) => p.isActive),
        column((p) => p.isFeatured),
      ],
    );
  }

  const ids = new Map(
    (
      await run<{ id: number; slug: string }>(
        db,
        'SELECT id, slug FROM products WHERE slug = ANY($1::text[])',
        [writable.map((entry) => entry.product.slug)],
      )
    ).map((row) => [row.slug, row.id]),
  );

  const variantRows = writable.flatMap((entry) =>
    entry.variantsToWrite.map((variant) => ({
      productId: ids.get(entry.product.slug)!,
      variant,
      order: entry.product.variants.indexOf(variant),
    })),
  );
  if (variantRows.length > 0) {
    // The file's default size becomes the only default of its product.
    const defaults = variantRows.filter((row) => row.variant.isDefault);
    if (defaults.length > 0) {
      await run(
        db,
        `UPDATE product_variants v SET is_default = false
         FROM unnest($1::int[], $2::text[]) AS x(product_id, sku)
         WHERE v.product_id = x.product_id AND v.is_default AND v.sku <> x.sku`,
        [defaults.map((row) => row.productId), defaults.map((row) => row.variant.sku)],
      );
    }
    const column = <T>(pick: (row: (typeof variantRows)[number]) => T) => variantRows.map(pick);
    // Stock changes only through the ledger: the sizes' counts before the file (locked, so a sale
    // cannot slip between this read and the write) become count corrections after it.
    const stockBefore = await run<{ id: number; stock: number }>(
      db,
      `SELECT id, stock FROM product_variants WHERE sku = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [column((row) => row.variant.sku)],
    );
    // Existing sizes keep their place (the product screen orders them); new ones go last.
    await run(
      db,
      `INSERT INTO product_variants (product_id, sku, name, volume_ml, pack_size, price, original_price, stock,
         is_default, sort_order)
       SELECT x.product_id, x.sku, x.name, x.volume_ml, x.pack_size, x.price, x.original_price, x.stock, x.is_default,
              coalesce((SELECT max(v.sort_order) + 1 FROM product_variants v WHERE v.product_id = x.product_id), 0)
                + x.ord
       FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[],
                   $9::bool[], $10::int[])
         AS x(product_id, sku, name, volume_ml, pack_size, price, original_price, stock, is_default, ord)
       ON CONFLICT (sku) DO UPDATE SET
         name = EXCLUDED.name, volume_ml = EXCLUDED.volume_ml, pack_size = EXCLUDED.pack_size,
         price = EXCLUDED.price, original_price = EXCLUDED.original_price, stock = EXCLUDED.stock,
         is_default = EXCLUDED.is_default
       WHERE product_variants.product_id = EXCLUDED.product_id`,
      [
        column((row) => row.productId),
        column((row) => row.variant.sku),
        column((row) => row.variant.name),
        column((row) => row.variant.volumeMl),
        column((row) => row.variant.packSize),
        column((row) => row.variant.price),
        column((row) => row.variant.originalPrice),
        column((row) => row.variant.stock),
        column((row) => row.variant.isDefault),
        column((row) => row.order),
      ],
    );
    // New sizes get their opening balance from the database's trigger; changed ones a correction.
    if (stockBefore.length > 0) {
      await run(
        db,
        `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, actor_name)
         SELECT v.id, v.stock - x.before, v.stock, 'count_correction', 'CSV import (back office)', $3
         FROM unnest($1::int[], $2::int[]) AS x(id, before)
         JOIN product_variants v ON v.id = x.id
         WHERE v.stock <> x.before`,
        [stockBefore.map((row) => row.id), stockBefore.map((row) => row.stock), SYSTEM_ACTOR.name],
      );
    }
  }

  // Pictures: the file's when they differ, else a new product gets the drawn bottle.
  const pictures = writable
    .filter((entry) => entry.imagesChanged)
    .map(({ product, isNew }) => ({
      productId: ids.get(product.slug)!,
      isNew,
      images:
        product.images?.map((url) => ({ url, alt: product.name })) ??
        productImages({
          name: product.name,
          vintage: product.vintage,
          style: styleFor(product.category, product.productType),
        }),
    }));
  if (pictures.length > 0) {
    const replaced = pictures.filter((entry) => !entry.isNew).map((entry) => entry.productId);
    if (replaced.length > 0) {
      await run(db, 'DELETE FROM product_images WHERE product_id = ANY($1::int[])', [replaced]);
    }
    const flat = pictures.flatMap(({ productId, images }) =>
      images.map((image, index) => ({ productId, ...image, index })),
    );
    await run(
      db,
      `INSERT INTO product_images (product_id, url, alt, sort_order)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])`,
      [
        flat.map((row) => row.productId),
        flat.map((row) => row.url),
        flat.map((row) => row.alt),
        flat.map((row) => row.index),
      ],
    );
  }
  return rows;
}
