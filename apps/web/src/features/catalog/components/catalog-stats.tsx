import type { CatalogStats as Stats } from '@shop/contract/catalog';
import { formatCount } from '../lib/product-display';

/**
 * The home page's statistics (docs/product.md section 2): products, categories, featured, new arrivals,
 * on sale, and 24/7 support. Null counts (still loading, or unknown) show a dash.
 */
export function CatalogStats({ stats }: { stats: Stats | null }) {
  const count = (value: number | undefined) => (value === undefined ? '–' : formatCount(value));
  const items = [
    { label: 'Products', value: count(stats?.product_count) },
    { label: 'Categories', value: count(stats?.category_count) },
    { label: 'Featured', value: count(stats?.featured_count) },
    { label: 'New arrivals', value: count(stats?.new_count) },
    { label: 'On sale', value: count(stats?.on_sale_count) },
    { label: 'Support', value: '24/7' },
  ];
  return (
    <dl aria-busy={stats === null} className="grid grid-cols-3 gap-2 sm:gap-4 lg:grid-cols-6">
      {items.map(({ label, value }) => (
        <div
          key={label}
          className="flex flex-col rounded-2xl border border-cream-200 bg-white px-2 py-3 text-center sm:px-4 sm:py-5"
        >
          <dt className="text-sm text-ink-soft">{label}</dt>
          <dd className="order-first font-serif text-2xl text-wine-900 sm:text-3xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
