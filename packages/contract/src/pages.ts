import { BRAND } from './brand';

/**
 * Page title rule of docs/product.md section 2: the route name with underscores turned into spaces and
 * each word capitalised, followed by the brand.
 */
export function pageTitle(routeName: string, brand: string = BRAND.name): string {
  const words = routeName
    .replace(/_+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? `${words.join(' ')} | ${brand}` : brand;
}

export type AppRoute = {
  /** Route name: the page title is made from it. */
  name: string;
  /** TanStack Router path; `$id` marks a parameter. */
  path: string;
  /** Protected routes send a signed-out visitor to /login. */
  requiresAuth: boolean;
};

const route = (name: string, path: string, requiresAuth = false): AppRoute => ({ name, path, requiresAuth });

/**
 * The storefront's routes: every page of docs/product.md section 2 (with the password-reset page that the
 * reset e-mail links to, and an order's own page under the order history), then the footer's
 * information pages.
 * The server reads this list too, to answer 404 for paths that are not pages of the shop.
 */
export const appRoutes = [
  route('home', '/'),
  route('products', '/products'),
  route('product_detail', '/products/$id'),
  route('cart', '/cart'),
  route('checkout', '/checkout', true),
  route('events', '/events'),
  route('event_detail', '/events/$id'),
  route('login', '/login'),
  route('register', '/register'),
  route('reset_password', '/reset-password'),
  // The newsletter e-mails' links: confirm a subscription, unsubscribe (both work signed out).
  route('newsletter_confirmation', '/newsletter/confirm'),
  route('newsletter_unsubscribe', '/newsletter/unsubscribe'),
  // A gift's SMS link: the recipient follows it and picks a time, without an account.
  route('gift', '/gift/$token'),
  route('account', '/account', true),
  route('wishlist', '/wishlist', true),
  route('payment_return', '/payment_return'),
  route('order_success', '/order_success/$id'),
  route('about', '/about'),
  route('delivery_tracking', '/delivery-tracking', true),
  route('order_history', '/order-history', true),
  // One order of the history, with its items, delivery details and status changes.
  route('order_detail', '/order-history/$id', true),
  route('invoices', '/invoices', true),
  route('payments', '/payments', true),
  // Paying an order by mobile money: the waiting screen, and retry or cash on delivery.
  route('pay', '/pay/$orderId', true),
  // The sandbox payment provider's stand-in for the customer's phone prompt.
  route('sandbox_pay', '/sandbox/pay/$reference', true),
  route('profile', '/profile', true),
  // The back office's events (staff and admins only): create, publish, cancel, guests, check-in.
  route('admin_events', '/admin/events', true),
  // The back office's day's figures (staff and admins only): revenue, orders, charts, pending work, exports.
  route('admin_dashboard', '/admin', true),
  // The back office's orders (staff and admins only): by status, moved along, riders, delivered.
  route('admin_orders', '/admin/orders', true),
  // One order for staff: lines, contact, payments, history, the packing slip and its print view.
  route('admin_order_detail', '/admin/orders/$id', true),
  // Cash on delivery: expected against collected, per rider and Kampala day.
  route('admin_cash', '/admin/cash', true),
  // The back office's delivery zones (staff and admins only): fees, times, offered or withdrawn.
  route('admin_delivery_zones', '/admin/delivery-zones', true),
  // The back office's outbox (staff and admins only): the e-mails not sent, to read and pass on.
  route('admin_outbox', '/admin/outbox', true),
  // The back office's categories (staff and admins only): create, edit, reorder, hide, remove.
  route('admin_categories', '/admin/categories', true),
  // The back office's CSV import and export of the catalog (staff and admins only).
  route('admin_catalog_import', '/admin/catalog-import', true),
  // The back office's catalog (staff and admins only): products and their sizes.
  route('admin_products', '/admin/products', true),
  route('admin_product_new', '/admin/products/new', true),
  route('admin_product_edit', '/admin/products/$id', true),
  // The back office's stock (staff and admins only): sizes low or out of stock, received at once.
  route('admin_stock', '/admin/stock', true),
  // The back office's refunds (admins; staff when allowed): payments to refund, credit notes' export.
  route('admin_refunds', '/admin/refunds', true),
  // The rider's screen (riders only, issue 38): today's run, the handover at the door, cash.
  route('rider', '/rider', true),
  // The back office's discount codes (staff and admins only): create, change, pause, end.
  route('admin_discounts', '/admin/discounts', true),
  // Company accounts (staff and admins only): approve, buyers, what each owes.
  route('admin_companies', '/admin/companies', true),
  // A customer's company accounts: ask for one, the companies they order for and their orders.
  route('company', '/company', true),
  // The back office's review moderation (staff and admins only): reported first, hide and show again.
  route('admin_reviews', '/admin/reviews', true),
  // The back office's newsletter (staff and admins only): subscribers, and campaigns composed and sent.
  route('admin_newsletter', '/admin/newsletter', true),
  route('admin_newsletter_campaigns', '/admin/newsletter/campaigns', true),
  // The back office's customers (staff; disabling is for admins): search, one customer's page.
  route('admin_customers', '/admin/customers', true),
  route('admin_customer_detail', '/admin/customers/$id', true),
  // Staff accounts and roles (admins only): invite by e-mail, change a role.
  route('admin_staff', '/admin/staff', true),
  // An account made with a one-time password chooses its own before anything else.
  route('choose_password', '/choose-password', true),
  // The shop's settings (admins only): contact, hours, free delivery, minimum age, VAT, reviews.
  route('admin_settings', '/admin/settings', true),
  // The audit trail (staff and admins): who did what and when, before → after.
  route('admin_audit', '/admin/audit', true),
  // URA's EFRIS (staff: the fiscalisation queue; admins: the connection and the key).
  route('admin_efris', '/admin/efris', true),
  // Privacy (staff; retention and breaches admins only): processors, retention periods, breach log.
  route('admin_privacy', '/admin/privacy', true),
  route('support', '/support'),
  route('privacy', '/privacy'),
  route('guide', '/guide'),
  route('orders', '/orders'),
  route('contact', '/contact'),
  route('shipping', '/shipping'),
  route('returns', '/returns'),
  route('faq', '/faq'),
  route('terms', '/terms'),
  route('cookies', '/cookies'),
] as const satisfies readonly AppRoute[];

export type AppRouteName = (typeof appRoutes)[number]['name'];

/** Finds the route a browser path belongs to, or undefined when it is not a page of the shop. */
export function matchAppRoute(pathname: string): AppRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = clean.split('/');
  return appRoutes.find((candidate) => {
    const pattern = candidate.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) =>
        part.startsWith('$') ? segments[index] !== '' : part === segments[index],
      )
    );
  });
}
