import type { CatalogExportQuery } from '@shop/contract/categories-admin';
import type { Database } from '../../db/client';
import { type CsvValue, csvLine } from '../../lib/csv';
import { boundQuery } from '../../plugins/jobs';
import { IMPORT_HEADER } from '../catalog/import/import-products';

/**
 * The catalog as CSV in the `npm run import` format, one row per size, every product field on
 * each of its rows. Read a page of products at a time (keyset on id), so a 100,000-product
 * catalog streams without being held in memory. Importing the file changes nothing: a name or
 * description that starts like a formula is written with an apostrophe (never run by a
 * spreadsheet) and the import takes it off again (lib/csv.ts).
 */

const PAGE = 500;

type ExportRow = {
  id: number;
  product_slug: string;
  name: string;
  category: string;
  category_name: string;
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
  sku: string;
  variant_name: string;
  volume_ml: number;
  pack_size: number;
  price: number;
  original_price: number | null;
  stock: number;
  is_default: boolean;
};

function line(row: ExportRow): string {
  const values: Record<string, unknown> = {
    ...row,
    abv: row.abv === null ? null : Number(row.abv),
    awards: row.awards.join('|'),
    images: row.images.join('|'),
  };
  return csvLine(IMPORT_HEADER.split(',').map((column) => values[column] as CsvValue));
}

export async function* exportCatalog(db: Database, query: CatalogExportQuery): AsyncGenerator<string> {
  yield `${IMPORT_HEADER}\r\n`;
  const search = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  let after = 0;
  for (;;) {
    const ids = await db.execute<{ id: number }>(
      boundQuery(
        `SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id
         WHERE p.id > $1 AND ($2::text IS NULL OR c.slug = $2)
           AND ($3::text IS NULL OR p.name ILIKE $3 OR p.slug ILIKE $3
                OR EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.sku ILIKE $3))
         ORDER BY p.id LIMIT ${PAGE}`,
        [after, query.category ?? null, search],
      ),
    );
    if (ids.rows.length === 0) return;
    const page = ids.rows.map((row) => row.id);
    const rows = await db.execute<ExportRow>(
      boundQuery(
        `SELECT p.id, p.slug AS product_slug, p.name, c.slug AS category, c.name AS category_name,
                p.product_type::text AS product_type, p.country, p.region, p.varietal, p.vintage,
                p.abv::float8 AS abv, p.description, p.tasting_notes, p.food_pairing, p.awards, p.is_active,
                p.is_featured,
                coalesce((SELECT array_agg(i.url ORDER BY i.sort_order, i.id) FROM product_images i
                          WHERE i.product_id = p.id), '{}') AS images,
                v.sku, v.name AS variant_name, v.volume_ml, v.pack_size, v.price, v.original_price, v.stock,
                v.is_default
         FROM products p JOIN categories c ON c.id = p.category_id
         JOIN product_variants v ON v.product_id = p.id
         WHERE p.id = ANY($1::int[])
         ORDER BY p.id, v.is_default DESC, v.sort_order, v.id`,
        [page],
      ),
    );
    yield rows.rows.map(line).join('');
    after = page[page.length - 1]!;
  }
}
