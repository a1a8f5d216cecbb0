import type { ProductCard } from '@shop/contract/catalog';
import { formatUGX } from '@shop/contract/money';
import { PICTURE_SIZES } from '@shop/contract/picture-sizes';
import { Link } from '@tanstack/react-router';
import { ShoppingBag } from 'lucide-react';
import { ProductImage } from '../../../components/product-image';
import { useCatalogSlots } from '../lib/catalog-slots';
import { originLine } from '../lib/product-display';
import { PriceTag, SaleBadge } from './price-tag';

/**
 * What the hero shows when the shop has no featured product (or it could not be loaded): the
 * fallback price values of docs/product.md section 2, the range the cellar's prices start from and reach.
 */
export const FALLBACK_FEATURED = {
  title: 'The cellar selection',
  text: 'Bordeaux and Barolo, Cape Chenin and Mendoza Malbec, single malts and aged rums.',
  priceFrom: 45_000,
  priceTo: 2_500_000,
} as const;

const panelClass =
  'grid w-full max-w-md grid-cols-[8.5rem_1fr] items-center gap-5 rounded-3xl border border-cream-200 bg-white p-4 shadow-md sm:grid-cols-[11rem_1fr] sm:p-5';

/** The featured product in the hero: its picture, name, price and Add to Cart. */
export function FeaturedHeroCard({ product }: { product: ProductCard }) {
  const { useAddToCartAction } = useCatalogSlots();
  const { addToCart, isAdding } = useAddToCartAction();
  const origin = originLine(product);
  return (
    <article aria-labelledby="featured-eyebrow featured-product-heading" className={panelClass}>
      <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-cream-100">
        <ProductImage
          src={product.image}
          picture={product.picture}
          sizes={PICTURE_SIZES.hero}
          alt={product.name}
          width={400}
          height={500}
          loading="eager"
          fetchPriority="high"
          className="size-full"
        />
        <SaleBadge item={product} className="absolute top-2 left-2" />
      </div>
      <div className="min-w-0">
        <p id="featured-eyebrow" className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">
          Featured
        </p>
        <h2 id="featured-product-heading" className="mt-2 text-xl leading-snug sm:text-2xl">
          {product.name}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">
          {[product.category_name, origin].filter(Boolean).join(' · ')}
        </p>
        <div className="mt-3">
          <PriceTag item={product} />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            aria-label={`Add to Cart: ${product.name}`}
            disabled={!product.in_stock || isAdding}
            onClick={() =>
              addToCart({
                product: product.id,
                variant: product.default_variant_id,
                quantity: 1,
                name: product.name,
              })
            }
            className="inline-flex items-center gap-1.5 rounded-full bg-wine-800 px-4 py-2.5 text-sm font-semibold text-cream-50 transition hover:bg-wine-900 disabled:cursor-not-allowed disabled:bg-cream-300 disabled:text-ink-soft"
          >
            <ShoppingBag aria-hidden="true" className="size-4" />
            Add to Cart
          </button>
          <Link
            to="/products/$id"
            params={{ id: product.slug }}
            aria-label={`View Details: ${product.name}`}
            className="rounded-full px-3 py-2.5 text-sm font-semibold text-wine-800 underline-offset-4 hover:underline"
          >
            View Details
          </Link>
        </div>
        {!product.in_stock ? <p className="mt-2 text-sm font-semibold text-ink-soft">Out of stock</p> : null}
      </div>
    </article>
  );
}

/** The hero's panel without a featured product: the fallback values and a way into the cellar. */
export function FallbackHeroCard() {
  return (
    <article aria-labelledby="featured-eyebrow featured-product-heading" className={panelClass}>
      <div className="flex aspect-[4/5] items-center justify-center rounded-2xl bg-wine-900">
        <img src="/favicon.svg" alt="" width={64} height={64} className="size-16" />
      </div>
      <div>
        <p id="featured-eyebrow" className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">
          Featured
        </p>
        <h2 id="featured-product-heading" className="mt-2 text-xl leading-snug sm:text-2xl">
          {FALLBACK_FEATURED.title}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{FALLBACK_FEATURED.text}</p>
        <p className="mt-3 font-semibold text-wine-900">
          From {formatUGX(FALLBACK_FEATURED.priceFrom)} to {formatUGX(FALLBACK_FEATURED.priceTo)}
        </p>
        <Link
          to="/products"
          className="mt-4 inline-flex rounded-full bg-wine-800 px-4 py-2.5 text-sm font-semibold text-cream-50 transition hover:bg-wine-900"
        >
          Browse the cellar
        </Link>
      </div>
    </article>
  );
}

export function HeroCardSkeleton() {
  return (
    <div role="status" className={panelClass}>
      <span className="sr-only">Loading the featured bottle…</span>
      <div className="aspect-[4/5] animate-pulse rounded-2xl bg-cream-100 motion-reduce:animate-none" />
      <div aria-hidden="true" className="flex flex-col gap-2">
        <div className="h-3 w-1/2 rounded bg-cream-200" />
        <div className="h-6 w-4/5 rounded bg-cream-200" />
        <div className="h-4 w-2/3 rounded bg-cream-100" />
        <div className="mt-2 h-6 w-1/2 rounded bg-cream-200" />
        <div className="mt-3 h-10 w-3/4 rounded-full bg-cream-200" />
      </div>
    </div>
  );
}
