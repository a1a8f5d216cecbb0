import { BRAND } from '@shop/contract/brand';
import type { ProductCard, ProductDetail } from '@shop/contract/catalog';
import { productStoreMessages } from '@shop/contract/errors';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ChevronRight, Heart, ShoppingBag, Trophy } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { imageSource } from '../../../components/product-image';
import { WhatsAppChatLink } from '../../../components/whatsapp-chat-link';
import { isApiError } from '../../../lib/api-client';
import { useProduct } from '../api/get-product';
import { PriceTag, SaleBadge } from '../components/price-tag';
import { ProductGrid, ProductGridSkeleton } from '../components/product-card';
import { ProductDetailsTable } from '../components/product-details-table';
import { ProductGallery } from '../components/product-gallery';
import { ProductNotFound } from '../components/product-not-found';
import { QuantityInput } from '../components/quantity-input';
import { StarRating } from '../components/star-rating';
import { initialVariant, VariantPicker } from '../components/variant-picker';
import { useNearViewport } from '../hooks/use-near-viewport';
import { useProductHead } from '../hooks/use-product-head';
import { type ProductReviewsSlots, useCatalogSlots } from '../lib/catalog-slots';
import { reviewCountText, stockText } from '../lib/product-display';

const route = getRouteApi('/products/$id');

const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

function Breadcrumbs({ product }: { product: ProductDetail }) {
  const linkClass = 'text-wine-800 underline-offset-4 hover:underline';
  const separator = <ChevronRight aria-hidden="true" className="size-3.5 text-ink-soft" />;
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li className="flex items-center gap-1.5">
          <Link to="/" className={linkClass}>
            Home
          </Link>
          {separator}
        </li>
        <li className="flex items-center gap-1.5">
          <Link to="/products" className={linkClass}>
            Wines &amp; spirits
          </Link>
          {separator}
        </li>
        <li className="flex items-center gap-1.5">
          <Link to="/products" search={{ category: product.category_slug }} className={linkClass}>
            {product.category_name}
          </Link>
          {separator}
        </li>
        <li aria-current="page" className="text-ink-soft">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

function TextSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl">
        {title}
      </h2>
      <div className="mt-3 text-ink">{children}</div>
    </section>
  );
}

