import { BRAND } from '@shop/contract/brand';
import { LOGO_PATH } from '@shop/contract/constants';
import { pluralWord } from '@shop/contract/plural';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Heart, Menu, ShoppingBag, Truck, User, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { SessionSummary } from '../../lib/session/use-session';

export type HeaderProps = {
  /** Bottles in the cart; the badge is hidden at 0. */
  cartCount: number;
  /** Bottles on the wishlist; the badge is hidden at 0. */
  wishlistCount?: number;
  /** The signed-in customer, or null. */
  session: SessionSummary | null;
  /** The notifications bell (signed-in customers), beside the cart. */
  notifications?: ReactNode;
  onSignOut: () => void;
};

type NavItem = { to: NonNullable<LinkProps['to']>; label: string; exact?: boolean };

export const mainNav: readonly NavItem[] = [
  { to: '/', label: 'Home', exact: true },
  { to: '/products', label: 'Discover' },
  { to: '/events', label: 'Events' },
  { to: '/about', label: 'About' },
];

const navLinkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-ink transition hover:bg-cream-100 hover:text-wine-800 data-[status=active]:text-wine-800 data-[status=active]:underline data-[status=active]:decoration-gold-500 data-[status=active]:decoration-2 data-[status=active]:underline-offset-8';

const iconLinkClass =
  'relative inline-flex size-10 items-center justify-center rounded-full text-wine-900 transition hover:bg-cream-100';

function IconLink({ to, label, children }: { to: NavItem['to']; label: string; children: ReactNode }) {
  return (
    <Link to={to} className={iconLinkClass} title={label}>
      {children}
      <span className="sr-only">{label}</span>
    </Link>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" className={iconLinkClass} title="Cart">
      <ShoppingBag aria-hidden="true" className="size-5" />
      <span className="sr-only">Cart</span>
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-wine-700 px-1 text-[0.7rem] leading-5 font-bold text-white"
        >
          {count > 99 ? '99+' : count}
          <span className="sr-only">{` ${pluralWord(count, 'item')}`}</span>
        </span>
      ) : null}
    </Link>
  );
}

function WishlistLink({ count }: { count: number }) {
  return (
    <Link to="/wishlist" className={iconLinkClass} title="Wishlist">
      <Heart aria-hidden="true" className="size-5" />
      <span className="sr-only">Wishlist</span>
      {count > 0 ? (
        <span
          data-testid="wishlist-badge"
          className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-500 px-1 text-[0.7rem] leading-5 font-bold text-wine-950"
        >
          {count > 99 ? '99+' : count}
          <span className="sr-only">{` ${pluralWord(count, 'saved bottle')}`}</span>
        </span>
      ) : null}
    </Link>
  );
}

/** The shop's header: logo, main navigation, wishlist, delivery tracking, cart and account. */
export function Header({ cartCount, wishlistCount = 0, session, notifications, onSignOut }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-cream-200 bg-cream-50/95 backdrop-blur supports-[backdrop-filter]:bg-cream-50/85">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:h-18 sm:px-6 lg:px-8">
        <Link to="/" className="shrink-0 rounded-md" onClick={closeMenu}>
          <img src={LOGO_PATH} alt={BRAND.name} width={175} height={40} className="h-9 w-auto sm:h-10" />
        </Link>

        <nav aria-label="Main" className="mx-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeOptions={{ exact: item.exact ?? false }} className={navLinkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <div className="hidden items-center gap-1 sm:flex">
            <WishlistLink count={wishlistCount} />
            <IconLink to="/delivery-tracking" label="Delivery tracking">
              <Truck aria-hidden="true" className="size-5" />
            </IconLink>
          </div>
          {notifications}
          <CartLink count={cartCount} />
          <div className="hidden items-center gap-2 pl-2 md:flex">
            {session ? (
              <>
                <Link
                  to="/account"
                  className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-wine-900 hover:bg-cream-100"
                >
                  <User aria-hidden="true" className="size-4" />
                  Account
                </Link>
                <button
                  type="button"
                  onClick={onSignOut}
                  className="rounded-full border border-wine-800 px-4 py-2 text-sm font-semibold text-wine-800 transition hover:bg-wine-800 hover:text-cream-50"
                >
                  Sign Out
                </button>
              </>
            ) : (
              <Link
                to="/login"
                className="rounded-full bg-wine-800 px-4 py-2 text-sm font-semibold text-cream-50 transition hover:bg-wine-900"
              >
                Sign In
              </Link>
            )}
          </div>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-full text-wine-900 hover:bg-cream-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </div>

      {menuOpen ? (
        <div id="mobile-menu" className="border-t border-cream-200 bg-cream-50 md:hidden">
          <nav aria-label="Mobile" className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
            <ul className="flex flex-col">
              {mainNav.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    activeOptions={{ exact: item.exact ?? false }}
                    onClick={closeMenu}
                    className="block rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-cream-100 data-[status=active]:text-wine-800"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
              <li className="mt-2 border-t border-cream-200 pt-2">
                <Link
                  to="/wishlist"
                  onClick={closeMenu}
                  className="flex items-center gap-3 rounded-md px-3 py-3 text-base text-ink hover:bg-cream-100"
                >
                  <Heart aria-hidden="true" className="size-5 text-wine-800" /> Wishlist
                  {wishlistCount > 0 ? (
                    <span className="ml-auto text-sm text-ink-soft">{wishlistCount}</span>
                  ) : null}
                </Link>
              </li>
              <li>
                <Link
                  to="/delivery-tracking"
                  onClick={closeMenu}
                  className="flex items-center gap-3 rounded-md px-3 py-3 text-base text-ink hover:bg-cream-100"
                >
                  <Truck aria-hidden="true" className="size-5 text-wine-800" /> Delivery tracking
                </Link>
              </li>
              <li className="mt-2 flex gap-2 border-t border-cream-200 pt-3">
                {session ? (
                  <>
                    <Link
                      to="/account"
                      onClick={closeMenu}
                      className="flex-1 rounded-full border border-wine-800 px-4 py-2.5 text-center font-semibold text-wine-800"
                    >
                      Account
                    </Link>
                    <button
                      type="button"
                      onClick={() => {
                        closeMenu();
                        onSignOut();
                      }}
                      className="flex-1 rounded-full bg-wine-800 px-4 py-2.5 font-semibold text-cream-50"
                    >
                      Sign Out
                    </button>
                  </>
                ) : (
                  <Link
                    to="/login"
                    onClick={closeMenu}
                    className="flex-1 rounded-full bg-wine-800 px-4 py-2.5 text-center font-semibold text-cream-50"
                  >
                    Sign In
                  </Link>
                )}
              </li>
            </ul>
          </nav>
        </div>
      ) : null}
    </header>
  );
}
