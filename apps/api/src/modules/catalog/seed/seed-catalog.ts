import type pg from 'pg';
import { notifyCatalogChanged } from '../catalog-cache';
import { type CatalogSeedRows, catalogRows, demoCatalogRows } from './catalog-rows';

/**
 * Writes a catalog into the database: on first start the demo cellar (only into an empty
 * catalog), or on demand through `npm run seed`.
 */

const SEED_LOCK_KEY = 727_002;
const BATCH_SIZE = 2_000;
/** PostgreSQL's SQLSTATE for a transaction ended to break a lock cycle. */
const DEADLOCK_DETECTED = '40P01';

type Queryable = Pick<pg.ClientBase, 'query'>;
type Log = { info: (message: string) => void };

export type SeedSummary = {
  categories: number;
  products: number;
  variants: number;
  images: number;
  onSale: number;
  featured: number;
  soldOut: number;
};

export class CatalogNotEmptyError extends Error {
  constructor(readonly products: number) {
    super(
      `The database already holds a catalog (${products} product${products === 1 ? '' : 's'}); ` +
        'run again with --force to replace it.',
    );
    this.name = 'CatalogNotEmptyError';
  }
}

export class CatalogInUseError extends Error {
  constructor(detail: string) {
    super(
      `The catalog cannot be replaced: other data (orders, carts, wishlists or reviews) refers to its ` +
        `products (${detail}). Import changes with \`npm run import\` instead.`,
    );
    this.name = 'CatalogInUseError';
  }
}

async function countProducts(client: Queryable): Promise<number> {
  const result = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM products');
  return result.rows[0]?.count ?? 0;
}

async function catalogIsEmpty(client: Queryable): Promise<boolean> {
  const result = await client.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM products) AND NOT EXISTS (SELECT 1 FROM categories) AS empty',
  );
  return result.rows[0]?.empty ?? false;
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) result.push(items.slice(index, index + size));
  return result;
}

/**
 * Inserts the rows with a few multi-row statements per batch (arrays unnested in SQL).
 *
 * With `bulk`, the caller has switched the row triggers off: ids are given here, and each
 * product is written once with its derived columns (search columns by the triggers' own SQL
 * functions, the default size's price and stock from the rows).
 */
