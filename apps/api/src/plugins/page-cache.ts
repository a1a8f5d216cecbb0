import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';

/*
 * The server-rendered pages, kept compressed (docs/decisions/0019): least recently used go first
 * within a byte budget, a page is kept from its first render, and a catalog change drops only the
 * pages it can have changed, on every instance (the `catalog_changed` notification names the
 * products).
 */

/** What a rendered page shows of the catalog, so that a change drops it and no other page. */
export type PageDependencies =
  /** Any catalog change may change it (home, lists, content pages with the categories' menu). */
  | { kind: 'catalog' }
  /**
   * A product page: the products it shows (its own, its related ones), and the window its related
   * products were chosen from (the category's products nearest in price): a product that comes
   * into that window (a new one, a price or category changed) may be one of them now.
   */
  | {
      kind: 'product';
      products: number[];
      related: { categoryId: number; minPrice: number; maxPrice: number; full: boolean };
    };

/** A product as it is now, after a change (listed ones only). */
export type ChangedProduct = { id: number; categoryId: number; price: number };

export type CachedPage = {
  br: Buffer;
  /** Compressed tightly (asked again since its render), or still quickly (see PAGE_BROTLI_QUALITY). */
  tight: boolean;
  gzip?: Buffer;
  /** Made once per kept page: a validator the browser sends back (If-None-Match). */
  etag: string;
  dependencies: PageDependencies;
};

/**
 * Brotli's quality for a page: quick (1) when it is rendered, as most pages of a crawler's walk
 * are never asked again; tight (5) once it is asked again, and then sent many times (figures in
 * decision 0020).
 */
export const PAGE_BROTLI_QUALITY = { first: 1, kept: 5 } as const;

export function compressPage(html: string, encoding: 'br' | 'gzip', tight = false): Buffer {
  const bytes = Buffer.byteLength(html);
  const chunkSize = Math.max(1024, bytes);
  if (encoding === 'gzip') return zlib.gzipSync(html, { level: 6, chunkSize });
  return zlib.brotliCompressSync(html, {
    chunkSize,
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: tight ? PAGE_BROTLI_QUALITY.kept : PAGE_BROTLI_QUALITY.first,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  });
}

