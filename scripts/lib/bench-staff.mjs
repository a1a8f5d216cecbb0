// The back office's product list under load, for `npm run bench` (see ../bench-routes.mjs).
//
// - staff-products-distinct: one staff member's session asking for staff list pages that are all
//   different, as the /admin/products screen asks them (20 rows a page): every category and none
//   × every filter (listed, hidden, archived, in stock, low, out, on sale, featured) and none ×
//   every sort and the default × the pages each of those has (up to 20), and typo-tolerant
//   searches made from the catalog's own words (as search-distinct makes them, with another
//   seed), some sorted or filtered. Shuffled with a fixed seed so that runs compare. The staff
//   list has no cache (it answers `no-store` and reads the database each time); the list being
//   different on every request keeps PostgreSQL from meeting the same page again in a run.
//
// Each request is labelled list or search (`context.group`): the bench reports the latency of
// each group besides the route's own.
import { databaseOf, signInStaff } from './bench-client.mjs';
import { distinctQueries, randomSource, shuffled } from './bench-distinct.mjs';

/** As ADMIN_PRODUCTS_PAGE_SIZE of the web's staff list. */
const PAGE_SIZE = 20;
/** Pages a staff member pages through at most, in any one list. */
const MAX_PAGES = 20;
const SEARCHES = 5_000;
const SEED = 20_261_127;

/** The staff list's filters, each with the SQL that counts what it matches (as its repository). */
const FILTERS = [
  { query: '', where: 'true' },
  { query: '&status=listed', where: 'listed' },
  { query: '&status=hidden', where: 'NOT listed AND archived_at IS NULL' },
  { query: '&status=archived', where: 'archived_at IS NOT NULL' },
  { query: '&stock=in_stock', where: 'in_stock' },
  { query: '&stock=low', where: 'low_stock' },
  { query: '&stock=out', where: 'NOT in_stock' },
  { query: '&on_sale=true', where: 'original_price > price' },
  { query: '&featured=true', where: 'is_featured' },
];
/** ADMIN_PRODUCT_SORTS of the contract, and none (recently edited; relevance for a search). */
const SORTS = ['', 'name', '-name', 'newest', 'updated', 'price', '-price', 'stock', '-stock'];

const LIST_PATH = '/api/v1/admin/catalog/products/';

/**
 * Every list page that exists: a filter in a category (or all) only gets the pages its matches
 * fill, so no request asks past the end (an empty page costs nothing and would flatter the figures).
 * @param {import('pg').Pool} db
 */
async function listPaths(db) {
  const counts = (
    await db.query(
      `SELECT category_id, ${FILTERS.map((filter, index) => `count(*) FILTER (WHERE ${filter.where})::int AS f${index}`).join(', ')}
       FROM products GROUP BY ROLLUP (category_id)`,
    )
  ).rows;
  /** @type {string[]} */
  const paths = [];
  for (const row of counts) {
    const category = row.category_id === null ? '' : `&category=${row.category_id}`;
    FILTERS.forEach((filter, index) => {
      const pages = Math.max(1, Math.min(MAX_PAGES, Math.ceil(row[`f${index}`] / PAGE_SIZE)));
      for (const sort of SORTS)
        for (let page = 1; page <= pages; page++)
          paths.push(
            `${LIST_PATH}?page_size=${PAGE_SIZE}&page=${page}${category}${filter.query}${sort ? `&sort=${sort}` : ''}`,
          );
    });
  }
  return paths;
}

/**
 * Typo-tolerant searches over every product: most by relevance, a quarter sorted, a quarter
 * filtered (the ones staff use with a search: status and stock).
 * @param {import('pg').Pool} db
 */
async function searchPaths(db) {
  const products = (
    await db.query('SELECT name, vintage, varietal, region FROM products ORDER BY id LIMIT 600')
  ).rows;
  const random = randomSource(SEED);
  const searchFilters = FILTERS.slice(1, 7);
  return distinctQueries(products, SEARCHES, SEED).map((query) => {
    const kind = random();
    const extra =
      kind < 0.25
        ? `&sort=${SORTS[1 + Math.floor(random() * (SORTS.length - 1))]}`
        : kind < 0.5
          ? searchFilters[Math.floor(random() * searchFilters.length)]?.query
          : '';
    return `${LIST_PATH}?page_size=${PAGE_SIZE}&q=${encodeURIComponent(query)}${extra ?? ''}`;
  });
}

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const staffRoutes = [
  {
    name: 'staff-products-distinct',
    method: 'GET',
    path: `${LIST_PATH}?page_size=${PAGE_SIZE}`,
    async setup({ baseUrl, dataDir }) {
      const token = await signInStaff(baseUrl, dataDir, 'Bench Staff List');
      const db = databaseOf(dataDir);
      let lists;
      let searches;
      try {
        lists = await listPaths(db);
        searches = await searchPaths(db);
      } finally {
        await db.end();
      }
      const requests = shuffled(
        [
          ...lists.map((path) => ({ path, group: 'list' })),
          ...searches.map((path) => ({ path, group: 'search' })),
        ],
        randomSource(SEED),
      );
      console.log(
        `[bench] staff-products-distinct: ${requests.length.toLocaleString('en-US')} distinct requests ` +
          `(${lists.length.toLocaleString('en-US')} list pages, ${searches.length.toLocaleString('en-US')} searches), e.g. ` +
          searches
            .slice(0, 3)
            .map((path) => decodeURIComponent(path.slice(LIST_PATH.length)))
            .join(', '),
      );
      const headers = {
        accept: 'application/json',
        'accept-encoding': 'br, gzip',
        authorization: `Bearer ${token}`,
      };
      let next = 0;
      return {
        headers,
        requests: [
          {
            method: 'GET',
            setupRequest: (/** @type {any} */ request, /** @type {any} */ context) => {
              const chosen = requests[next % requests.length];
              next += 1;
              context.group = chosen?.group;
              return { ...request, method: 'GET', path: chosen?.path, headers };
            },
          },
        ],
      };
    },
  },
];
