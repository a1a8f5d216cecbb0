import {
  type CatalogStats,
  type Category,
  type CategoryListResponse,
  DEFAULT_PRODUCT_ORDERING,
  DEFAULT_SEARCH_ORDERING,
  PRICE_BANDS,
  type ProductCard,
  type ProductDetail,
  type ProductFacets,
  type ProductFacetsQuery,
  type ProductListQuery,
  type ProductListResponse,
  type ProductType,
  priceBandLabel,
  RELATED_PRODUCTS_LIMIT,
  salePercentage,
} from '@shop/contract/catalog';
import { ADMIN_PRODUCT_DEFAULT_SORT, type AdminProductListFilters } from '@shop/contract/catalog-admin';
import { type PageQuery, pageOffset, toPagedList } from '@shop/contract/pagination';
import { type ResponsivePicture, responsivePicture } from '@shop/contract/product-images';
import type { Database } from '../../db/client';
import { invalidInput, notFound } from '../../errors';
import {
  type CardImage,
  type CardRow,
  findCategories,
  findCategoryIndex,
  findProductDetail,
  findSlugRedirect,
} from './catalog.repository';
import type { CachedAnswer, CatalogCache } from './catalog-cache';
import type { ListOrder, ProductFilters, StaffRow } from './catalog-index';
import type { CatalogIndexKeeper } from './catalog-index-keeper';

export type ProductSection = 'featured' | 'new' | 'on_sale';

/** List and search pages: kept as JSON alone, and only once asked twice (see CatalogCache.get). */
const PAGE_CACHING = { valueOnDemand: true, keepWhenAskedAgain: true } as const;

/** An uploaded photo's srcsets (null for drawings and imported files, which have one file). */
function pictureOf(image: Omit<CardImage, 'url'> | null): ResponsivePicture | null {
  if (!image?.hash || !image.width || !image.height || !image.widths?.length) return null;
  return responsivePicture({
    hash: image.hash,
    width: image.width,
    height: image.height,
    widths: image.widths,
  });
}

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    price: row.price,
    original_price: row.original_price,
    compare_at_price: row.original_price,
    sale_percentage: salePercentage(row.price, row.original_price),
    image: row.image?.url ?? null,
    picture: pictureOf(row.image),
    category_name: row.category_name,
    category_slug: row.category_slug,
    region: row.region,
    country: row.country,
    vintage: row.vintage,
    product_type: row.product_type,
    average_rating: Number(row.average_rating),
    review_count: row.review_count,
    in_stock: row.in_stock,
    default_variant_id: row.default_variant_id,
    is_featured: row.is_featured,
    is_new: row.is_new,
  };
}

/** Search text as the cache and the database see it: one space between words, lower case. */
function normalizeText(text: string | undefined) {
  const normalized = text?.replace(/\s+/g, ' ').trim().toLowerCase();
  return normalized ? normalized : undefined;
}

/**
 * The catalog's read side. Lists, searches, facets, counts and related products come from the
 * instance's catalog index alone (`keeper.read()` waits until it holds every change committed
 * before the request); a product's page and the categories from PostgreSQL. Every answer goes
 * through the cache: the caller gets the value, its JSON and its ETag.
 */