/** A buffer of its own size (not a slice of a larger output buffer kept alive with it). */
function ownBuffer(buffer: Buffer): Buffer {
  if (buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const copy = Buffer.allocUnsafeSlow(buffer.byteLength);
  buffer.copy(copy);
  return copy;
}

const add = <K>(index: Map<K, Set<string>>, key: K, url: string) => {
  let urls = index.get(key);
  if (!urls) {
    urls = new Set();
    index.set(key, urls);
  }
  urls.add(url);
};

const remove = <K>(index: Map<K, Set<string>>, key: K, url: string) => {
  const urls = index.get(key);
  if (!urls) return;
  urls.delete(url);
  if (urls.size === 0) index.delete(key);
};

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  /** Pages by a product they show, by the category of their related products, and catalog-wide. */
  private readonly byProduct = new Map<number, Set<string>>();
  private readonly byCategory = new Map<number, Set<string>>();
  private readonly catalogWide = new Set<string>();
  /** Advanced by every drop: a page rendered across one may show what was before it, and is not kept. */
  private generation = 0;
  private readonly etagPrefix = crypto.randomBytes(4).toString('base64url');
  private etagCounter = 0;
  /** Running totals of pages served kept and rendered (counted by the server, once per request; /metrics). */
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: maxBytes,
      sizeCalculation: (page, url) => page.br.byteLength + (page.gzip?.byteLength ?? 0) + url.length + 200,
      dispose: (page, url) => this.unindex(url, page.dependencies),
    });
  }

  get size(): number {
    return this.pages.size;
  }

  /** The compressed bytes kept (with a small allowance per page). */
  get keptBytes(): number {
    return this.pages.calculatedSize;
  }

  /**
   * The kept page at this URL (and now the most recently used), if any; compressed tightly from
   * its second ask.
   */
  get(url: string): CachedPage | undefined {
    const page = this.pages.get(url);
    if (page && !page.tight) {
      const html = zlib.brotliDecompressSync(page.br).toString('utf8');
      page.br = ownBuffer(compressPage(html, 'br', true));
      page.tight = true;
      this.resize(url, page);
    }
    return page;
  }

  /** Sets the page again, for its new size to count (dispose, then index again). */
  private resize(url: string, page: CachedPage) {
    if (this.pages.peek(url) !== page) return;
    this.pages.set(url, page);
    if (this.pages.peek(url) === page) this.index(url, page.dependencies);
  }

  /** A mark to pass to `set`: a page rendered after it is kept only if nothing was dropped since. */
  mark(): number {
    return this.generation;
  }

  /** Keeps the rendered page (compressed), unless the catalog changed while it was rendered. */
  set(url: string, html: string, dependencies: PageDependencies, mark: number): CachedPage {
    const page: CachedPage = {
      br: ownBuffer(compressPage(html, 'br')),
      tight: false,
      etag: `W/"${this.etagPrefix}${(this.etagCounter++).toString(36)}"`,
      dependencies,
    };
    if (mark !== this.generation) return page;
    this.pages.set(url, page);
    // A page larger than the whole budget is not kept (and then has no indexes to keep).
    if (this.pages.peek(url) === page) this.index(url, dependencies);
    return page;
  }

  /** The page gzip-compressed (for the clients without brotli), kept with it. */
  gzip(url: string, page: CachedPage, html: () => string): Buffer {
    if (page.gzip) return page.gzip;
    page.gzip = ownBuffer(compressPage(html(), 'gzip'));
    this.resize(url, page);
    return page.gzip;
  }

  /**
   * Drops the pages the changed products can have changed: those showing them, and every
   * catalog-wide page. At once, when the notification arrives; then `dropWindows`.
   */
  dropProducts(ids: number[]) {
    this.generation += 1;
    const urls = new Set<string>(this.catalogWide);
    for (const id of ids) for (const url of this.byProduct.get(id) ?? []) urls.add(url);
    for (const url of urls) this.pages.delete(url);
  }

  /**
   * Drops the product pages whose related products' window a changed product is in now (it may
   * be one of their related products now). `current`: the changed products still listed, as now.
   */
  dropWindows(current: ChangedProduct[]) {
    const urls = new Set<string>();
    for (const product of current) {
      for (const url of this.byCategory.get(product.categoryId) ?? []) {
        const page = this.pages.peek(url);
        if (page?.dependencies.kind !== 'product') continue;
        const { related } = page.dependencies;
        // Inclusive: a product at the edge's price may win the tie on its id.
        if (!related.full || (product.price >= related.minPrice && product.price <= related.maxPrice)) {
          urls.add(url);
        }
      }
    }
    if (urls.size === 0) return;
    this.generation += 1;
    for (const url of urls) this.pages.delete(url);
  }

  /** Drops every page (the settings, the categories, or a change that names no products). */
  clear() {
    this.generation += 1;
    this.pages.clear();
  }

  private index(url: string, dependencies: PageDependencies) {
    if (dependencies.kind === 'catalog') {
      this.catalogWide.add(url);
      return;
    }
    for (const id of dependencies.products) add(this.byProduct, id, url);
    add(this.byCategory, dependencies.related.categoryId, url);
  }

  private unindex(url: string, dependencies: PageDependencies) {
    if (dependencies.kind === 'catalog') {
      this.catalogWide.delete(url);
      return;
    }
    for (const id of dependencies.products) remove(this.byProduct, id, url);
    remove(this.byCategory, dependencies.related.categoryId, url);
  }
}

/** The page's dependencies, from the product detail it shows. */
export function productPageDependencies(
  detail: {
    id: number;
    category_id: number;
    price: number;
    related: Array<{ id: number; price: number }>;
  },
  relatedLimit: number,
): PageDependencies {
  // The window is the related products' distance either side of the product's price.
  const distance = Math.max(0, ...detail.related.map((product) => Math.abs(product.price - detail.price)));
  return {
    kind: 'product',
    products: [detail.id, ...detail.related.map((product) => product.id)],
    related: {
      categoryId: detail.category_id,
      minPrice: detail.price - distance,
      maxPrice: detail.price + distance,
      full: detail.related.length >= relatedLimit,
    },
  };
}
