import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { BackOfficeFrame } from '../../components/back-office/back-office-frame';
import { ConnectionBanner } from '../../features/connection/connection-banner';
import { useWishlistCount } from '../../features/wishlist/api/get-wishlist-summary';
import { PageSlot } from '../../lib/server-parts';
import { useSession } from '../../lib/session/use-session';
import { useDocumentTitle } from '../document-title';
import { useCartSummary } from '../use-cart-summary';
import { Footer } from './footer';
import { Header } from './header';
import { MiniCartBar } from './mini-cart-bar';
import { SkipLink } from './skip-link';

// Signed-in customers only: visitors (and the first paint of every page) never load its code.
const NotificationBell = lazy(() =>
  import('../../features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

const isBackOfficePath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** The frame of every page (and the back office's around every /admin page). The cart and session come from src/app's hooks, where those features plug in. */
export function AppLayout() {
  useDocumentTitle();
  const cart = useCartSummary();
  const { session, user, expiresAt, signOut } = useSession();
  const wishlistCount = useWishlistCount();
  const inBackOffice = useRouterState({ select: (state) => isBackOfficePath(state.location.pathname) });
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ConnectionBanner />
      <Header
        cartCount={cart.itemCount}
        wishlistCount={wishlistCount}
        session={session}
        notifications={
          // Not while a one-time password is in use: the API refuses the account everything else.
          user && !user.mustChangePassword ? (
            <Suspense fallback={null}>
              {/* One bell (and live connection) per session: a new session reconnects. */}
              <NotificationBell key={`${user.id}:${expiresAt?.getTime()}`} userId={user.id} />
            </Suspense>
          ) : null
        }
        onSignOut={() => void signOut()}
      />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {inBackOffice ? (
          <BackOfficeFrame>
            <Outlet />
          </BackOfficeFrame>
        ) : (
          <PageSlot>
            <Outlet />
          </PageSlot>
        )}
      </main>
      <MiniCartBar itemCount={cart.itemCount} total={cart.total} />
      <Footer />
    </div>
  );
}
