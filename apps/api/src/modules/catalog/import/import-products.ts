import { PRODUCT_TYPES, type ProductType, RESERVED_PRODUCT_SLUGS } from '@shop/contract/catalog';
import type pg from 'pg';
import { CsvSyntaxError, fromSpreadsheetSafe, parseCsv } from '../../../lib/csv';
import { SYSTEM_ACTOR } from '../../audit/audit';
import { notifyCatalogChanged } from '../catalog-cache';
import { productImages, styleFor } from '../media/media-urls';

/**
 * Bulk import of products and their sizes from CSV, one row per size (variant), the product's
 * fields repeated (or left empty) on each of its rows. Every row is checked first; a product
 * with a bad row is not imported at all. Products are upserted by slug and sizes by SKU, each
 * product with its sizes in one transaction (or the whole file in one with `atomic`).
 */

export type ImportColumn = {
  name: string;
  required: boolean;
  /** A product field (same on every row of the product) rather than a size's. */
  product: boolean;
  help: string;
};

export const IMPORT_COLUMNS: ImportColumn[] = [
  {
    name: 'product_slug',
    required: true,
    product: true,
    help: 'groups the rows of one product; lower-case letters, digits and hyphens (e.g. hennessy-xo); upserts by slug',
  },
  { name: 'name', required: true, product: true, help: 'product name, at most 200 characters' },
  {
    name: 'category',
    required: true,
    product: true,
    help: 'category slug; an unknown one is created when category_name is given',
  },
  { name: 'category_name', required: false, product: true, help: 'name of a new category' },
  { name: 'product_type', required: true, product: true, help: PRODUCT_TYPES.join(' | ') },
  { name: 'country', required: false, product: true, help: 'e.g. South Africa' },
  { name: 'region', required: false, product: true, help: 'e.g. Stellenbosch' },
  { name: 'varietal', required: false, product: true, help: 'grape or base, e.g. Pinotage' },
  { name: 'vintage', required: false, product: true, help: 'year, empty for spirits and non-vintage wines' },
  { name: 'abv', required: false, product: true, help: 'alcohol by volume in percent, e.g. 13.5' },
  { name: 'description', required: false, product: true, help: 'text' },
  { name: 'tasting_notes', required: false, product: true, help: 'text' },
  { name: 'food_pairing', required: false, product: true, help: 'text' },
  { name: 'awards', required: false, product: true, help: 'several separated by |' },
  { name: 'is_active', required: false, product: true, help: 'true | false (default true)' },
  { name: 'is_featured', required: false, product: true, help: 'true | false (default false)' },
  {
    name: 'images',
    required: false,
    product: true,
    help: 'image paths under /media/ separated by | (files go in DATA_DIR/media/files/ and are served at /media/files/...); empty: keep the current images, or draw a bottle for a new product',
  },
  {
    name: 'sku',
    required: true,
    product: false,
    help: 'unique size code, letters, digits and - _ . / (at most 64)',
  },
  { name: 'variant_name', required: true, product: false, help: 'e.g. 750 ml bottle, Case of 6 × 750 ml' },
  {
    name: 'volume_ml',
    required: true,
    product: false,
    help: 'volume of one unit in ml, a whole number above 0',
  },
  {
    name: 'pack_size',
    required: false,
    product: false,
    help: 'units in the pack, a whole number, default 1',
  },
  {
    name: 'price',
    required: true,
    product: false,
    help: 'whole Uganda shillings above 0, e.g. 185000 or "185,000"',
  },
  {
    name: 'original_price',
    required: false,
    product: false,
    help: 'compare-at price in whole shillings, above price (the size is then on sale)',
  },
  {
    name: 'stock',
    required: true,
    product: false,
    help: 'bottles or packs in stock, a whole number, 0 or more',
  },
  {
    name: 'is_default',
    required: false,
    product: false,
    help: 'true on exactly one size per product (a product with one row needs none)',
  },
];

export const IMPORT_HEADER = IMPORT_COLUMNS.map((column) => column.name).join(',');

export type ImportProblem = { line: number; column?: string; message: string };

export type ImportSummary = {
  rows: number;
  products: number;
  productsCreated: number;
  productsUpdated: number;
  variantsCreated: number;
  variantsUpdated: number;
  categoriesCreated: number;
  /** Products left out because a row of theirs is bad. */
  skippedProducts: number;
  problems: ImportProblem[];
  imported: boolean;
};

