import { BRAND } from '@shop/contract/brand';
import { productStoreMessages } from '@shop/contract/errors';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { Award, CalendarDays, Clock, ShieldCheck, Truck } from 'lucide-react';
import { textLinkClass } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { SearchForm } from '../../../components/search-form';
import { useShopSettings } from '../../../lib/shop-settings';
import { useCategories } from '../api/get-categories';
import { useSectionProducts } from '../api/get-section-products';
import { CatalogStats } from '../components/catalog-stats';
import { CategoryGrid, CategoryGridSkeleton } from '../components/category-grid';
import { FallbackHeroCard, FeaturedHeroCard, HeroCardSkeleton } from '../components/featured-hero-card';
import { HomeProductSection } from '../components/home-product-section';
import { useAfterFirstPaint } from '../hooks/use-after-first-paint';
import { useHomeStats } from '../hooks/use-home-stats';
import { useNearViewport } from '../hooks/use-near-viewport';

/** Why buy here, with the shop's settings (free-delivery threshold, WhatsApp number, minimum age). */
const benefitsFor = ({
  free_delivery_threshold,
  whatsapp,
  minimum_age,
}: {
  free_delivery_threshold: number;
  whatsapp: string;
  minimum_age: number;
}) => [
  {
    icon: Truck,
    title: 'Free delivery',
    text: `On orders over ${formatUGX(free_delivery_threshold)}, anywhere in our Kampala delivery area.`,
  },
  {
    icon: Award,
    title: 'Expert curation',
    text: 'Every bottle is tasted and chosen by our team, then kept cool and dark until it reaches you.',
  },
  {
    icon: Clock,
    title: '24/7 support',
    text: `Questions about an order or a pairing? Call or WhatsApp ${whatsapp} any time.`,
  },
  {
    icon: ShieldCheck,
    title: `${minimum_age}+ only`,
    text: `We sell alcohol to adults aged ${minimum_age} and over, and check ID at the door.`,
  },
];

const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';
/** Parts below the fold: the browser skips their layout and painting until they come near. */
const offscreen = '[content-visibility:auto] [contain-intrinsic-size:auto_800px]';

/** The hero's featured product: the first of the Featured Selections, or the fallback values. */
function HeroFeatured() {
  const featured = useSectionProducts('featured', 1);
  const product = featured.data?.results[0];
  if (product) return <FeaturedHeroCard product={product} />;
  if (featured.isPending) return <HeroCardSkeleton />;
  return <FallbackHeroCard />;
}

function Categories() {
  // Below the fold: the tiles are drawn when the visitor scrolls near them.
  const [ref, near] = useNearViewport<HTMLDivElement>({ key: 'home-categories' });
  const categories = useCategories(near);
  return (
    <div ref={ref} className={near ? undefined : 'min-h-[24rem] sm:min-h-[40rem]'}>
      {near ? <CategoriesBody categories={categories} /> : null}
    </div>
  );
}

