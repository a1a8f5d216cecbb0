import { BRAND } from '@shop/contract/brand';
import { FREE_SHIPPING_THRESHOLD_UGX, MINIMUM_AGE_YEARS } from '@shop/contract/constants';
import { formatUGX } from '@shop/contract/money';
import { Link } from '@tanstack/react-router';
import { Award, CalendarDays, Clock, ShieldCheck, Truck } from 'lucide-react';
import { SearchForm } from '../../../components/search-form';

const benefits = [
  {
    icon: Truck,
    title: 'Free delivery',
    text: `On orders over ${formatUGX(FREE_SHIPPING_THRESHOLD_UGX)}, anywhere in our Kampala delivery area.`,
  },
  {
    icon: Award,
    title: 'Expert curation',
    text: 'Every bottle is tasted and chosen by our team, then kept cool and dark until it reaches you.',
  },
  {
    icon: Clock,
    title: '24/7 support',
    text: `Questions about an order or a pairing? Call or WhatsApp ${BRAND.whatsapp} any time.`,
  },
  {
    icon: ShieldCheck,
    title: `${MINIMUM_AGE_YEARS}+ only`,
    text: `We sell alcohol to adults aged ${MINIMUM_AGE_YEARS} and over, and check ID at the door.`,
  },
] as const;

function HeroGlass() {
  return (
    <svg viewBox="0 0 200 260" aria-hidden="true" width="240" height="312" className="h-78 w-60">
      <circle cx="100" cy="120" r="96" fill="#5c1a2b" />
      <circle cx="100" cy="120" r="84" fill="none" stroke="#e3c48a" strokeWidth="1" opacity="0.6" />
      <path
        d="M64 52h72c0 42-12.6 70.8-36 74-23.4-3.2-36-32-36-74z"
        fill="none"
        stroke="#e3c48a"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M68.4 82h63.2c-2.8 25.5-13.7 40-31.6 42.2-17.9-2.2-28.8-16.7-31.6-42.2z" fill="#c9405a" />
      <path d="M100 126v44" stroke="#e3c48a" strokeWidth="4" strokeLinecap="round" />
      <path d="M76 180c8-6 40-6 48 0" fill="none" stroke="#e3c48a" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The home page. The catalogue feature will add the featured product, statistics, category grid and
 * the Featured Selections, New Arrivals and Special Offers sections (SPEC.md section 2).
 */
export function HomePage() {
  return (
    <>
      <section className="bg-gradient-to-b from-cream-100 to-cream-50">
        <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_auto] lg:px-8">
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
          <div className="hidden justify-center lg:flex">
            <HeroGlass />
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="border-y border-cream-200 bg-white">
        <div className="mx-auto w-full max-w-6xl px-4 py-14 sm:px-6 lg:px-8">
          <h2 id="benefits-heading" className="text-3xl">
            Why buy from {BRAND.name}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-cream-200 bg-cream-50 p-6">
                <Icon aria-hidden="true" className="size-7 text-wine-700" />
                <h3 className="mt-4 text-xl">{title}</h3>
                <p className="mt-2 text-sm text-ink-soft">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
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
    </>
  );
}