export async function insertCatalogRows(
  client: Queryable,
  rows: CatalogSeedRows,
  options: { bulk?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<void> {
  await client.query(
    `INSERT INTO categories (slug, name, description, image, sort_order)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[])`,
    [
      rows.categories.map((row) => row.slug),
      rows.categories.map((row) => row.name),
      rows.categories.map((row) => row.description),
      rows.categories.map((row) => row.image),
      rows.categories.map((row) => row.sortOrder),
    ],
  );

  const variantsByProduct = new Map<string, CatalogSeedRows['variants']>();
  for (const variant of rows.variants) {
    const list = variantsByProduct.get(variant.productSlug) ?? [];
    list.push(variant);
    variantsByProduct.set(variant.productSlug, list);
  }
  const imagesByProduct = new Map<string, CatalogSeedRows['images']>();
  for (const image of rows.images) {
    const list = imagesByProduct.get(image.productSlug) ?? [];
    list.push(image);
    imagesByProduct.set(image.productSlug, list);
  }

  // Ids for a bulk load, after any that exist.
  let nextProductId = 0;
  let nextVariantId = 0;
  if (options.bulk) {
    const ids = await client.query<{ product: number; variant: number }>(
      `SELECT (SELECT coalesce(max(id), 0)::int FROM products) AS product,
              (SELECT coalesce(max(id), 0)::int FROM product_variants) AS variant`,
    );
    nextProductId = ids.rows[0]!.product;
    nextVariantId = ids.rows[0]!.variant;
  }

  let done = 0;
  for (const batch of chunks(rows.products, BATCH_SIZE)) {
    const productIds = new Map<string, number>();
    const variants = batch.flatMap((product) => variantsByProduct.get(product.slug) ?? []);
    const variantIds = variants.map(() => ++nextVariantId);
    const productColumns = [
      batch.map((row) => row.slug),
      batch.map((row) => row.name),
      batch.map((row) => row.description),
      batch.map((row) => row.productType),
      batch.map((row) => row.categorySlug),
      batch.map((row) => row.country),
      batch.map((row) => row.region),
      batch.map((row) => row.varietal),
      batch.map((row) => row.vintage),
      batch.map((row) => row.abv),
      batch.map((row) => row.tastingNotes),
      batch.map((row) => row.foodPairing),
      batch.map((row) => JSON.stringify(row.awards)),
      batch.map((row) => row.isFeatured),
      batch.map((row) => row.createdAt),
    ];
    if (options.bulk) {
      for (const product of batch) productIds.set(product.slug, ++nextProductId);
      const defaultIndex = new Map<string, number>();
      variants.forEach((variant, index) => {
        if (variant.isDefault) defaultIndex.set(variant.productSlug, index);
      });
      const defaults = batch.map((product) => {
        const index = defaultIndex.get(product.slug);
        return {
          id: index === undefined ? null : variantIds[index]!,
          size: index === undefined ? undefined : variants[index],
          inStock: (variantsByProduct.get(product.slug) ?? []).some((size) => size.stock > 0),
        };
      });
      await client.query(
        `INSERT INTO products (id, slug, name, description, product_type, category_id, country, region, varietal,
           vintage, abv, tasting_notes, food_pairing, awards, is_featured, created_at, updated_at,
           name_folded, search_text, search_document, default_variant_id, price, original_price, in_stock)
         SELECT x.id, x.slug, x.name, x.description, x.product_type::product_type, c.id, x.country, x.region,
                x.varietal, x.vintage, x.abv, x.tasting_notes, x.food_pairing,
                ARRAY(SELECT jsonb_array_elements_text(x.awards::jsonb)), x.is_featured, x.created_at, x.created_at,
                f.name_folded, f.name_folded || ' ' || f.place,
                catalog_document(f.name_folded, f.place, c.name, x.product_type, x.description, x.tasting_notes,
                                 x.food_pairing) || catalog_vintage_document(x.vintage),
                x.default_variant_id, x.price, x.original_price, x.in_stock
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $9::int[], $10::numeric[], $11::text[], $12::text[], $13::text[], $14::bool[], $15::timestamptz[],
                     $16::int[], $17::int[], $18::int[], $19::int[], $20::bool[])
           AS x(slug, name, description, product_type, category_slug, country, region, varietal, vintage, abv,
                tasting_notes, food_pairing, awards, is_featured, created_at, id, default_variant_id, price,
                original_price, in_stock)
         JOIN categories c ON c.slug = x.category_slug
         CROSS JOIN LATERAL (
           -- OFFSET 0 keeps the planner from inlining (and so repeating) the folds.
           SELECT catalog_fold(x.name) AS name_folded, catalog_place(x.varietal, x.region, x.country) AS place
           OFFSET 0
         ) f`,
        [
          ...productColumns,
          batch.map((product) => productIds.get(product.slug)!),
          defaults.map((entry) => entry.id),
          defaults.map((entry) => entry.size?.price ?? null),
          defaults.map((entry) => entry.size?.originalPrice ?? null),
          defaults.map((entry) => entry.inStock),
        ],
      );
    } else {
      const saved = await client.query<{ id: number; slug: string }>(
        `INSERT INTO products (slug, name, description, product_type, category_id, country, region, varietal,
           vintage, abv, tasting_notes, food_pairing, awards, is_featured, created_at, updated_at)
         SELECT x.slug, x.name, x.description, x.product_type::product_type, c.id, x.country, x.region, x.varietal,
                x.vintage, x.abv, x.tasting_notes, x.food_pairing,
                ARRAY(SELECT jsonb_array_elements_text(x.awards::jsonb)), x.is_featured, x.created_at, x.created_at
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                     $9::int[], $10::numeric[], $11::text[], $12::text[], $13::text[], $14::bool[], $15::timestamptz[])
           AS x(slug, name, description, product_type, category_slug, country, region, varietal, vintage, abv,
                tasting_notes, food_pairing, awards, is_featured, created_at)
         JOIN categories c ON c.slug = x.category_slug
         RETURNING id, slug`,
        productColumns,
      );
      for (const row of saved.rows) productIds.set(row.slug, row.id);
    }

    await client.query(
      `INSERT INTO product_variants (id, product_id, sku, name, volume_ml, pack_size, price, original_price, stock,
         is_default, sort_order)
       OVERRIDING SYSTEM VALUE
       SELECT coalesce(x.id, nextval(pg_get_serial_sequence('product_variants', 'id'))), x.product_id, x.sku,
              x.name, x.volume_ml, x.pack_size, x.price, x.original_price, x.stock, x.is_default, x.sort_order
       FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[],
                   $9::int[], $10::bool[], $11::int[])
         AS x(id, product_id, sku, name, volume_ml, pack_size, price, original_price, stock, is_default, sort_order)`,
      [
        variants.map((_, index) => (options.bulk ? variantIds[index]! : null)),
        variants.map((row) => productIds.get(row.productSlug)!),
        variants.map((row) => row.sku),
        variants.map((row) => row.name),
        variants.map((row) => row.volumeMl),
        variants.map((row) => row.packSize),
        variants.map((row) => row.price),
        variants.map((row) => row.originalPrice),
        variants.map((row) => row.stock),
        variants.map((row) => row.isDefault),
        variants.map((row) => row.sortOrder),
      ],
    );

    const images = batch.flatMap((product) => imagesByProduct.get(product.slug) ?? []);
    await client.query(
      `INSERT INTO product_images (product_id, url, alt, sort_order)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[])`,
      [
        images.map((row) => productIds.get(row.productSlug)!),
        images.map((row) => row.url),
        images.map((row) => row.alt),
        images.map((row) => row.sortOrder),
      ],
    );
    done += batch.length;
    options.onProgress?.(done, rows.products.length);
  }

  if (options.bulk) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM products), false),
              setval(pg_get_serial_sequence('product_variants', 'id'),
                     (SELECT coalesce(max(id), 0) + 1 FROM product_variants), false)`,
    );
  }
}

async function summarize(client: Queryable): Promise<SeedSummary> {
  const result = await client.query<SeedSummary>(`
    SELECT (SELECT count(*)::int FROM categories) AS categories,
           (SELECT count(*)::int FROM products) AS products,
           (SELECT count(*)::int FROM product_variants) AS variants,
           (SELECT count(*)::int FROM product_images) AS images,
           (SELECT count(*)::int FROM products WHERE original_price > price) AS "onSale",
           (SELECT count(*)::int FROM products WHERE is_featured) AS featured,
           (SELECT count(*)::int FROM products WHERE NOT in_stock) AS "soldOut"`);
  return result.rows[0]!;
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Seeds the demo cellar when the catalog is empty (no products and no categories); otherwise
 * does nothing. Safe when several instances start at once (advisory lock). Takes well under a
 * second.
 */
export async function seedDemoCatalogIfEmpty(
  database: { pool: pg.Pool },
  log?: Log,
): Promise<SeedSummary | undefined> {
  const { pool } = database;
  // A quick look without the lock first: the common case is a catalog that exists.
  if (!(await catalogIsEmpty(pool))) return undefined;
  const summary = await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    if (!(await catalogIsEmpty(client))) return undefined;
    await insertCatalogRows(client, demoCatalogRows());
    await notifyCatalogChanged(client, 'seed');
    return summarize(client);
  });
  if (summary) {
    log?.info(
      `Seeded the demo cellar: ${summary.products} products in ${summary.categories} categories ` +
        `(${summary.variants} sizes, ${summary.onSale} on sale, ${summary.soldOut} out of stock)`,
    );
  }
  return summary;
}

/** Empties the catalog and restarts its ids; refuses when other data refers to products. */
async function clearCatalog(client: pg.PoolClient) {
  await client.query('SAVEPOINT clear_catalog');
  try {
    await client.query(
      'TRUNCATE stock_movements, hamper_parts, product_images, product_variants, products, categories RESTART IDENTITY',
    );
    return;
  } catch (error) {
    // Another table has a foreign key to the catalog: TRUNCATE refuses even when it is empty.
    if ((error as { code?: string }).code !== '0A000') throw error;
    await client.query('ROLLBACK TO SAVEPOINT clear_catalog');
  }
  try {
    await client.query('DELETE FROM stock_movements');
    await client.query('DELETE FROM hamper_parts');
    await client.query('DELETE FROM product_images');
    await client.query('DELETE FROM product_variants');
    await client.query('DELETE FROM products');
    await client.query('DELETE FROM categories');
  } catch (error) {
    if ((error as { code?: string }).code === '23503') {
      throw new CatalogInUseError((error as { detail?: string }).detail ?? (error as Error).message);
    }
    throw error;
  }
  for (const table of ['product_images', 'product_variants', 'products', 'categories']) {
    await client.query(`ALTER TABLE ${table} ALTER COLUMN id RESTART WITH 1`);
  }
}

/**
 * A large load: the products' secondary indexes (category, trigram) are dropped
 * and built again at the end, and the row triggers that derive columns are off while
 * `insertCatalogRows` writes each product once with its derived columns. Far faster than row by
 * row. Index definitions are read from the database, so they stay exactly those of the
 * migrations. All of it runs in the caller's transaction.
 */
async function bulkLoad<T>(client: pg.PoolClient, load: () => Promise<T>): Promise<T> {
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
     FROM pg_indexes i
     WHERE i.schemaname = current_schema()
       AND i.tablename = 'products'
       AND i.indexdef NOT LIKE 'CREATE UNIQUE INDEX%'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes.rows) await client.query(`DROP INDEX ${JSON.stringify(index.name)}`);
  await client.query('ALTER TABLE products DISABLE TRIGGER products_derive');
  await client.query('ALTER TABLE product_variants DISABLE TRIGGER product_variants_inserted');
  const result = await load();
  await client.query('ALTER TABLE products ENABLE TRIGGER products_derive');
  await client.query('ALTER TABLE product_variants ENABLE TRIGGER product_variants_inserted');
  await client.query("SET LOCAL maintenance_work_mem = '256MB'");
  for (const index of indexes.rows) await client.query(index.definition);
  return result;
}

/** From this many products, `npm run seed` loads in bulk. */
export const BULK_THRESHOLD = 5_000;

/**
 * `npm run seed`: writes `products` products (the demo cellar, then variations of it), into an
 * empty catalog, or replacing the catalog with `force`.
 */
export async function seedCatalog(
  pool: pg.Pool,
  options: {
    products?: number;
    force?: boolean;
    /** Load set-based (default: from BULK_THRESHOLD products). */
    bulk?: boolean;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<SeedSummary & { replaced: number }> {
  const rows = options.products === undefined ? demoCatalogRows() : catalogRows(options.products);
  const bulk = options.bulk ?? rows.products.length >= BULK_THRESHOLD;
  const replace = (client: pg.PoolClient) => seedInTransaction(client, rows, bulk, options);
  let result: SeedSummary & { replaced: number };
  // A running shop reads the catalog while it is replaced (its catalog index refreshes on every
  // change): should PostgreSQL still find a lock cycle with one of its reads and end this
  // transaction, the seed starts again, as a deadlock's victim should.
  for (let attempt = 1; ; attempt++) {
    try {
      result = await inTransaction(pool, replace);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= 3) throw error;
    }
  }
  // Fresh statistics, so that the planner picks the indexes at once; a large load also leaves
  // the dead row versions of the derived-column updates to clear.
  await pool.query(`${bulk ? 'VACUUM ' : ''}ANALYZE categories, products, product_variants, product_images`);
  return result;
}

async function seedInTransaction(
  client: pg.PoolClient,
  rows: CatalogSeedRows,
  bulk: boolean,
  options: { force?: boolean; onProgress?: (done: number, total: number) => void },
): Promise<SeedSummary & { replaced: number }> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
  if (options.force) {
    // Every lock the replacement needs, first and in the order the shop's reads take them
    // (products, then categories, sizes and pictures): taken one by one later (TRUNCATE after
    // the count's share locks), they made a lock cycle with the catalog index's refresh.
    await client.query(
      'LOCK TABLE products, categories, product_variants, product_images, stock_movements, hamper_parts IN ACCESS EXCLUSIVE MODE',
    );
  }
  const existing = await countProducts(client);
  const hasCategories = (await client.query('SELECT 1 FROM categories LIMIT 1')).rowCount! > 0;
  if ((existing > 0 || hasCategories) && !options.force) throw new CatalogNotEmptyError(existing);
  if (existing > 0 || hasCategories) await clearCatalog(client);
  if (bulk) {
    await bulkLoad(client, () =>
      insertCatalogRows(client, rows, { bulk: true, onProgress: options.onProgress }),
    );
  } else {
    await insertCatalogRows(client, rows, { onProgress: options.onProgress });
  }
  await notifyCatalogChanged(client, 'seed');
  return { ...(await summarize(client)), replaced: existing };
}
