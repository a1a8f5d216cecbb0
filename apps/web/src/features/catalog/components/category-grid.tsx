import type { Category } from '@shop/contract/catalog';
import { countOf } from '@shop/contract/plural';
import { Link } from '@tanstack/react-router';
import { ProductImage } from '../../../components/product-image';

/** What a category without a description says. */
export const GENERIC_CATEGORY_TEXT = 'Hand-picked bottles, tasted and chosen by our team.';

/** A phone shows this many categories (three rows of chips); "All categories" leads to the rest. */
export const PHONE_CATEGORY_COUNT = 6;

function productCountText(count: number): string {
  return countOf(count, 'product');
}

/**
 * The category grid of the home page (docs/product.md section 2): each tile opens /products?category=<slug>,
 * with the category's picture (the logo when it has none), its description (generic text when it
 * has none) and its product_count. On a phone each tile is a small chip (name and count, two a
 * row), so that the Featured Selections come soon after it rather than a dozen pictures later.
 */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      {categories.map((category, index) => (
        <li key={category.id} className={index >= PHONE_CATEGORY_COUNT ? 'max-sm:hidden' : undefined}>
          <Link
            to="/products"
            search={{ category: category.slug }}
            className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition hover:border-wine-300 hover:shadow-md"
          >
            <div className="hidden aspect-[3/2] bg-cream-100 sm:block">
              <ProductImage
                src={category.image}
                alt=""
                width={600}
                height={400}
                loading="lazy"
                className="size-full"
              />
            </div>
            <div className="flex flex-1 flex-col px-3 py-2 sm:p-4">
              <h3 className="text-base group-hover:text-wine-700 sm:text-lg">{category.name}</h3>
              <p className="mt-1 line-clamp-2 hidden text-sm text-ink-soft sm:block">
                {category.description?.trim() || GENERIC_CATEGORY_TEXT}
              </p>
              <p className="mt-auto pt-1 text-sm font-semibold text-wine-800 sm:pt-3">
                {productCountText(category.product_count)}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function CategoryGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
      <span className="sr-only">Loading categories…</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          key={index}
          aria-hidden="true"
          className={`overflow-hidden rounded-2xl border border-cream-200 bg-white ${index >= PHONE_CATEGORY_COUNT ? 'max-sm:hidden' : ''}`}
        >
          <div className="hidden aspect-[3/2] animate-pulse bg-cream-100 motion-reduce:animate-none sm:block" />
          <div className="flex flex-col gap-2 px-3 py-2 sm:p-4">
            <div className="h-5 w-1/2 rounded bg-cream-200" />
            <div className="hidden h-4 w-full rounded bg-cream-100 sm:block" />
            <div className="h-4 w-1/3 rounded bg-cream-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
