import type { ProductCard as ProductCardData } from '@shop/contract/catalog';
import { PICTURE_SIZES } from '@shop/contract/picture-sizes';
import { Link } from '@tanstack/react-router';
import { ShoppingBag } from 'lucide-react';
import { ProductImage } from '../../../components/product-image';
import { HydrateLater } from '../../../lib/hydration-steps';
import { useCatalogSlots } from '../lib/catalog-slots';
import { originLine, reviewCountText } from '../lib/product-display';
import { PriceTag, SaleBadge } from './price-tag';
import { StarRating } from './star-rating';
import { WishlistHeart } from './wishlist-heart';

export type ProductCardProps = {
  product: ProductCardData;
  /** The name's heading level: 3 under a section's <h2> (the default), 2 directly under the page's <h1>. */
  headingLevel?: 2 | 3;
  /** The first cards of a page may load their picture at once. */
  imageLoading?: 'lazy' | 'eager';
};

/**
 * A product card with exactly the fields of docs/product.md section 2: image, category, name, region,
 * vintage, price (and the original price struck through when higher), the average rating as five
 * stars, the number of reviews, the sale badge, Add to Cart and View Details, and the wishlist heart.
 * A sold-out product is marked and cannot be added to the cart (but can be saved).
 */
export function ProductCard({ product, headingLevel = 3, imageLoading = 'lazy' }: ProductCardProps) {
  const { useAddToCartAction } = useCatalogSlots();
  const { addToCart, isAdding } = useAddToCartAction();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const origin = originLine(product);
  const params = { id: product.slug };

  return (
    <article
      aria-label={product.name}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="relative aspect-square bg-cream-100">
        <ProductImage
          src={product.image}
          picture={product.picture}
          sizes={PICTURE_SIZES.card}
          alt={product.name}
          width={400}
          height={500}
          loading={imageLoading}
          className="size-full"
        />
        <div className="absolute top-3 left-3 flex flex-col items-start gap-1.5">
          <SaleBadge item={product} />
          {!product.in_stock ? (
            <span className="rounded-full bg-ink px-2.5 py-1 text-xs font-bold text-white">Out of stock</span>
          ) : null}
        </div>
        <WishlistHeart product={product} className="absolute top-2.5 right-2.5" />
      </div>

      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-xs font-semibold tracking-wider text-gold-700 uppercase">
          {product.category_name}
        </p>
        <Heading className="mt-1 text-base leading-snug sm:text-lg">
          <Link to="/products/$id" params={params} className="hover:text-wine-700 hover:underline">
            {product.name}
          </Link>
        </Heading>
        {origin ? <p className="mt-0.5 text-sm text-ink-soft">{origin}</p> : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-ink-soft">
          <StarRating rating={product.average_rating} reviewCount={product.review_count} />
          <span>({reviewCountText(product.review_count)})</span>
        </div>
        <div className="mt-3">
          <PriceTag item={product} />
        </div>

        <div className="mt-auto flex flex-wrap gap-2 pt-4">
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
            className="inline-flex flex-auto items-center justify-center gap-1.5 rounded-full bg-wine-800 px-2.5 py-2.5 text-sm whitespace-nowrap font-semibold text-cream-50 transition hover:bg-wine-900 disabled:cursor-not-allowed disabled:bg-cream-300 disabled:text-ink-soft"
          >
            <ShoppingBag aria-hidden="true" className="size-4" />
            Add to Cart
          </button>
          <Link
            to="/products/$id"
            params={params}
            aria-label={`View Details: ${product.name}`}
            className="inline-flex flex-auto items-center justify-center rounded-full border border-wine-800 px-3 py-2.5 text-center text-sm whitespace-nowrap font-semibold text-wine-800 transition hover:bg-wine-50"
          >
            View Details
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The card's shape while products load: same size, so nothing moves when they arrive. */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white"
    >
      <div className="aspect-square animate-pulse bg-cream-100 motion-reduce:animate-none" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="h-3 w-1/3 rounded bg-cream-200" />
        <div className="h-5 w-4/5 rounded bg-cream-200" />
        <div className="h-4 w-1/2 rounded bg-cream-100" />
        <div className="h-4 w-2/5 rounded bg-cream-100" />
        <div className="mt-1 h-6 w-1/3 rounded bg-cream-200" />
        <div className="mt-3 grid grid-cols-2 gap-2">
          <div className="h-10 rounded-full bg-cream-200" />
          <div className="h-10 rounded-full bg-cream-100" />
        </div>
      </div>
    </div>
  );
}

/** Cards hydrated per task on a server-rendered page (lib/hydration-steps.tsx). */
const CARDS_PER_HYDRATION_STEP = 3;

const gridClass = 'grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-5 md:grid-cols-3';

/** Cards in a responsive grid: one column on a small phone, two, then three. */
export function ProductGrid({
  products,
  eagerImages = 0,
  busy = false,
  id,
  wide = false,
}: {
  products: ProductCardData[];
  /** How many of the first cards load their picture at once. */
  eagerImages?: number;
  /** A new page is on its way: the current cards are dimmed. */
  busy?: boolean;
  id?: string;
  /** Four columns on large screens (pages without a side panel). */
  wide?: boolean;
}) {
  return (
    <ul
      id={id}
      aria-busy={busy}
      className={`${gridClass} ${wide ? 'lg:grid-cols-4' : ''} transition-opacity ${busy ? 'opacity-60' : ''}`}
    >
      {products.map((product, index) => (
        <li key={product.id}>
          {/* The first row with the page, then a row per task (a phone's main thread is not held). */}
          <HydrateLater step={Math.floor(index / CARDS_PER_HYDRATION_STEP)}>
            <ProductCard product={product} imageLoading={index < eagerImages ? 'eager' : 'lazy'} />
          </HydrateLater>
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count, wide = false }: { count: number; wide?: boolean }) {
  return (
    <div role="status" className={`${gridClass} ${wide ? 'lg:grid-cols-4' : ''}`}>
      <span className="sr-only">Loading products…</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
