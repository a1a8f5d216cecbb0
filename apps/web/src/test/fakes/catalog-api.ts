import type {
  CatalogStats,
  Category,
  ProductCard,
  ProductDetail,
  ProductFacets,
} from '@shop/contract/catalog';
import type { PagedList } from '@shop/contract/pagination';
import { vi } from 'vitest';

/** Test data and a fake catalog API for the catalog's component tests. */

let nextId = 1;

export function makeProduct(overrides: Partial<ProductCard> = {}): ProductCard {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `bottle-${id}`,
    name: `Bottle ${id}`,
    price: 185_000,
    original_price: null,
    compare_at_price: null,
    sale_percentage: null,
    image: `/media/gen/v1/bottle/red-wine/2019/Qm90dGxl${id}.svg`,
    category_name: 'Red wine',
    category_slug: 'red-wine',
    region: 'Stellenbosch',
    country: 'South Africa',
    vintage: 2019,
    product_type: 'wine',
    average_rating: 4.3,
    review_count: 12,
    in_stock: true,
    default_variant_id: id * 10,
    is_featured: false,
    is_new: false,
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const card = makeProduct(overrides);
  return {
    ...card,
    description: 'A deep, generous Cape red with ripe plum and a touch of cedar.',
    varietal: 'Pinotage',
    abv: 14,
    tasting_notes: 'Plum, blackberry and smoke; soft tannins.',
    food_pairing: 'Grilled goat, beef stew and matooke.',
    awards: ['Gold, Veritas 2022'],
    category_id: 1,
    created_at: '2026-01-05T10:00:00.000Z',
    images: [
      { url: card.image ?? '/logo.svg', alt: `${card.name}, the bottle` },
      { url: `/media/gen/v1/pour/red-wine/2019/x${card.id}.svg`, alt: `${card.name}, poured` },
    ],
    variants: [
      {
        id: card.default_variant_id,
        sku: `SKU-${card.id}-750`,
        name: '750 ml bottle',
        volume_ml: 750,
        pack_size: 1,
        price: card.price,
        original_price: card.original_price,
        compare_at_price: card.original_price,
        sale_percentage: card.sale_percentage,
        stock: 24,
        in_stock: true,
        is_default: true,
      },
      {
        id: card.default_variant_id + 1,
        sku: `SKU-${card.id}-1500`,
        name: '1.5 L magnum',
        volume_ml: 1500,
        pack_size: 1,
        price: card.price * 2 + 20_000,
        original_price: null,
        compare_at_price: null,
        sale_percentage: null,
        stock: 3,
        in_stock: true,
        is_default: false,
      },
    ],
    related: [],
    ...overrides,
  };
}

export function makePage<T>(
  results: T[],
  { count, page = 1, pageSize }: { count?: number; page?: number; pageSize: number },
): PagedList<T> {
  const total = count ?? results.length;
  const totalPages = Math.ceil(total / pageSize);
  return { results, count: total, total_pages: totalPages, next: page < totalPages ? page + 1 : null };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  const id = overrides.id ?? nextId++;
  return {
    id,
    slug: `category-${id}`,
    name: `Category ${id}`,
    description: 'Bottles of one kind.',
    image: `/media/gen/v1/category/red-wine/nv/Y2F0${id}.svg`,
    product_count: 8,
    sort_order: id,
    ...overrides,
  };
}

export const sampleStats: CatalogStats = {
  product_count: 84,
  category_count: 11,
  featured_count: 14,
  new_count: 9,
  on_sale_count: 17,
};

export const emptyFacets: ProductFacets = {
  count: 0,
  categories: [],
  product_types: [],
  countries: [],
  price_bands: [],
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** What a fake endpoint answers: a body (200), or a Response for anything else. */
type Handler = (url: URL) => unknown;

/**
 * Replaces fetch with a fake API: each request to `/api/v1<path>` is answered by the handler of its
 * path (without the query string); a path without a handler answers 404. Answers the mock, whose
 * calls are the requested URLs.
 */
export function mockCatalogApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const handler = handlers[path];
    if (!handler) return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    const answer = await handler(url);
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** The requests made to a path, as URLs. */
    callsTo: (path: string) =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === `/api/v1${path}`),
  };
}

/**
 * happy-dom's IntersectionObserver never reports anything: this one says at once that every
 * observed element is in view, so that the parts of the home page drawn near the viewport appear.
 */
export function stubIntersectionObserver() {
  class InView {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(target: Element) {
      queueMicrotask(() =>
        this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never),
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', InView);
}
