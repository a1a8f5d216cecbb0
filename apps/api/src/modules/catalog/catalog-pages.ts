import { BRAND } from '@shop/contract/brand';
import {
  type ProductDetail,
  productFacetsQuerySchema,
  productListQuerySchema,
  productSectionQuerySchema,
  RELATED_PRODUCTS_LIMIT,
} from '@shop/contract/catalog';
import { CURRENCY, DEFAULT_PAGE_SIZE, HOME_PAGE_SIZE } from '@shop/contract/constants';
import { formatUGX } from '@shop/contract/money';
import { appRoutes } from '@shop/contract/pages';
import { PICTURE_SIZES, type ResponsivePicture } from '@shop/contract/product-images';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors';
import { productPageDependencies } from '../../plugins/page-cache';
import type { PageBoot, PageHead } from '../../plugins/web-app';
import type { CatalogService } from './catalog.service';

/** A sitemap file holds at most 50,000 addresses. */
const SITEMAP_LIMIT = 50_000;

const absolute = (publicUrl: string, path: string) => (/^https?:/.test(path) ? path : `${publicUrl}${path}`);

function productDescription(product: ProductDetail): string {
  const origin = [product.region, product.country].filter(Boolean).join(', ');
  const lead = [product.name, product.vintage ? String(product.vintage) : null, origin]
    .filter(Boolean)
    .join(' · ');
  const text = `${lead}. ${formatUGX(product.price)}. ${product.description ?? ''}`
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

/** The head of a product page: title, description, preview image and the UGX offer. */
export function productPageHead(product: ProductDetail, publicUrl: string): PageHead {
  const url = `${publicUrl}/products/${product.slug}`;
  const image = product.image ? absolute(publicUrl, product.image) : undefined;
  const defaultVariant = product.variants.find((variant) => variant.is_default) ?? product.variants[0];
  return {
    title: `${product.name} | ${BRAND.name}`,
    description: productDescription(product),
    canonicalUrl: url,
    imageUrl: image,
    openGraphType: 'product',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description ?? undefined,
      image: image ? [image] : undefined,
      sku: defaultVariant?.sku,
      category: product.category_name,
      countryOfOrigin: product.country ?? undefined,
      ...(product.review_count > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.average_rating,
              reviewCount: product.review_count,
            },
          }
        : {}),
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: CURRENCY,
        price: product.price,
        availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        seller: { '@type': 'Organization', name: BRAND.name },
      },
    },
  };
}

/*
 * The first screen's data, inlined in the served page so that it paints without waiting for the
 * app to ask the API (the app reads #page-data, see apps/web/src/lib/page-data.ts). Only public
 * catalog answers, the same for every visitor, and their JSON text as the API sends it.
 */

/**
 * The home page: the statistics, and the preload of the hero's picture (the first featured product).
 * The featured section itself is left to the app's request, which it shares with the Featured
 * Selections further down (whose paging counts on it).
 */
/** The first screen's main picture: a photo's AVIF srcset at the size it is shown, else its URL. */
function preloadOf(
  first: { image: string | null; picture?: ResponsivePicture | null } | undefined,
  sizes: string,
): Pick<PageBoot, 'preloadImage' | 'preloadPicture'> {
  if (first?.picture) return { preloadPicture: { srcset: first.picture.avif, sizes } };
  return { preloadImage: first?.image || undefined };
}

export async function homePageBoot(catalog: CatalogService): Promise<PageBoot> {
  const [featured, stats] = await Promise.all([
    catalog.listSection('featured', productSectionQuerySchema.parse({ page: 1, page_size: HOME_PAGE_SIZE })),
    catalog.stats(),
  ]);
  return {
    dataJson: `{"stats":${stats.body}}`,
    ...preloadOf(featured.value.results[0], PICTURE_SIZES.hero),
  };
}

/** The route modules of the pages (apps/web/src/app/router.tsx), as Vite's manifest names them. */
const PRODUCTS_MODULE = 'src/features/catalog/routes/products.tsx';
const PRODUCT_DETAIL_MODULE = 'src/app/routes/product-detail.tsx';