/** One product, shown: its key is the product's id, so choosing a related product starts afresh. */
function ProductView({
  product,
  reviews: reviewSlots,
}: {
  product: ProductDetail;
  reviews: ProductReviewsSlots;
}) {
  const [variantId, setVariantId] = useState<number | undefined>(undefined);
  const [quantity, setQuantity] = useState(1);
  const { useAddToCartAction, useWishlistHeart } = useCatalogSlots();
  const { useCurrentRating, ProductReviews } = reviewSlots;
  const { addToCart, isAdding } = useAddToCartAction();
  const radioName = useId();
  // The reviews' own summary is always current; the catalog's figures may be a minute old.
  const reviews = useCurrentRating(product.id);
  const averageRating = reviews?.average_rating ?? product.average_rating;
  const reviewCount = reviews?.review_count ?? product.review_count;

  const variant = product.variants.find((item) => item.id === variantId) ?? initialVariant(product.variants);
  // A size other than the default is saved as such; otherwise the bottle in any size.
  const wishlist = useWishlistHeart(product, variant && !variant.is_default ? variant.id : null);
  const priced = variant ?? product;
  const inStock = variant ? variant.in_stock : product.in_stock;
  const maxQuantity = Math.max(1, variant?.stock ?? 1);
  const images =
    product.images.length > 0
      ? product.images
      : [{ url: imageSource(product.image), alt: product.name, picture: product.picture }];
  const origin = [product.region, product.country].filter(Boolean).join(', ');

  return (
    <>
      <div className={`${container} pt-6`}>
        <Breadcrumbs product={product} />
      </div>
      <div className={`${container} grid gap-10 py-8 md:grid-cols-2 lg:gap-14`}>
        <div className="relative">
          <ProductGallery images={images} name={product.name} />
          <SaleBadge item={priced} className="absolute top-4 left-4 text-sm" />
        </div>

        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-700 uppercase">
            {product.category_name}
          </p>
          <h1 className="mt-2 text-4xl sm:text-5xl">{product.name}</h1>
          <p className="mt-2 text-ink-soft">
            {[origin, product.vintage === null ? null : String(product.vintage)].filter(Boolean).join(' · ')}
          </p>
          <div className="mt-3 flex items-center gap-2 text-sm text-ink-soft">
            <StarRating rating={averageRating} reviewCount={reviewCount} size="large" />
            <a href="#reviews" className="underline-offset-4 hover:underline">
              {reviewCountText(reviewCount)}
            </a>
          </div>
          <div className="mt-5">
            <PriceTag item={priced} size="large" />
          </div>
          {product.description ? <p className="mt-5 text-ink">{product.description}</p> : null}
          {variant?.hamper_parts ? (
            <div className="mt-5">
              <h2 className="font-semibold text-ink">In this hamper</h2>
              <ul className="mt-2 list-disc pl-5 text-ink">
                {variant.hamper_parts.map((part) => (
                  <li key={`${part.product_slug}-${part.variant_name}`}>
                    {part.quantity} × {part.product_name}, {part.variant_name}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          {product.variants.length > 0 ? (
            <div className="mt-6">
              <VariantPicker
                name={radioName}
                variants={product.variants}
                selectedId={variant?.id}
                onSelect={(chosen) => {
                  setVariantId(chosen.id);
                  setQuantity((current) => Math.min(current, Math.max(1, chosen.stock)));
                }}
              />
            </div>
          ) : null}

          <div className="mt-6 flex flex-wrap items-end gap-3">
            <QuantityInput value={quantity} max={maxQuantity} onChange={setQuantity} disabled={!inStock} />
            <button
              type="button"
              disabled={!inStock || isAdding}
              onClick={() =>
                addToCart({
                  product: product.id,
                  variant: variant?.id ?? product.default_variant_id,
                  quantity,
                  name: product.name,
                })
              }
              className="inline-flex h-11 items-center gap-2 rounded-full bg-wine-800 px-6 font-semibold text-cream-50 transition hover:bg-wine-900 disabled:cursor-not-allowed disabled:bg-cream-300 disabled:text-ink-soft"
            >
              <ShoppingBag aria-hidden="true" className="size-5" />
              Add to Cart
            </button>
            <button
              type="button"
              aria-pressed={wishlist.saved}
              disabled={wishlist.pending}
              onClick={wishlist.toggle}
              className="inline-flex h-11 items-center gap-2 rounded-full border border-wine-800 px-5 font-semibold text-wine-800 transition hover:bg-wine-50 aria-pressed:bg-wine-50"
            >
              <Heart aria-hidden="true" className="size-5" fill={wishlist.saved ? 'currentColor' : 'none'} />
              {wishlist.saved ? 'On your wishlist' : 'Add to wishlist'}
            </button>
          </div>
          <p
            role="status"
            className={`mt-3 text-sm font-semibold ${inStock ? 'text-wine-800' : 'text-ink-soft'}`}
          >
            {variant ? `${variant.name}: ${stockText(variant.stock)}` : inStock ? 'In stock' : 'Out of stock'}
          </p>
          <WhatsAppChatLink
            className="mt-4"
            label="Ask about this bottle on WhatsApp"
            message={`Hello ${BRAND.name}, I have a question about ${product.name}${variant ? ` (${variant.name})` : ''}: `}
          />
        </div>
      </div>

      <div className={`${container} grid gap-10 pb-12 md:grid-cols-2 lg:gap-14`}>
        <TextSection title="Details">
          <ProductDetailsTable product={product} variant={variant} />
        </TextSection>
        <div className="flex flex-col gap-10">
          {product.tasting_notes ? (
            <TextSection title="Tasting notes">
              <p>{product.tasting_notes}</p>
            </TextSection>
          ) : null}
          {product.food_pairing ? (
            <TextSection title="Food pairing">
              <p>{product.food_pairing}</p>
            </TextSection>
          ) : null}
          {product.awards.length > 0 ? (
            <TextSection title="Awards">
              <ul className="flex flex-col gap-2">
                {product.awards.map((award) => (
                  <li key={award} className="flex items-start gap-2">
                    <Trophy aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold-700" />
                    {award}
                  </li>
                ))}
              </ul>
            </TextSection>
          ) : null}
          <ProductReviews product={product} />
        </div>
      </div>

      {product.related.length > 0 ? <RelatedProducts products={product.related} /> : null}
    </>
  );
}

/** Related products, below the fold: their cards are drawn when the visitor scrolls near. */
function RelatedProducts({ products }: { products: ProductCard[] }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  return (
    <section ref={ref} aria-labelledby="related-heading" className="border-t border-cream-200 bg-white">
      <div className={`${container} py-12`}>
        <h2 id="related-heading" className="text-3xl">
          You may also like
        </h2>
        <div className="mt-6">
          {near ? (
            <ProductGrid products={products} wide />
          ) : (
            <ProductGridSkeleton count={products.length} wide />
          )}
        </div>
      </div>
    </section>
  );
}

function ProductSkeleton() {
  return (
    <div className={`${container} grid gap-10 py-14 md:grid-cols-2 lg:gap-14`}>
      <div
        role="status"
        className="aspect-[4/5] animate-pulse rounded-3xl bg-cream-100 motion-reduce:animate-none"
      >
        <span className="sr-only">Loading the product…</span>
      </div>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className="h-3 w-1/4 rounded bg-cream-200" />
        <div className="h-12 w-4/5 rounded bg-cream-200" />
        <div className="h-4 w-1/2 rounded bg-cream-100" />
        <div className="mt-4 h-9 w-1/3 rounded bg-cream-200" />
        <div className="mt-4 h-24 w-full rounded bg-cream-100" />
      </div>
    </div>
  );
}

/**
 * A product (/products/{id}, by id or slug): pictures, sizes with price and stock, quantity, Add to
 * Cart, the wishlist, the details table, tasting notes, food pairing, awards, the reviews summary
 * and related products. An unknown product shows a friendly "not found".
 */
export function ProductDetailPage({ reviews }: { reviews: ProductReviewsSlots }) {
  const { id } = route.useParams();
  const query = useProduct(id);
  useProductHead(query.data);
  const navigate = useNavigate();
  const currentSlug = query.data?.slug;
  // An old slug of a renamed product: the API redirected to it; the address bar follows.
  useEffect(() => {
    if (currentSlug && !/^\d+$/.test(id) && currentSlug !== id.toLowerCase()) {
      void navigate({ to: '/products/$id', params: { id: currentSlug }, replace: true });
    }
  }, [currentSlug, id, navigate]);

  if (query.data) return <ProductView key={query.data.id} product={query.data} reviews={reviews} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ProductNotFound />;
    return (
      <div className={`${container} py-14`}>
        <h1 className="text-4xl">Product details</h1>
        <LoadError
          className="mt-8"
          message={productStoreMessages.products}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  return (
    <>
      <h1 className="sr-only">Product details</h1>
      <ProductSkeleton />
    </>
  );
}