export type VariantInput = {
  line: number;
  sku: string;
  name: string;
  volumeMl: number;
  packSize: number;
  price: number;
  originalPrice: number | null;
  stock: number;
  isDefault: boolean;
};

export type ProductInput = {
  line: number;
  slug: string;
  name: string;
  category: string;
  categoryName: string | null;
  productType: ProductType;
  country: string | null;
  region: string | null;
  varietal: string | null;
  vintage: number | null;
  abv: number | null;
  description: string;
  tastingNotes: string | null;
  foodPairing: string | null;
  awards: string[];
  isActive: boolean;
  isFeatured: boolean;
  images: string[] | null;
  variants: VariantInput[];
};

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
const MAX_PRICE = 1_000_000_000;

function parseWhole(text: string): number | undefined {
  const compact = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text;
  if (!/^\d{1,12}$/.test(compact)) return undefined;
  return Number(compact);
}

function parseBoolean(text: string): boolean | undefined {
  const value = text.toLowerCase();
  if (['true', 'yes', '1', 'y'].includes(value)) return true;
  if (['false', 'no', '0', 'n'].includes(value)) return false;
  return undefined;
}

/** Reads and checks the file; the products whose rows are all good, and the problems. */
export function readImportFile(text: string): {
  products: ProductInput[];
  problems: ImportProblem[];
  rows: number;
  skippedProducts: number;
} {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return {
        products: [],
        problems: [{ line: error.line, message: error.message.replace(/^line \d+: /, '') }],
        rows: 0,
        skippedProducts: 0,
      };
    }
    throw error;
  }
  const [header, ...rows] = records;
  if (!header)
    return {
      products: [],
      problems: [{ line: 1, message: 'the file is empty' }],
      rows: 0,
      skippedProducts: 0,
    };

  const names = header.fields.map((name) => name.trim().toLowerCase());
  const headerProblems: ImportProblem[] = [];
  const known = new Set(IMPORT_COLUMNS.map((column) => column.name));
  names.forEach((name) => {
    if (!known.has(name))
      headerProblems.push({ line: header.line, column: name, message: 'is not a known column' });
  });
  const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
  for (const name of new Set(duplicates))
    headerProblems.push({ line: header.line, column: name, message: 'appears twice' });
  for (const column of IMPORT_COLUMNS) {
    if (column.required && !names.includes(column.name)) {
      headerProblems.push({
        line: header.line,
        column: column.name,
        message: 'is a required column and is missing',
      });
    }
  }
  if (headerProblems.length > 0)
    return { products: [], problems: headerProblems, rows: rows.length, skippedProducts: 0 };

  const problems: ImportProblem[] = [];
  type Group = {
    firstLine: number;
    bad: boolean;
    raw: Map<string, { value: string; line: number }>;
    variants: VariantInput[];
  };
  const groups = new Map<string, Group>();
  const skuLines = new Map<string, number>();

  for (const row of rows) {
    const rowProblems: ImportProblem[] = [];
    const problem = (column: string | undefined, message: string) =>
      rowProblems.push({ line: row.line, ...(column ? { column } : {}), message });
    if (row.fields.length !== names.length) {
      problem(undefined, `has ${row.fields.length} fields; the header has ${names.length}`);
    }
    // A cell as exported: trimmed, and without the apostrophe that kept a formula from running.
    const get = (name: string) => fromSpreadsheetSafe((row.fields[names.indexOf(name)] ?? '').trim());

    const slug = get('product_slug');
    if (!slug) problem('product_slug', 'is required');
    else if (!SLUG.test(slug) || slug.length > 120) {
      problem('product_slug', 'must be lower-case letters, digits and single hyphens (e.g. hennessy-xo)');
    } else if (/^\d+$/.test(slug)) problem('product_slug', 'must not be only digits (those are product ids)');
    else if ((RESERVED_PRODUCT_SLUGS as readonly string[]).includes(slug)) {
      problem('product_slug', `is reserved (${RESERVED_PRODUCT_SLUGS.join(', ')})`);
    }

    let group = groups.get(slug);
    if (!group) {
      group = { firstLine: row.line, bad: false, raw: new Map(), variants: [] };
      groups.set(slug, group);
    }

    // Product fields: the first row that gives a value sets it; another value is an error.
    for (const column of IMPORT_COLUMNS) {
      if (!column.product || column.name === 'product_slug' || !names.includes(column.name)) continue;
      const value = get(column.name);
      if (!value) continue;
      const earlier = group.raw.get(column.name);
      if (earlier && earlier.value !== value) {
        problem(column.name, `differs from line ${earlier.line} of the same product ("${earlier.value}")`);
      } else if (!earlier) group.raw.set(column.name, { value, line: row.line });
    }

    // The size.
    const sku = get('sku');
    if (!sku) problem('sku', 'is required');
    else if (!SKU.test(sku)) problem('sku', 'must be letters, digits and - _ . / (at most 64)');
    else if (skuLines.has(sku)) problem('sku', `is also on line ${skuLines.get(sku)}`);
    else skuLines.set(sku, row.line);
    const variantName = get('variant_name');
    if (!variantName) problem('variant_name', 'is required');
    else if (variantName.length > 100) problem('variant_name', 'must be at most 100 characters');
    const volume = parseWhole(get('volume_ml'));
    if (volume === undefined || volume < 1 || volume > 100_000) {
      problem('volume_ml', `must be a whole number of millilitres above 0 (got "${get('volume_ml')}")`);
    }
    const packText = get('pack_size');
    const pack = packText ? parseWhole(packText) : 1;
    if (pack === undefined || pack < 1 || pack > 1_000)
      problem('pack_size', `must be a whole number from 1 (got "${packText}")`);
    const price = parseWhole(get('price'));
    if (price === undefined || price < 1 || price > MAX_PRICE) {
      problem('price', `must be a whole number of shillings above 0 (got "${get('price')}")`);
    }
    const originalText = get('original_price');
    let originalPrice: number | null = null;
    if (originalText) {
      const parsed = parseWhole(originalText);
      if (parsed === undefined || parsed < 1 || parsed > MAX_PRICE) {
        problem('original_price', `must be a whole number of shillings (got "${originalText}")`);
      } else if (price !== undefined && parsed <= price) {
        problem('original_price', `must be above price (${price}) or empty`);
      } else originalPrice = parsed;
    }
    const stock = parseWhole(get('stock'));
    if (stock === undefined || stock > 10_000_000)
      problem('stock', `must be a whole number, 0 or more (got "${get('stock')}")`);
    const defaultText = get('is_default');
    const isDefault = defaultText ? parseBoolean(defaultText) : false;
    if (isDefault === undefined) problem('is_default', `must be true or false (got "${defaultText}")`);

    problems.push(...rowProblems);
    if (rowProblems.length > 0) {
      group.bad = true;
      continue;
    }
    group.variants.push({
      line: row.line,
      sku,
      name: variantName,
      volumeMl: volume!,
      packSize: pack!,
      price: price!,
      originalPrice,
      stock: stock!,
      isDefault: isDefault!,
    });
  }

  // Whole-product checks, then the product fields.
  const products: ProductInput[] = [];
  let skippedProducts = 0;
  for (const [slug, group] of groups) {
    const firstLine = group.firstLine;
    const productProblems: ImportProblem[] = [];
    const problem = (line: number, column: string | undefined, message: string) =>
      productProblems.push({ line, ...(column ? { column } : {}), message });
    const value = (name: string) => group.raw.get(name)?.value ?? '';
    const lineOf = (name: string) => group.raw.get(name)?.line ?? firstLine;

    if (!slug) {
      if (group.bad) skippedProducts += 1;
      continue;
    }
    const name = value('name');
    if (!name) problem(firstLine, 'name', 'is required');
    else if (name.length > 200) problem(lineOf('name'), 'name', 'must be at most 200 characters');
    const category = value('category').toLowerCase();
    if (!category) problem(firstLine, 'category', 'is required');
    else if (!SLUG.test(category))
      problem(lineOf('category'), 'category', 'must be a category slug (e.g. red-wine)');
    const type = value('product_type').toLowerCase();
    if (!type) problem(firstLine, 'product_type', 'is required');
    else if (!(PRODUCT_TYPES as readonly string[]).includes(type)) {
      problem(
        lineOf('product_type'),
        'product_type',
        `must be one of ${PRODUCT_TYPES.join(', ')} (got "${type}")`,
      );
    }
    const vintageText = value('vintage');
    let vintage: number | null = null;
    if (vintageText) {
      const parsed = parseWhole(vintageText);
      const latest = new Date().getFullYear() + 1;
      if (parsed === undefined || parsed < 1800 || parsed > latest) {
        problem(lineOf('vintage'), 'vintage', `must be a year from 1800 to ${latest} (got "${vintageText}")`);
      } else vintage = parsed;
    }
    const abvText = value('abv');
    let abv: number | null = null;
    if (abvText) {
      const parsed = /^\d{1,3}(\.\d)?$/.test(abvText) ? Number(abvText) : Number.NaN;
      if (!(parsed >= 0 && parsed <= 100)) {
        problem(
          lineOf('abv'),
          'abv',
          `must be a percentage from 0 to 100 with at most one decimal (got "${abvText}")`,
        );
      } else abv = parsed;
    }
    const booleanField = (column: string, fallback: boolean) => {
      const text = value(column);
      if (!text) return fallback;
      const parsed = parseBoolean(text);
      if (parsed === undefined) problem(lineOf(column), column, `must be true or false (got "${text}")`);
      return parsed ?? fallback;
    };
    const isActive = booleanField('is_active', true);
    const isFeatured = booleanField('is_featured', false);
    const imagesText = value('images');
    const images = imagesText
      ? imagesText
          .split('|')
          .map((url) => url.trim())
          .filter(Boolean)
      : null;
    for (const url of images ?? []) {
      if (!/^\/media\/[A-Za-z0-9._~%/-]+$/.test(url) || url.includes('..')) {
        problem(
          lineOf('images'),
          'images',
          `"${url}" must be a path under /media/ (e.g. /media/files/hennessy-xo.jpg)`,
        );
      }
    }
    for (const column of [
      'description',
      'tasting_notes',
      'food_pairing',
      'country',
      'region',
      'varietal',
      'category_name',
    ]) {
      const limit = column === 'description' ? 5_000 : column.endsWith('name') ? 100 : 1_000;
      if (value(column).length > limit)
        problem(lineOf(column), column, `must be at most ${limit} characters`);
    }

    const variants = group.variants;
    if (!group.bad) {
      const defaults = variants.filter((variant) => variant.isDefault);
      if (variants.length > 1 && defaults.length === 0) {
        problem(firstLine, 'is_default', 'one size of the product must be the default (is_default true)');
      }
      if (defaults.length > 1) {
        problem(
          defaults[1]!.line,
          'is_default',
          `only one size per product can be the default (also line ${defaults[0]!.line})`,
        );
      }
      if (variants.length === 1) variants[0]!.isDefault = true;
    }

    problems.push(...productProblems);
    if (group.bad || productProblems.length > 0) {
      skippedProducts += 1;
      continue;
    }
    products.push({
      line: firstLine,
      slug,
      name,
      category,
      categoryName: value('category_name') || null,
      productType: type as ProductType,
      country: value('country') || null,
      region: value('region') || null,
      varietal: value('varietal') || null,
      vintage,
      abv,
      description: value('description'),
      tastingNotes: value('tasting_notes') || null,
      foodPairing: value('food_pairing') || null,
      awards: value('awards')
        .split('|')
        .map((award) => award.trim())
        .filter(Boolean),
      isActive,
      isFeatured,
      images,
      variants: variants.sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.line - b.line),
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { products, problems, rows: rows.length, skippedProducts };
}

type Client = pg.PoolClient;

/** Checks against the database: categories exist (or can be created), SKUs are not another product's. */
async function checkAgainstDatabase(pool: pg.Pool, products: ProductInput[]) {
  const problems: ImportProblem[] = [];
  const categories = await pool.query<{ slug: string }>('SELECT slug FROM categories');
  const knownCategories = new Set(categories.rows.map((row) => row.slug));
  const skus = products.flatMap((product) => product.variants.map((variant) => variant.sku));
  const owners = await pool.query<{ sku: string; slug: string }>(
    'SELECT v.sku, p.slug FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.sku = ANY($1::text[])',
    [skus],
  );
  const ownerBySku = new Map(owners.rows.map((row) => [row.sku, row.slug]));
  const good: ProductInput[] = [];
  for (const product of products) {
    const productProblems: ImportProblem[] = [];
    if (!knownCategories.has(product.category) && !product.categoryName) {
      productProblems.push({
        line: product.line,
        column: 'category',
        message: `"${product.category}" is not a category (known: ${[...knownCategories].sort().join(', ') || 'none'}); give category_name to create it`,
      });
    }
    for (const variant of product.variants) {
      const owner = ownerBySku.get(variant.sku);
      if (owner && owner !== product.slug) {
        productProblems.push({
          line: variant.line,
          column: 'sku',
          message: `belongs to another product (${owner})`,
        });
      }
    }
    if (productProblems.length > 0) problems.push(...productProblems);
    else good.push(product);
  }
  return { good, problems };
}

type Counts = Pick<
  ImportSummary,
  'productsCreated' | 'productsUpdated' | 'variantsCreated' | 'variantsUpdated' | 'categoriesCreated'
>;

async function importProduct(client: Client, product: ProductInput, counts: Counts) {
  const category = await client.query<{ id: number; inserted: boolean }>(
    `INSERT INTO categories (slug, name, sort_order)
     VALUES ($1, $2, (SELECT coalesce(max(sort_order), 0) + 10 FROM categories))
     ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug
     RETURNING id, (xmax = 0) AS inserted`,
    [product.category, product.categoryName ?? product.category],
  );
  const categoryId = category.rows[0]!.id;
  if (category.rows[0]!.inserted) counts.categoriesCreated += 1;

  const saved = await client.query<{ id: number; inserted: boolean }>(
    `INSERT INTO products (slug, name, description, product_type, category_id, country, region, varietal, vintage, abv,
       tasting_notes, food_pairing, awards, is_active, is_featured)
     VALUES ($1, $2, $3, $4::product_type, $5, $6, $7, $8, $9, $10, $11, $12, $13::text[], $14, $15)
     ON CONFLICT (slug) DO UPDATE SET
       name = EXCLUDED.name, description = EXCLUDED.description, product_type = EXCLUDED.product_type,
       category_id = EXCLUDED.category_id, country = EXCLUDED.country, region = EXCLUDED.region,
       varietal = EXCLUDED.varietal, vintage = EXCLUDED.vintage, abv = EXCLUDED.abv,
       tasting_notes = EXCLUDED.tasting_notes, food_pairing = EXCLUDED.food_pairing, awards = EXCLUDED.awards,
       is_active = EXCLUDED.is_active, is_featured = EXCLUDED.is_featured, updated_at = now()
     RETURNING id, (xmax = 0) AS inserted`,
    [
      product.slug,
      product.name,
      product.description,
      product.productType,
      categoryId,
      product.country,
      product.region,
      product.varietal,
      product.vintage,
      product.abv,
      product.tastingNotes,
      product.foodPairing,
      product.awards,
      product.isActive,
      product.isFeatured,
    ],
  );
  const { id: productId, inserted } = saved.rows[0]!;
  if (inserted) counts.productsCreated += 1;
  else counts.productsUpdated += 1;

  const defaultSku = product.variants.find((variant) => variant.isDefault)!.sku;
  await client.query(
    'UPDATE product_variants SET is_default = false WHERE product_id = $1 AND is_default AND sku <> $2',
    [productId, defaultSku],
  );
  // The sizes' stock before the import, locked: the ledger gets a correction row for each change.
  const stockBefore = await client.query<{ id: number; stock: number }>(
    `SELECT id, stock FROM product_variants WHERE product_id = $1 AND sku = ANY($2::text[]) ORDER BY id
     FOR NO KEY UPDATE`,
    [productId, product.variants.map((variant) => variant.sku)],
  );
  const variants = await client.query<{ inserted: boolean; id: number; stock: number }>(
    `INSERT INTO product_variants (product_id, sku, name, volume_ml, pack_size, price, original_price, stock, is_default,
       sort_order)
     SELECT $1, x.sku, x.name, x.volume_ml, x.pack_size, x.price, x.original_price, x.stock, x.is_default, x.sort_order
     FROM unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::bool[], $10::int[])
       AS x(sku, name, volume_ml, pack_size, price, original_price, stock, is_default, sort_order)
     ON CONFLICT (sku) DO UPDATE SET
       name = EXCLUDED.name, volume_ml = EXCLUDED.volume_ml, pack_size = EXCLUDED.pack_size, price = EXCLUDED.price,
       original_price = EXCLUDED.original_price, stock = EXCLUDED.stock, is_default = EXCLUDED.is_default,
       sort_order = EXCLUDED.sort_order
     WHERE product_variants.product_id = EXCLUDED.product_id
     RETURNING (xmax = 0) AS inserted, id, stock`,
    [
      productId,
      product.variants.map((variant) => variant.sku),
      product.variants.map((variant) => variant.name),
      product.variants.map((variant) => variant.volumeMl),
      product.variants.map((variant) => variant.packSize),
      product.variants.map((variant) => variant.price),
      product.variants.map((variant) => variant.originalPrice),
      product.variants.map((variant) => variant.stock),
      product.variants.map((variant) => variant.isDefault),
      product.variants.map((_, index) => index),
    ],
  );
  if (variants.rowCount !== product.variants.length) {
    throw new Error(`a SKU of ${product.slug} was taken by another product during the import`);
  }
  for (const row of variants.rows) {
    if (row.inserted) counts.variantsCreated += 1;
    else counts.variantsUpdated += 1;
  }
  // New sizes get their opening balance from the database's trigger; changed ones a correction,
  // so each size's ledger still sums to its stock.
  const was = new Map(stockBefore.rows.map((row) => [row.id, row.stock]));
  const changed = variants.rows.filter(
    (row) => !row.inserted && was.has(row.id) && was.get(row.id) !== row.stock,
  );
  if (changed.length > 0) {
    await client.query(
      `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, actor_name)
       SELECT x.id, x.stock - x.before, x.stock, 'count_correction', 'CSV import', $4
       FROM unnest($1::int[], $2::int[], $3::int[]) AS x(id, stock, before)`,
      [
        changed.map((row) => row.id),
        changed.map((row) => row.stock),
        changed.map((row) => was.get(row.id)!),
        SYSTEM_ACTOR.name,
      ],
    );
  }

  let images = product.images?.map((url) => ({ url, alt: product.name }));
  if (!images && inserted) {
    images = productImages({
      name: product.name,
      vintage: product.vintage,
      style: styleFor(product.category, product.productType),
    });
  }
  if (images) {
    await client.query('DELETE FROM product_images WHERE product_id = $1', [productId]);
    await client.query(
      `INSERT INTO product_images (product_id, url, alt, sort_order)
       SELECT $1, x.url, x.alt, x.ord - 1 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(url, alt, ord)`,
      [productId, images.map((image) => image.url), images.map((image) => image.alt)],
    );
  }
}

/**
 * Imports a CSV file's text. Bad rows are reported (line, column, reason) and their products
 * left out; the rest is imported, each product in its own transaction, or, with `atomic`, the
 * whole file in one transaction and only when every row is good. `dryRun` only checks.
 */
export async function importProducts(
  pool: pg.Pool,
  text: string,
  options: { atomic?: boolean; dryRun?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<ImportSummary> {
  const read = readImportFile(text);
  const checked = await checkAgainstDatabase(pool, read.products);
  const problems = [...read.problems, ...checked.problems].sort((a, b) => a.line - b.line);
  const counts: Counts = {
    productsCreated: 0,
    productsUpdated: 0,
    variantsCreated: 0,
    variantsUpdated: 0,
    categoriesCreated: 0,
  };
  const summary = (imported: boolean): ImportSummary => ({
    rows: read.rows,
    products: imported ? checked.good.length : 0,
    ...counts,
    skippedProducts:
      read.skippedProducts +
      (read.products.length - checked.good.length) +
      (imported ? 0 : checked.good.length),
    problems,
    imported,
  });

  if (options.dryRun || checked.good.length === 0 || (options.atomic && problems.length > 0)) {
    return summary(false);
  }

  const client = await pool.connect();
  try {
    if (options.atomic) {
      await client.query('BEGIN');
      try {
        let done = 0;
        for (const product of checked.good) {
          await importProduct(client, product, counts);
          options.onProgress?.(++done, checked.good.length);
        }
        await notifyCatalogChanged(client, 'import');
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      return summary(true);
    }

    let done = 0;
    const failed: ImportProblem[] = [];
    for (const product of checked.good) {
      const before = { ...counts };
      try {
        await client.query('BEGIN');
        await importProduct(client, product, counts);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        Object.assign(counts, before);
        failed.push({
          line: product.line,
          message: `${product.slug} was not imported: ${(error as Error).message}`,
        });
      }
      options.onProgress?.(++done, checked.good.length);
    }
    await notifyCatalogChanged(client, 'import');
    problems.push(...failed);
    const result = summary(true);
    result.products -= failed.length;
    result.skippedProducts += failed.length;
    return result;
  } finally {
    client.release();
  }
}