/** /products with no search or filter: its first page and the filter counts. */
export async function productsPageBoot(catalog: CatalogService): Promise<PageBoot> {
  const [products, facets] = await Promise.all([
    catalog.listProducts(productListQuerySchema.parse({ page: 1, page_size: DEFAULT_PAGE_SIZE })),
    catalog.facets(productFacetsQuerySchema.parse({})),
  ]);
  return {
    dataJson: `{"products":${products.body},"facets":${facets.body}}`,
    ...preloadOf(products.value.results[0], PICTURE_SIZES.card),
    modules: [PRODUCTS_MODULE],
  };
}

/** A product page: the product as asked for (id or slug, the app's cache key) and its main picture. */
export function productPageBoot(idOrSlug: string, product: { value: ProductDetail; body: string }): PageBoot {
  return {
    dataJson: `{"product":{"id":${JSON.stringify(idOrSlug)},"detail":${product.body}}}`,
    ...preloadOf(
      product.value.images[0]
        ? { image: product.value.images[0].url, picture: product.value.images[0].picture }
        : product.value,
      PICTURE_SIZES.gallery,
    ),
    modules: [PRODUCT_DETAIL_MODULE],
  };
}

/** The page's boot data, or none when the catalog cannot answer: the app then asks the API itself. */
async function tryBoot(log: FastifyBaseLogger, load: () => Promise<PageBoot>): Promise<PageBoot | undefined> {
  try {
    return await load();
  } catch (error) {
    log.warn({ err: error }, 'page served without its first-screen data');
    return undefined;
  }
}

/** Public pages worth listing: not the signed-in ones, not forms or the payment round trip. */
const unlisted = new Set([
  'login',
  'register',
  'reset_password',
  'cart',
  'payment_return',
  'order_success',
  'newsletter_confirmation',
  'newsletter_unsubscribe',
]);
const listedPages = appRoutes.filter(
  (route) => !route.requiresAuth && !route.path.includes('$') && !unlisted.has(route.name),
);

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Product pages rendered with their own head, so a link shared on WhatsApp shows the bottle and
 * its price, and /sitemap.xml listing the shop's public pages and every listed product.
 */
export default fp(
  async (app) => {
    const { publicUrl } = app.config;

    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const kept = app.sendKeptPage(request, reply);
      if (kept) return kept;
      const boot = await tryBoot(request.log, () => homePageBoot(app.catalog));
      return app.sendPage(request, reply, { status: 200, boot });
    });

    app.get('/products', { schema: { hide: true } }, async (request, reply) => {
      const kept = app.sendKeptPage(request, reply);
      if (kept) return kept;
      // Only the default view: a search or filter in the URL is the app's to ask for.
      const isDefaultView = !request.url.includes('?');
      const boot = (isDefaultView && (await tryBoot(request.log, () => productsPageBoot(app.catalog)))) || {
        modules: [PRODUCTS_MODULE],
      };
      return app.sendPage(request, reply, { status: 200, boot });
    });

    app.get('/products/:id', { schema: { hide: true } }, async (request, reply) => {
      const { id } = request.params as { id: string };
      const kept = app.sendKeptPage(request, reply);
      if (kept) return kept;
      try {
        const answer = await app.catalog.product(id);
        return app.sendPage(request, reply, {
          status: 200,
          head: productPageHead(answer.value, publicUrl),
          boot: productPageBoot(id, answer),
          dependencies: productPageDependencies(answer.value, RELATED_PRODUCTS_LIMIT),
        });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          // A renamed product's old address lands on its new one.
          const renamed = await app.catalog.renamedTo(id);
          if (renamed) return reply.redirect(`/products/${encodeURIComponent(renamed)}`, 301);
          return app.sendPage(request, reply, { status: 404 });
        }
        throw error;
      }
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const { rows } = await app.pool.query<{ slug: string; updated_at: Date }>(
        'SELECT slug, updated_at FROM products WHERE listed ORDER BY id LIMIT $1',
        [SITEMAP_LIMIT - listedPages.length],
      );
      const urls = [
        ...listedPages.map((route) => `  <url><loc>${xmlEscape(`${publicUrl}${route.path}`)}</loc></url>`),
        ...rows.map(
          (row) =>
            `  <url><loc>${xmlEscape(`${publicUrl}/products/${row.slug}`)}</loc>` +
            `<lastmod>${row.updated_at.toISOString()}</lastmod></url>`,
        ),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(xml);
    });
  },
  { name: 'catalog-pages', dependencies: ['catalog', 'web-app', 'database', 'config'] },
);
