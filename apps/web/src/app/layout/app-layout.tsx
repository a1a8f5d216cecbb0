import { Outlet } from '@tanstack/react-router';
import { ConnectionBanner } from '../../features/connection/connection-banner';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useWishlistCount } from '../../features/wishlist/api/get-wishlist-summary';
import { useDocumentTitle } from '../document-title';
import { useCartSummary } from '../use-cart-summary';
import { useSession } from '../use-session';
import { Footer } from './footer';
import { Header } from './header';
import { MiniCartBar } from './mini-cart-bar';
import { SkipLink } from './skip-link';

/** The frame of every page. The cart and session come from src/app's hooks, where those features plug in. */
export function AppLayout() {
  useDocumentTitle();
  const cart = useCartSummary();
  const { session, user, signOut } = useSession();
  const wishlistCount = useWishlistCount();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <ConnectionBanner />
      <Header
        cartCount={cart.itemCount}
        wishlistCount={wishlistCount}
        session={session}
        notifications={user ? <NotificationBell key={user.id} userId={user.id} /> : null}
        onSignOut={() => void signOut()}
      />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <MiniCartBar itemCount={cart.itemCount} total={cart.total} />
      <Footer />
    </div>
  );
}
