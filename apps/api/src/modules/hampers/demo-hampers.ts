import type pg from 'pg';
import { categoryImageUrl } from '../catalog/media/media-urls';

/**
 * The demo shop's hampers (decision 0035): a "Gifts & Hampers" category with two non-alcoholic
 * parts (glasses, chocolates) and two hampers composed of demo cellar bottles and them. Seeded
 * once, after the cellar, only when the cellar's bottles are there and no such category is.
 */

const CATEGORY = {
  slug: 'gifts-hampers',
  name: 'Gifts & Hampers',
  description: 'Hampers made up in the shop: bottles with glasses and chocolates, ready to give.',
};

type Part = { productName: string; quantity: number };
type DemoItem = {
  slug: string;
  name: string;
  sku: string;
  price: number;
  stock: number;
  description: string;
  parts?: Part[];
};

const ITEMS: DemoItem[] = [
  {
    slug: 'crystal-flute-pair',
    name: 'Crystal Champagne Flutes (pair)',
    sku: 'GFT-FLUTE-2',
    price: 85_000,
    stock: 24,
    description: 'Two lead-free crystal flutes in a gift box. Non-alcoholic.',
  },
  {
    slug: 'kampala-chocolate-box',
    name: 'Ugandan Dark Chocolate Box',
    sku: 'GFT-CHOC-250',
    price: 45_000,
    stock: 30,
    description: 'Single-origin dark chocolates from Bundibugyo cocoa, 250 g. Non-alcoholic.',
  },
  {
    slug: 'celebration-champagne-hamper',
    name: 'Celebration Champagne Hamper',
    sku: 'GFT-HMP-CHAMP',
    price: 720_000,
    stock: 0,
    description:
      'Two bottles of Moët & Chandon Impérial Brut, a pair of crystal flutes and a box of Ugandan dark chocolates, in a woven basket.',
    parts: [
      { productName: 'Moët & Chandon Impérial Brut', quantity: 2 },
      { productName: 'Crystal Champagne Flutes (pair)', quantity: 1 },
      { productName: 'Ugandan Dark Chocolate Box', quantity: 1 },
    ],
  },
  {
    slug: 'whisky-gentlemans-hamper',
    name: "Whisky Connoisseur's Hamper",
    sku: 'GFT-HMP-WHISKY',
    price: 520_000,
    stock: 0,
    description:
      'Johnnie Walker Black Label and Glenfiddich 12 Year Old with a box of Ugandan dark chocolates: a corporate favourite.',
    parts: [
      { productName: 'Johnnie Walker Black Label 12 Year Old', quantity: 1 },
      { productName: 'Glenfiddich 12 Year Old', quantity: 1 },
      { productName: 'Ugandan Dark Chocolate Box', quantity: 1 },
    ],
  },
];

const LOCK_KEY = 5_203_905_2;

/** Answers how many hampers it made (0 when already there or the cellar is not the demo's). */
export async function seedDemoHampersIfAbsent(
  database: { pool: pg.Pool },
  log?: { info: (message: string) => void },
): Promise<number> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const present = await client.query('SELECT 1 FROM categories WHERE slug = $1', [CATEGORY.slug]);
    const bottles = await client.query<{ name: string; variant_id: number }>(
      `SELECT p.name, p.default_variant_id AS variant_id FROM products p
       WHERE p.name = ANY($1::text[]) AND p.default_variant_id IS NOT NULL`,
      [ITEMS.flatMap((item) => item.parts ?? []).map((part) => part.productName)],
    );
    const needed = new Set(
      ITEMS.flatMap((item) => item.parts ?? [])
        .map((part) => part.productName)
        .filter((name) => !ITEMS.some((item) => item.name === name)),
    );
    if (present.rowCount || bottles.rows.filter((row) => needed.has(row.name)).length < needed.size) {
      await client.query('ROLLBACK');
      return 0;
    }
    const category = await client.query<{ id: number }>(
      `INSERT INTO categories (slug, name, description, image, sort_order)
       VALUES ($1, $2, $3, $4, (SELECT coalesce(max(sort_order), 0) + 1 FROM categories)) RETURNING id`,
      [CATEGORY.slug, CATEGORY.name, CATEGORY.description, categoryImageUrl(CATEGORY.name, 'champagne')],
    );
    const sizeOf = new Map(bottles.rows.map((row) => [row.name, row.variant_id]));
    let hampers = 0;
    for (const item of ITEMS) {
      const product = await client.query<{ id: number }>(
        `INSERT INTO products (slug, name, description, product_type, category_id, country, is_active)
         VALUES ($1, $2, $3, 'other', $4, 'Uganda', true) RETURNING id`,
        [item.slug, item.name, item.description, category.rows[0]!.id],
      );
      const size = await client.query<{ id: number }>(
        `INSERT INTO product_variants (product_id, sku, name, volume_ml, pack_size, price, stock, is_default)
         VALUES ($1, $2, $3, 750, 1, $4, $5, true) RETURNING id`,
        [product.rows[0]!.id, item.sku, item.parts ? 'Hamper' : 'Gift box', item.price, item.stock],
      );
      sizeOf.set(item.name, size.rows[0]!.id);
      if (!item.parts) continue;
      hampers++;
      await client.query(
        `INSERT INTO hamper_parts (hamper_variant_id, part_variant_id, quantity, position)
         SELECT $1, x.id, x.quantity, x.position::int
         FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS x(id, quantity, position)`,
        [
          size.rows[0]!.id,
          item.parts.map((part) => sizeOf.get(part.productName)!),
          item.parts.map((part) => part.quantity),
        ],
      );
    }
    await client.query('COMMIT');
    log?.info(`Seeded ${hampers} demo hampers in ${CATEGORY.name}`);
    return hampers;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
