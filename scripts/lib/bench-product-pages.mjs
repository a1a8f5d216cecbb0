// Product pages and their JSON over every product, for `npm run bench` (see ../bench-routes.mjs).
//
// Every listed product, shuffled with a fixed seed, asked in turn across all connections (the
// warm-up goes on where it left off, so the measured part starts with products not yet asked):
// - product-pages: the server-rendered page, as a browser asks for it. In the demo cellar (114
//   products) every page is asked over and over, as on a busy day; at 100,000 products each page
//   is asked once in a run, as a crawler walks the catalog, so no cache of pages helps.
// - product-details: the API's JSON detail of each product, the same way.
import { databaseOf } from './bench-client.mjs';
import { randomSource, shuffled } from './bench-distinct.mjs';

const SEED = 20_261_129;

/** A request sequence that walks `paths` in turn, one per request, across all connections. */
function cycling(/** @type {string[]} */ paths, /** @type {Record<string, string>} */ headers) {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (/** @type {any} */ request) => {
        const path = paths[next % paths.length];
        next += 1;
        return { ...request, method: 'GET', path, headers };
      },
    },
  ];
}

/** Every listed product's slug, shuffled (the same order in every run). */
async function productSlugs(/** @type {string} */ dataDir) {
  const db = databaseOf(dataDir);
  try {
    const rows = (
      await db.query(
        'SELECT p.slug FROM products p JOIN categories c ON c.id = p.category_id WHERE p.listed AND c.is_active ORDER BY p.id',
      )
    ).rows;
    return shuffled(
      rows.map((row) => row.slug),
      randomSource(SEED),
    );
  } finally {
    await db.end();
  }
}

/**
 * @param {string} name
 * @param {string} label
 * @param {(slug: string) => string} pathOf
 * @param {Record<string, string>} headers
 * @returns {import('../bench-routes.mjs').BenchRoute}
 */
function everyProduct(name, label, pathOf, headers) {
  return {
    name,
    method: 'GET',
    path: pathOf('chateau-margaux-2015'),
    headers,
    async setup({ dataDir }) {
      const slugs = await productSlugs(dataDir);
      console.log(`[bench] ${name}: ${label} of ${slugs.length.toLocaleString('en-US')} products in turn`);
      return {
        path: pathOf(slugs[0] ?? 'chateau-margaux-2015'),
        requests: cycling(slugs.map(pathOf), headers),
      };
    },
  };
}

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const productPageRoutes = [
  everyProduct('product-pages', 'the pages', (slug) => `/products/${slug}`, {
    accept: 'text/html',
    'accept-encoding': 'br, gzip',
  }),
  everyProduct('product-details', 'the JSON details', (slug) => `/api/v1/products/products/${slug}/`, {
    accept: 'application/json',
    'accept-encoding': 'br, gzip',
  }),
];