export function createCatalogService(db: Database, cache: CatalogCache, keeper: CatalogIndexKeeper) {
  const categoryIndex = () =>
    cache.get('categories:index', async () => {
      const rows = await findCategoryIndex(db);
      const byKey = new Map<string, number>();
      for (const row of rows) {
        if (!row.is_active) continue;
        byKey.set(String(row.id), row.id);
        byKey.set(row.slug.toLowerCase(), row.id);
      }
      return byKey;
    });

  async function resolveCategory(category: string | undefined): Promise<number | undefined> {
    if (category === undefined) return undefined;
    const index = (await categoryIndex()).value;
    const id = index.get(category.toLowerCase());
    if (id === undefined) throw invalidInput([{ field: 'category', message: 'is not a known category' }]);
    return id;
  }

  async function toFilters(query: ProductFacetsQuery): Promise<ProductFilters> {
    return {
      search: normalizeText(query.search),
      categoryId: await resolveCategory(query.category),
      type: query.type,
      country: normalizeText(query.country),
      region: normalizeText(query.region),
      varietal: normalizeText(query.varietal),
      vintageMin: query.vintage_min,
      vintageMax: query.vintage_max,
      priceMin: query.price_min,
      priceMax: query.price_max,
      onSale: query.on_sale,
      inStock: query.in_stock,
      // "See all" of the home page's sections opens these lists.
      featured: query.featured === true ? true : undefined,
      newArrivals: query.new_arrivals === true ? true : undefined,
    };
  }

  function page(
    keyPrefix: string,
    filters: ProductFilters,
    order: ListOrder,
    paging: PageQuery,
  ): Promise<CachedAnswer<ProductListResponse>> {
    const key = `${keyPrefix}:${order}:${paging.page}:${paging.page_size}:${JSON.stringify(filters)}`;
    const { search } = filters;
    if (search) {
      return cache.get(key, () => searchPage({ ...filters, search }, order, paging), PAGE_CACHING);
    }
    return cache.get(
      key,
      async () => {
        const index = await keeper.read();
        const found = index.list(filters, order, paging.page_size, pageOffset(paging));
        return toPagedList(index.cards(found.ids).map(toCard), found.count, paging);
      },
      PAGE_CACHING,
    );
  }

  /** A search's page and count; when not every word matches, any word may. */
  async function searchPage(
    filters: ProductFilters & { search: string },
    order: ListOrder,
    paging: PageQuery,
  ): Promise<ProductListResponse> {
    const offset = pageOffset(paging);
    const index = await keeper.read();
    let hits = index.search(filters, order, paging.page_size, offset, true);
    if (hits.count === 0 && filters.search.includes(' ')) {
      hits = index.search(filters, order, paging.page_size, offset, false);
    }
    const list: ProductListResponse = toPagedList(index.cards(hits.ids).map(toCard), hits.count, paging);
    return hits.capped ? { ...list, count_capped: true } : list;
  }

  return {
    /** The catalog index's keeper, for tests, readiness and the writers that wait for it. */
    indexKeeper: keeper,

    /**
     * A page of the back office's product list (every product, hidden and archived ones too; a
     * search also finds SKUs by their start), from the index once it holds every change committed
     * before the request: a staff member's own change is in it. Not cached (few readers).
     */
    async staffPage(query: AdminProductListFilters): Promise<{ rows: StaffRow[]; count: number }> {
      const filters: ProductFilters = {
        staff: true,
        search: normalizeText(query.q),
        categoryId: query.category,
        status: query.status,
        // The storefront's "in stock" rule, and its opposite.
        inStock: query.stock === 'in_stock' ? true : query.stock === 'out' ? false : undefined,
        lowStock: query.stock === 'low' ? true : undefined,
        onSale: query.on_sale,
        featured: query.featured,
      };
      const order: ListOrder = query.sort ?? (filters.search ? 'relevance' : ADMIN_PRODUCT_DEFAULT_SORT);
      const offset = pageOffset(query);
      const index = await keeper.read();
      const { search } = filters;
      const found = search
        ? index.search({ ...filters, search }, order, query.page_size, offset, true)
        : index.list(filters, order, query.page_size, offset);
      return { rows: index.staffRows(found.ids), count: found.count };
    },

    async listProducts(query: ProductListQuery) {
      const filters = await toFilters(query);
      const requested =
        query.ordering ?? (filters.search ? DEFAULT_SEARCH_ORDERING : DEFAULT_PRODUCT_ORDERING);
      const order: ListOrder =
        requested === 'relevance' && !filters.search ? DEFAULT_PRODUCT_ORDERING : requested;
      return page('list', filters, order, query);
    },

    listSection(section: ProductSection, paging: PageQuery) {
      switch (section) {
        case 'featured':
          return page('featured', { featured: true }, 'featured', paging);
        case 'new':
          return page('new', { newArrivals: true }, 'newest', paging);
        case 'on_sale':
          return page('on_sale', { onSale: true }, 'discount', paging);
      }
    },

    async facets(query: ProductFacetsQuery): Promise<CachedAnswer<ProductFacets>> {
      const filters = await toFilters(query);
      return cache.get(`facets:${JSON.stringify(filters)}`, async () => {
        const [index, categories] = await Promise.all([
          keeper.read(),
          cache.get('categories', () => loadCategories()),
        ]);
        const allWords = index.facetRows(filters, true);
        // As the list: when not every word matches, the counts are those of any word.
        const nothing = !allWords.some((row) => row.facet === 'total' && row.count > 0);
        const rows = nothing && filters.search?.includes(' ') ? index.facetRows(filters, false) : allWords;
        const byId = new Map(categories.value.results.map((category) => [category.id, category]));
        const facets: ProductFacets = {
          count: 0,
          categories: [],
          product_types: [],
          countries: [],
          price_bands: [],
        };
        const bandCounts = new Map<string, number>();
        for (const row of rows) {
          if (row.facet === 'total') facets.count = row.count;
          else if (row.facet === 'category') {
            const category = byId.get(Number(row.key));
            if (category) {
              facets.categories.push({
                id: category.id,
                slug: category.slug,
                name: category.name,
                count: row.count,
              });
            }
          } else if (row.facet === 'type')
            facets.product_types.push({ value: row.key as ProductType, count: row.count });
          else if (row.facet === 'country') facets.countries.push({ value: row.key, count: row.count });
          else if (row.facet === 'price') bandCounts.set(row.key, row.count);
        }
        const categoryOrder = categories.value.results.map((category) => category.id);
        facets.categories.sort((a, b) => categoryOrder.indexOf(a.id) - categoryOrder.indexOf(b.id));
        facets.product_types.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
        facets.countries.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
        for (const band of PRICE_BANDS) {
          const count = bandCounts.get(band.key);
          if (count)
            facets.price_bands.push({
              key: band.key,
              label: priceBandLabel(band),
              min: band.min,
              max: band.max,
              count,
            });
        }
        return facets;
      });
    },

    stats(): Promise<CachedAnswer<CatalogStats>> {
      return cache.get('stats', async () => {
        const [index, categories] = await Promise.all([
          keeper.read(),
          cache.get('categories', loadCategories),
        ]);
        const count = (filters: ProductFilters) => index.list(filters, 'newest', 0, 0).count;
        return {
          product_count: count({}),
          featured_count: count({ featured: true }),
          new_count: count({ newArrivals: true }),
          on_sale_count: count({ onSale: true }),
          category_count: categories.value.count,
        };
      });
    },

    categories(): Promise<CachedAnswer<CategoryListResponse>> {
      return cache.get('categories', () => loadCategories());
    },

    async product(idOrSlug: string): Promise<CachedAnswer<ProductDetail>> {
      const key = /^\d{1,9}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug.toLowerCase() };
      const answer = await cache.get(`product:${JSON.stringify(key)}`, async () => {
        const [row, index] = await Promise.all([findProductDetail(db, key), keeper.read()]);
        if (!row) return null;
        const detail: ProductDetail = {
          ...toCard(row),
          description: row.description,
          varietal: row.varietal,
          abv: row.abv === null ? null : Number(row.abv),
          tasting_notes: row.tasting_notes,
          food_pairing: row.food_pairing,
          awards: row.awards,
          category_id: row.category_id,
          created_at: new Date(row.created_at).toISOString(),
          images: row.images.map((image) => ({
            url: image.url,
            alt: image.alt,
            picture: pictureOf({ ...image, hash: image.media_hash }),
          })),
          variants: row.variants.map((variant) => ({
            id: variant.id,
            sku: variant.sku,
            name: variant.name,
            volume_ml: variant.volume_ml,
            pack_size: variant.pack_size,
            price: variant.price,
            original_price: variant.original_price,
            compare_at_price: variant.original_price,
            sale_percentage: salePercentage(variant.price, variant.original_price),
            stock: variant.stock,
            in_stock: variant.stock > 0,
            ...(variant.hamper_parts ? { hamper_parts: variant.hamper_parts } : {}),
            is_default: variant.is_default,
          })),
          related: index.cards(index.related(row.id, RELATED_PRODUCTS_LIMIT)).map(toCard),
        };
        return detail;
      });
      if (answer.value === null) throw notFound('Product');
      return answer as CachedAnswer<ProductDetail>;
    },

    /** The slug a renamed product answers to now, for an old slug of it (a redirect), if any. */
    async renamedTo(idOrSlug: string): Promise<string | undefined> {
      if (/^\d{1,9}$/.test(idOrSlug)) return undefined;
      return findSlugRedirect(db, idOrSlug.toLowerCase());
    },
  };

  async function loadCategories(): Promise<CategoryListResponse> {
    const [rows, index] = await Promise.all([findCategories(db), keeper.read()]);
    const results: Category[] = rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      image: row.image,
      product_count: index.list({ categoryId: row.id }, 'newest', 0, 0).count,
      sort_order: row.sort_order,
    }));
    return { results, count: results.length, total_pages: results.length > 0 ? 1 : 0, next: null };
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>;