function CategoriesBody({ categories }: { categories: ReturnType<typeof useCategories> }) {
  if (categories.data) return <CategoryGrid categories={categories.data.results} />;
  if (categories.isError) {
    return (
      <LoadError
        message={productStoreMessages.categories}
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  }
  return <CategoryGridSkeleton />;
}

function Statistics() {
  const stats = useHomeStats();
  return (
    <section aria-labelledby="stats-heading" className={`${container} py-12 ${offscreen}`}>
      <h2 id="stats-heading" className="sr-only">
        The cellar in numbers
      </h2>
      <CatalogStats stats={stats} />
    </section>
  );
}

/**
 * The home page (docs/product.md section 2): hero with the search box and a featured product, benefits,
 * statistics, the category grid, the Featured Selections, New Arrivals and Special Offers sections,
 * and the call to action. The route's loader has already asked for what it shows.
 */
export function HomePage() {
  const shown = useAfterFirstPaint(BELOW_THE_FOLD_PARTS);
  return (
    <>
      <section className="bg-gradient-to-b from-cream-100 to-cream-50">
        <div
          className={`${container} grid items-center gap-10 py-12 sm:py-20 lg:grid-cols-[1fr_minmax(0,28rem)]`}
        >
          <div>
            <p className="mb-4 text-xs font-semibold tracking-[0.25em] text-gold-700 uppercase">
              {BRAND.name} · {BRAND.city}
            </p>
            <h1 className="max-w-2xl text-4xl sm:text-5xl lg:text-6xl">{BRAND.tagline}</h1>
            <p className="mt-5 max-w-xl text-lg text-ink-soft">
              Bordeaux and Barolo, Cape Chenin and Mendoza Malbec, single malts and aged rums, chosen by
              people who taste them and brought to your door, cool and on time.
            </p>
            <div className="mt-8">
              <SearchForm size="large" />
            </div>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/products"
                className="rounded-full bg-wine-800 px-6 py-3 font-semibold text-cream-50 shadow-sm transition hover:bg-wine-900"
              >
                Discover the cellar
              </Link>
              <Link
                to="/events"
                className="rounded-full border border-wine-800 px-6 py-3 font-semibold text-wine-800 transition hover:bg-wine-50"
              >
                Upcoming tastings
              </Link>
            </div>
          </div>
          <div className="flex justify-center lg:justify-end">
            <HeroFeatured />
          </div>
        </div>
      </section>

      <BelowTheFold shown={shown} />
      {shown < BELOW_THE_FOLD_PARTS ? <div className="min-h-[200vh]" /> : null}
    </>
  );
}

/** The parts under the hero, drawn one a task just after the first screen (see useAfterFirstPaint). */
const BELOW_THE_FOLD_PARTS = 7;

/** Everything under the hero: its first `shown` parts, in the page's order. */
function BelowTheFold({ shown }: { shown: number }) {
  const benefits = benefitsFor(useShopSettings());
  if (shown === 0) return null;
  return (
    <>
      <section aria-labelledby="benefits-heading" className="border-y border-cream-200 bg-white">
        <div className={`${container} py-14`}>
          <h2 id="benefits-heading" className="text-3xl">
            Why buy from {BRAND.name}
          </h2>
          {/* Two a row on a phone too: stacked, the four took a whole screen before the bottles. */}
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-cream-200 bg-cream-50 p-4 sm:p-6">
                <Icon aria-hidden="true" className="size-6 text-wine-700 sm:size-7" />
                <h3 className="mt-3 text-lg sm:mt-4 sm:text-xl">{title}</h3>
                <p className="mt-2 text-sm text-ink-soft">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {shown > 1 ? <Statistics /> : null}

      {shown > 2 ? (
        <section aria-labelledby="categories-heading" className={`${container} py-12 ${offscreen}`}>
          <h2 id="categories-heading" className="text-3xl">
            Shop by category
          </h2>
          <p className="mt-1 mb-6 text-ink-soft">From Cape reds to Speyside single malts.</p>
          <Categories />
          <Link to="/products" className={`mt-6 inline-block ${textLinkClass}`}>
            All categories and bottles
          </Link>
        </section>
      ) : null}

      <div className={container}>
        {shown > 3 ? (
          <HomeProductSection
            section="featured"
            title="Featured Selections"
            description="The bottles our team is most excited about this month."
            errorMessage={productStoreMessages.featured}
            seeAll={{ featured: true }}
            emptyText="No featured bottles right now."
          />
        ) : null}
        {shown > 4 ? (
          <HomeProductSection
            section="new"
            title="New Arrivals"
            description="Just landed in the cellar."
            errorMessage={productStoreMessages.products}
            seeAll={{ new_arrivals: true, ordering: 'newest' }}
            emptyText="Nothing new this month."
          />
        ) : null}
        {shown > 5 ? (
          <HomeProductSection
            section="on_sale"
            title="Special Offers"
            description="Fine bottles at a gentler price, while stocks last."
            errorMessage={productStoreMessages.products}
            seeAll={{ on_sale: true }}
            emptyText="No offers running at the moment."
          />
        ) : null}
      </div>

      {shown > 6 ? (
        <section aria-labelledby="cta-heading" className={offscreen}>
          <div className={`${container} py-16`}>
            <div className="on-dark grid gap-8 rounded-3xl bg-wine-900 p-8 text-cream-100 sm:p-12 lg:grid-cols-2 lg:items-center">
              <div>
                <h2 id="cta-heading" className="text-3xl text-cream-50">
                  Taste first, then choose
                </h2>
                <p className="mt-3 text-cream-200">
                  Join a tasting evening at the shop in Kololo, meet the winemakers we import from, or browse
                  the full cellar and have it delivered the same day across central {BRAND.city}.
                </p>
              </div>
              <div className="flex flex-wrap gap-3 lg:justify-end">
                <Link
                  to="/products"
                  className="rounded-full bg-gold-300 px-6 py-3 font-semibold text-wine-950 transition hover:bg-gold-200"
                >
                  Shop wines and spirits
                </Link>
                <Link
                  to="/events"
                  className="inline-flex items-center gap-2 rounded-full border border-cream-200 px-6 py-3 font-semibold text-cream-50 transition hover:bg-wine-800"
                >
                  <CalendarDays aria-hidden="true" className="size-5" />
                  See events
                </Link>
              </div>
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
