import type { FeaturedWine } from '@shop/contract/events';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { ProductImage } from '../../../components/product-image';

/** The bottles poured at the event, each linking to its page in the shop. */
export function FeaturedWines({ wines }: { wines: FeaturedWine[] }) {
  if (wines.length === 0) return null;
  return (
    <section aria-labelledby="featured-wines">
      <h2 id="featured-wines" className="text-2xl">
        In the glass
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {wines.map((wine) => (
          <li key={wine.id} className="flex gap-4 rounded-xl border border-cream-200 bg-white p-3">
            <ProductImage
              src={wine.image}
              alt=""
              width={64}
              height={80}
              className="h-20 w-16 shrink-0 rounded-lg bg-cream-100"
            />
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wider text-gold-700 uppercase">
                {wine.category_name}
              </p>
              <Link
                to="/products/$id"
                params={{ id: wine.slug }}
                className="font-semibold text-wine-900 hover:underline"
              >
                {wine.name}
              </Link>
              <p className="text-sm text-ink-soft">
                {[wine.region, wine.country, wine.vintage === null ? null : String(wine.vintage)]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="text-sm font-semibold text-ink">
                {formatUGX(wine.price)}
                {wine.in_stock ? '' : ' · out of stock'}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
