import { BRAND } from '@shop/contract/brand';
import { formatUGX } from '@shop/contract/money';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Award, Clock, Mail, Phone, ShieldCheck, Truck } from 'lucide-react';
import { NewsletterForm } from '../../features/newsletter/components/newsletter-form';
import { useOpeningHoursLine, useShopSettings } from '../../lib/shop-settings';

type FooterLink = { to: NonNullable<LinkProps['to']>; label: string };

export const footerLinkGroups: readonly { heading: string; links: readonly FooterLink[] }[] = [
  {
    heading: 'Shop',
    links: [
      { to: '/guide', label: 'Guide' },
      { to: '/orders', label: 'Orders' },
      { to: '/shipping', label: 'Shipping' },
      { to: '/returns', label: 'Returns' },
    ],
  },
  {
    heading: 'Help',
    links: [
      { to: '/contact', label: 'Contact' },
      { to: '/support', label: 'Support' },
      { to: '/faq', label: 'FAQ' },
      { to: '/about', label: 'About' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/terms', label: 'Terms' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/cookies', label: 'Cookies' },
    ],
  },
];

/** Why buy here, with the shop's free-delivery threshold (a setting). */
export const benefitsFor = (freeDeliveryThreshold: number) =>
  [
    { icon: Truck, text: `Free shipping on orders over ${formatUGX(freeDeliveryThreshold)}` },
    { icon: Award, text: 'Expert curation' },
    { icon: Clock, text: '24/7 support' },
  ] as const;

/** The age notice, with the shop's minimum age (a setting). */
export const ageNoticeFor = (minimumAge: number) =>
  `You must be ${minimumAge} years or older to purchase alcohol`;

/** The shop's footer: who we are, why buy here, the newsletter, the information pages and the age notice. */
export function Footer() {
  const year = new Date().getFullYear();
  const settings = useShopSettings();
  const openingHours = useOpeningHoursLine();
  const benefits = benefitsFor(settings.free_delivery_threshold);
  return (
    <footer className="on-dark bg-wine-900 text-cream-100">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-12 lg:px-8">
        <div className="lg:col-span-4">
          <p className="flex items-center gap-3 font-serif text-2xl text-cream-50">
            <img src="/favicon.svg" alt="" width={36} height={36} className="size-9" />
            {BRAND.name}
          </p>
          <p className="mt-4 text-sm leading-relaxed text-cream-200">
            An independent wine and spirits merchant in {BRAND.city}. We taste everything we sell, keep every
            bottle in a cool, dark cellar away from the equatorial heat, and deliver across {BRAND.city} and
            Entebbe.
          </p>
          <ul className="mt-6 space-y-2 text-sm">
            {benefits.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 text-gold-300" />
                {text}
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-4">
          {footerLinkGroups.map((group) => (
            <div key={group.heading}>
              <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-gold-300 uppercase">
                {group.heading}
              </h2>
              <ul className="mt-4 space-y-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-cream-100 hover:text-gold-200 hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <div className="lg:col-span-4">
          <h2 className="font-serif text-xl text-cream-50">From the cellar, once a month</h2>
          <p className="mt-2 mb-4 text-sm text-cream-200">
            New arrivals, tasting evenings and the odd rare bottle, before anyone else hears about them.
          </p>
          <NewsletterForm />
          <ul className="mt-6 space-y-2 text-sm text-cream-200">
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 text-gold-300" />
              <a
                href={`tel:${settings.phone.replace(/\s+/g, '')}`}
                className="hover:text-gold-200 hover:underline"
              >
                {settings.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="size-4 text-gold-300" />
              <a href={`mailto:${settings.email}`} className="hover:text-gold-200 hover:underline">
                {settings.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 text-gold-300" />
              <span>Open {openingHours}</span>
            </li>
          </ul>
        </div>
      </div>

      <div className="border-t border-wine-700">
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p className="flex items-center gap-2 font-medium text-cream-50">
            <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-gold-300" />
            {ageNoticeFor(settings.minimum_age)}
          </p>
          <p className="text-cream-200">
            © {year} {BRAND.name}, {BRAND.city}, {BRAND.country}. Please enjoy responsibly.
          </p>
        </div>
      </div>
    </footer>
  );
}
