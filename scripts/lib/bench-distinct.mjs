// Catalog reads that no cache can answer, for `npm run bench` (see ../bench-routes.mjs).
//
// - search-distinct: searches as visitors type them, each different: 5,000 queries made from the
//   catalog's own words (misspelt, cut short as typed, two words of one product's name, a name
//   word with a vintage), with a fixed seed so that runs compare. The server's catalog cache
//   keeps 2,000 entries (a search fills two: the page and its count), so a cycle of 5,000 never
//   meets an answer still cached.
// - list-distinct: list pages over categories × orderings × filters × page numbers, shuffled with
//   a fixed seed (about 20,000 combinations): a crawler or many visitors browsing.
import { databaseOf } from './bench-client.mjs';

const QUERY_COUNT = 5_000;
const SEED = 20_261_125;
const json = { accept: 'application/json', 'accept-encoding': 'br, gzip' };

/** mulberry32: a small deterministic generator, so every run asks the same things. */
export function randomSource(/** @type {number} */ seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const VOWELS = 'aeiouy';

/** One typing slip: a letter dropped, doubled, swapped with its neighbour, or a vowel changed. */
function misspell(/** @type {string} */ word, /** @type {() => number} */ random) {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default: {
      const vowels = [...word]
        .map((char, index) => (VOWELS.includes(char) ? index : -1))
        .filter((i) => i > 0);
      if (vowels.length === 0) return word.slice(0, at) + word.slice(at + 1);
      const index = vowels[Math.floor(random() * vowels.length)] ?? 1;
      const other = VOWELS.replace(word[index] ?? '', '');
      return word.slice(0, index) + other[Math.floor(random() * other.length)] + word.slice(index + 1);
    }
  }
}

/** The word as typed so far: at least 3 letters, never the whole word. */
function partial(/** @type {string} */ word, /** @type {() => number} */ random) {
  if (word.length < 5) return word;
  return word.slice(0, 3 + Math.floor(random() * (word.length - 3)));
}

const wordsOf = (/** @type {string} */ text) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3);

/**
 * QUERY_COUNT distinct queries from the catalog's product names, grapes and regions.
 * @param {{ name: string, vintage: number | null, varietal: string | null, region: string | null }[]} products
 */
export function distinctQueries(products, count = QUERY_COUNT, seed = SEED) {
  const random = randomSource(seed);
  const pick = (/** @type {any[]} */ list) => list[Math.floor(random() * list.length)];
  const named = products.filter((product) => wordsOf(product.name).length > 0);
  const vintages = products.map((product) => product.vintage).filter((vintage) => vintage !== null);
  const queries = new Set();
  for (let attempt = 0; queries.size < count && attempt < count * 50; attempt++) {
    const product = pick(named);
    const words = wordsOf(product.name).filter((word) => !/^\d+$/.test(word));
    const word = pick(words.length > 0 ? words : wordsOf(product.name));
    const kind = random();
    let query;
    if (kind < 0.3) query = misspell(word, random);
    else if (kind < 0.5) query = partial(word, random);
    else if (kind < 0.7 && words.length >= 2) {
      // Two words of one name, the second one still being typed or mistyped.
      const first = Math.floor(random() * (words.length - 1));
      const next = /** @type {string} */ (words[first + 1]);
      const second = random() < 0.5 ? partial(next, random) : misspell(next, random);
      query = `${words[first]} ${second}`;
    } else if (kind < 0.85 && vintages.length > 0) {
      query = `${random() < 0.5 ? misspell(word, random) : word} ${product.vintage ?? pick(vintages)}`;
    } else {
      const place = wordsOf(`${product.varietal ?? ''} ${product.region ?? ''}`);
      query = place.length > 0 ? `${misspell(pick(place), random)} ${word}` : misspell(word, random);
    }
    queries.add(query);
  }
  return [...queries];
}

/** Fisher–Yates with the fixed seed. */
export function shuffled(/** @type {any[]} */ items, /** @type {() => number} */ random) {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other], result[index]];
  }
  return result;
}

/** A request sequence that walks `paths` in turn, one per request, across all connections. */
function cycling(/** @type {string[]} */ paths) {
  let next = 0;
  return [
    {
      method: 'GET',
      setupRequest: (/** @type {any} */ request) => {
        const path = paths[next % paths.length];
        next += 1;
        return { ...request, method: 'GET', path, headers: json };
      },
    },
  ];
}

/** @type {import('../bench-routes.mjs').BenchRoute[]} */
export const distinctRoutes = [
  {
    name: 'search-distinct',
    method: 'GET',
    path: '/api/v1/products/products/?search=glenfidish%2018&page_size=12',
    headers: json,
    async setup({ dataDir }) {
      const db = databaseOf(dataDir);
      let products;
      try {
        // The first products by id: at scale, the demo cellar then the first variations of each bottle.
        products = (
          await db.query(
            'SELECT name, vintage, varietal, region FROM products WHERE listed ORDER BY id LIMIT 600',
          )
        ).rows;
      } finally {
        await db.end();
      }
      const queries = distinctQueries(products);
      console.log(
        `[bench] search-distinct: ${queries.length} distinct queries, e.g. ${queries
          .slice(0, 6)
          .map((query) => `"${query}"`)
          .join(', ')}`,
      );
      return {
        requests: cycling(
          queries.map(
            (query) => `/api/v1/products/products/?search=${encodeURIComponent(query)}&page_size=12`,
          ),
        ),
      };
    },
  },
  {
    name: 'list-distinct',
    method: 'GET',
    path: '/api/v1/products/products/?page_size=12&page=2',
    headers: json,
    async setup({ dataDir }) {
      const db = databaseOf(dataDir);
      let categories;
      let countries;
      let total;
      try {
        categories = (await db.query('SELECT slug FROM categories WHERE is_active ORDER BY id')).rows.map(
          (row) => row.slug,
        );
        countries = (
          await db.query(
            'SELECT country FROM products WHERE listed AND country IS NOT NULL GROUP BY country ORDER BY count(*) DESC LIMIT 4',
          )
        ).rows.map((row) => row.country);
        total = (await db.query('SELECT count(*)::int AS count FROM products WHERE listed')).rows[0].count;
      } finally {
        await db.end();
      }
      const orderings = ['', 'newest', 'price', '-price', 'rating', '-rating', 'name', '-name'];
      const filters = [
        '',
        '&in_stock=true',
        '&on_sale=true',
        '&price_min=100000&price_max=300000',
        ...countries.map((country) => `&country=${encodeURIComponent(country)}`),
      ];
      // Pages a visitor or a crawler reaches: the first twenty, or fewer in a small catalog.
      const pages = Math.max(1, Math.min(20, Math.ceil(total / 12 / 4)));
      /** @type {string[]} */
      const paths = [];
      for (const category of ['', ...categories])
        for (const ordering of orderings)
          for (const filter of filters)
            for (let page = 1; page <= pages; page++) {
              paths.push(
                `/api/v1/products/products/?page_size=12&page=${page}` +
                  `${category ? `&category=${category}` : ''}${ordering ? `&ordering=${ordering}` : ''}${filter}`,
              );
            }
      console.log(`[bench] list-distinct: ${paths.length} distinct list pages (${pages} pages per list)`);
      return { requests: cycling(shuffled(paths, randomSource(SEED))) };
    },
  },
];
