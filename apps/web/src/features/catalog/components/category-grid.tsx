import type { Category } from '@shop/contract/catalog';
import { countOf } from '@shop/contract/plural';
import { Link } from '@tanstack/react-router';
import { ProductImage } from '../../../components/product-image';

/** What a category without a description says. */
export const GENERIC_CATEGORY_TEXT = 'Hand-picked bottles, tasted and chosen by our team.';

function productCountText(count: number): string {
  return countOf(count, 'product');
}

/**
 * The category grid of the home page (docs/product.md section 2): each tile opens /products?category=<slug>,
 * with the category's picture (the logo when it has none), its description (generic text when it
 * has none) and its product_count.
 */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <ul className="grid grid-cols-1 gap-5 min-[420px]:grid-cols-2 lg:grid-cols-4">
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to="/products"
            search={{ category: category.slug }}
            className="group flex h-full flex-col overflow-hidden rounded-2xl border border-cream-200 bg-white shadow-sm transition hover:border-wine-300 hover:shadow-md"
          >
            <div className="aspect-[3/2] bg-cream-100">
              <ProductImage
                src={category.image}
                alt=""
                width={600}
                height={400}
                loading="lazy"
                className="size-full"
              />
            </div>
            <div className="flex flex-1 flex-col p-4">
              <h3 className="text-lg group-hover:text-wine-700">{category.name}</h3>
              <p className="mt-1 line-clamp-2 text-sm text-ink-soft">
                {category.description?.trim() || GENERIC_CATEGORY_TEXT}
              </p>
              <p className="mt-auto pt-3 text-sm font-semibold text-wine-800">
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
    <div role="status" className="grid grid-cols-1 gap-5 min-[420px]:grid-cols-2 lg:grid-cols-4">
      <span className="sr-only">Loading categories…</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          key={index}
          aria-hidden="true"
          className="overflow-hidden rounded-2xl border border-cream-200 bg-white"
        >
          <div className="aspect-[3/2] animate-pulse bg-cream-100 motion-reduce:animate-none" />
          <div className="flex flex-col gap-2 p-4">
            <div className="h-5 w-1/2 rounded bg-cream-200" />
            <div className="h-4 w-full rounded bg-cream-100" />
            <div className="h-4 w-1/3 rounded bg-cream-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
