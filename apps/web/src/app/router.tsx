import { type AppRouteName, appRoutes } from '@shop/contract/pages';
import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { validateAuditSearch } from '../features/admin-audit/lib/audit-search';
import { validateCatalogImportSearch } from '../features/admin-catalog-import/lib/import-search';
import { validateAdminProductsSearch } from '../features/admin-products/lib/admin-products-search';
import { validateProductsSearch } from '../features/catalog/lib/products-search';
import { HomePage } from '../features/catalog/routes/home';
import { warmHome, warmProduct, warmProducts } from '../features/catalog/routes/loaders';
import { validateEventsSearch } from '../features/events/lib/events-search';
import { AgeGate } from '../features/identity/age-gate/age-gate';
import { AUTH_PENDING_MS, AuthLoadingPage } from '../features/identity/components/auth-loading-page';
import { requireCustomer } from '../features/identity/guard/require-customer';
import {
  validateLoginSearch,
  validateRedirectSearch,
  validateResetSearch,
} from '../features/identity/lib/login-search';
import { validateTokenSearch } from '../features/newsletter/lib/token-search';
import { validatePageSearch } from '../features/orders/lib/page-search';
import { validatePaymentReturnSearch } from '../features/payments/lib/payment-return-search';
import { parseSearch, stringifySearch } from '../lib/search-params';
import { useServerPart } from '../lib/server-parts';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './layout/not-found-page';
import { PageLoading } from './layout/page-loading';
import { RouteError } from './layout/route-error';
import { keepScrollOnFirstRender } from './scroll-restoration';
import './route-static-data';

export type RouterContext = {
  /** Loaders warm TanStack Query's cache with it. */
  queryClient: QueryClient;
};

type ContractRoute<N extends AppRouteName> = Extract<(typeof appRoutes)[number], { name: N }>;

function contractRoute<N extends AppRouteName>(name: N): ContractRoute<N> {
  const found = appRoutes.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No route named ${name} in the contract`);
  return found as ContractRoute<N>;
}

/** Every page, behind the age question of the first visit. */
function RootLayout() {
  // The server renders a product page's own part apart from its frame (lib/server-parts.tsx).
  if (useServerPart()?.kind === 'page') return <Outlet />;
  return (
    <AgeGate>
      <AppLayout />
    </AgeGate>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

/**
 * The parts every page route shares, taken from the contract: its parent, its path, and in
 * `staticData` its name (for the page title) and whether it needs a signed-in customer. Those
 * routes get the identity feature's guard (`beforeLoad`), which shows the authentication loading
 * page while the session starts.
 */
function page<N extends AppRouteName>(name: N) {
  const { path, requiresAuth } = contractRoute(name);
  return {
    getParentRoute: () => rootRoute,
    path,
    staticData: { routeName: name, requiresAuth },
    ...(requiresAuth
      ? { beforeLoad: requireCustomer, pendingComponent: AuthLoadingPage, pendingMs: AUTH_PENDING_MS }
      : {}),
  } as const;
}

// Every page except home is its own chunk, loaded when the visitor goes there (or hovers a link to it).
const routes = {
  home: createRoute({
    ...page('home'),
    loader: ({ context }) => warmHome(context.queryClient),
    component: HomePage,
  }),
  products: createRoute({
    ...page('products'),
    validateSearch: validateProductsSearch,
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => warmProducts(context.queryClient, deps),
    component: lazyRouteComponent(() => import('../features/catalog/routes/products'), 'ProductsPage'),
  }),
  product_detail: createRoute({
    ...page('product_detail'),
    loader: ({ context, params }) => warmProduct(context.queryClient, params.id),
    component: lazyRouteComponent(() => import('./routes/product-detail'), 'ProductDetailRoute'),
  }),
  cart: createRoute({
    ...page('cart'),
    component: lazyRouteComponent(() => import('../features/cart/routes/cart'), 'CartPage'),
  }),
  checkout: createRoute({
    ...page('checkout'),
    loader: ({ context }) =>
      void import('./routes/checkout-loader').then((m) => m.warmCheckoutRoute(context.queryClient)),
    component: lazyRouteComponent(() => import('./routes/checkout'), 'CheckoutRoute'),
  }),
  events: createRoute({
    ...page('events'),
    validateSearch: validateEventsSearch,
    loaderDeps: ({ search }) => search,
    // Waits for the loaders' module only (the page's own chunk loads alongside), not the request.
    loader: ({ context, deps }) =>
      import('../features/events/routes/loaders').then((m) => m.warmEvents(context.queryClient, deps)),
    component: lazyRouteComponent(() => import('../features/events/routes/events'), 'EventsPage'),
  }),
  event_detail: createRoute({
    ...page('event_detail'),
    loader: ({ context, params }) =>
      import('../features/events/routes/loaders').then((m) => m.warmEvent(context.queryClient, params.id)),
    component: lazyRouteComponent(() => import('../features/events/routes/event-detail'), 'EventDetailPage'),
  }),
  login: createRoute({
    ...page('login'),
    validateSearch: validateLoginSearch,
    component: lazyRouteComponent(() => import('../features/identity/routes/login'), 'LoginPage'),
  }),
  register: createRoute({
    ...page('register'),
    validateSearch: validateRedirectSearch,
    component: lazyRouteComponent(() => import('../features/identity/routes/register'), 'RegisterPage'),
  }),
  reset_password: createRoute({
    ...page('reset_password'),
    validateSearch: validateResetSearch,
    component: lazyRouteComponent(
      () => import('../features/identity/routes/reset-password'),
      'ResetPasswordPage',
    ),
  }),
  newsletter_confirmation: createRoute({
    ...page('newsletter_confirmation'),
    validateSearch: validateTokenSearch,
    component: lazyRouteComponent(
      () => import('../features/newsletter/routes/newsletter-confirmation'),
      'NewsletterConfirmationPage',
    ),
  }),
  newsletter_unsubscribe: createRoute({
    ...page('newsletter_unsubscribe'),
    validateSearch: validateTokenSearch,
    component: lazyRouteComponent(
      () => import('../features/newsletter/routes/newsletter-unsubscribe'),
      'NewsletterUnsubscribePage',
    ),
  }),
  gift: createRoute({
    ...page('gift'),
    component: lazyRouteComponent(
      () => import('../features/gifts/routes/recipient-gift'),
      'RecipientGiftPage',
    ),
  }),
  account: createRoute({
    ...page('account'),
    component: lazyRouteComponent(() => import('./routes/account'), 'AccountRoute'),
  }),
  wishlist: createRoute({
    ...page('wishlist'),
    component: lazyRouteComponent(() => import('./routes/wishlist'), 'WishlistRoute'),
  }),
  payment_return: createRoute({
    ...page('payment_return'),
    validateSearch: validatePaymentReturnSearch,
    component: lazyRouteComponent(
      () => import('../features/payments/routes/payment-return'),
      'PaymentReturnPage',
    ),
  }),
  order_success: createRoute({
    ...page('order_success'),
    component: lazyRouteComponent(
      () => import('../features/orders/routes/order-success'),
      'OrderSuccessPage',
    ),
  }),
  about: createRoute({
    ...page('about'),
    component: lazyRouteComponent(() => import('../features/content/routes/about'), 'AboutPage'),
  }),
  delivery_tracking: createRoute({
    ...page('delivery_tracking'),
    component: lazyRouteComponent(
      () => import('../features/delivery/routes/delivery-tracking'),
      'DeliveryTrackingPage',
    ),
  }),
  order_history: createRoute({
    ...page('order_history'),
    validateSearch: validatePageSearch,
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) =>
      void import('../features/orders/routes/loaders').then((m) =>
        m.warmOrderHistory(context.queryClient, deps),
      ),
    component: lazyRouteComponent(
      () => import('../features/orders/routes/order-history'),
      'OrderHistoryPage',
    ),
  }),
  order_detail: createRoute({
    ...page('order_detail'),
    loader: ({ context, params }) =>
      void import('../features/orders/routes/loaders').then((m) =>
        m.warmOrder(context.queryClient, params.id),
      ),
    component: lazyRouteComponent(() => import('../features/orders/routes/order-detail'), 'OrderDetailPage'),
  }),
  invoices: createRoute({
    ...page('invoices'),
    validateSearch: validatePageSearch,
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) =>
      void import('../features/orders/routes/loaders').then((m) => m.warmInvoices(context.queryClient, deps)),
    component: lazyRouteComponent(() => import('../features/orders/routes/invoices'), 'InvoicesPage'),
  }),
  payments: createRoute({
    ...page('payments'),
    validateSearch: validatePageSearch,
    component: lazyRouteComponent(() => import('../features/payments/routes/payments'), 'PaymentsPage'),
  }),
  pay: createRoute({
    ...page('pay'),
    component: lazyRouteComponent(() => import('../features/payments/routes/pay'), 'PayPage'),
  }),
  sandbox_pay: createRoute({
    ...page('sandbox_pay'),
    component: lazyRouteComponent(() => import('../features/payments/routes/sandbox-pay'), 'SandboxPayPage'),
  }),
  profile: createRoute({
    ...page('profile'),
    component: lazyRouteComponent(() => import('../features/profile/routes/profile'), 'ProfilePage'),
  }),
  admin_events: createRoute({
    ...page('admin_events'),
    component: lazyRouteComponent(() => import('./routes/admin-events'), 'AdminEventsRoute'),
  }),
  admin_dashboard: createRoute({
    ...page('admin_dashboard'),
    component: lazyRouteComponent(
      () => import('../features/admin-dashboard/routes/admin-dashboard'),
      'AdminDashboardPage',
    ),
  }),
  admin_orders: createRoute({
    ...page('admin_orders'),
    component: lazyRouteComponent(
      () => import('../features/admin-orders/routes/admin-orders'),
      'AdminOrdersPage',
    ),
  }),
  admin_order_detail: createRoute({
    ...page('admin_order_detail'),
    component: lazyRouteComponent(() => import('./routes/admin-order-detail'), 'AdminOrderDetailRoute'),
  }),
  admin_cash: createRoute({
    ...page('admin_cash'),
    component: lazyRouteComponent(
      () => import('../features/admin-orders/routes/admin-cash'),
      'AdminCashPage',
    ),
  }),
  admin_delivery_zones: createRoute({
    ...page('admin_delivery_zones'),
    component: lazyRouteComponent(
      () => import('../features/admin-delivery-zones/routes/admin-delivery-zones'),
      'AdminDeliveryZonesPage',
    ),
  }),
  admin_outbox: createRoute({
    ...page('admin_outbox'),
    component: lazyRouteComponent(
      () => import('../features/admin-outbox/routes/admin-outbox'),
      'AdminOutboxPage',
    ),
  }),
  admin_efris: createRoute({
    ...page('admin_efris'),
    component: lazyRouteComponent(
      () => import('../features/admin-efris/routes/admin-efris'),
      'AdminEfrisPage',
    ),
  }),
  admin_categories: createRoute({
    ...page('admin_categories'),
    component: lazyRouteComponent(
      () => import('../features/admin-categories/routes/admin-categories'),
      'AdminCategoriesPage',
    ),
  }),
  admin_catalog_import: createRoute({
    ...page('admin_catalog_import'),
    validateSearch: validateCatalogImportSearch,
    component: lazyRouteComponent(
      () => import('../features/admin-catalog-import/routes/admin-catalog-import'),
      'AdminCatalogImportPage',
    ),
  }),
  admin_products: createRoute({
    ...page('admin_products'),
    validateSearch: validateAdminProductsSearch,
    component: lazyRouteComponent(
      () => import('../features/admin-products/routes/admin-products'),
      'AdminProductsPage',
    ),
  }),
  admin_product_new: createRoute({
    ...page('admin_product_new'),
    component: lazyRouteComponent(
      () => import('../features/admin-products/routes/admin-product-new'),
      'AdminProductNewPage',
    ),
  }),
  admin_product_edit: createRoute({
    ...page('admin_product_edit'),
    component: lazyRouteComponent(() => import('./routes/admin-product-edit'), 'AdminProductEditRoute'),
  }),
  admin_stock: createRoute({
    ...page('admin_stock'),
    component: lazyRouteComponent(
      () => import('../features/admin-stock/routes/admin-stock'),
      'AdminStockPage',
    ),
  }),
  admin_refunds: createRoute({
    ...page('admin_refunds'),
    component: lazyRouteComponent(
      () => import('../features/admin-refunds/routes/admin-refunds'),
      'AdminRefundsPage',
    ),
  }),
  rider: createRoute({
    ...page('rider'),
    component: lazyRouteComponent(() => import('../features/rider/routes/rider-run'), 'RiderRunPage'),
  }),
  admin_discounts: createRoute({
    ...page('admin_discounts'),
    component: lazyRouteComponent(
      () => import('../features/admin-discounts/routes/admin-discounts'),
      'AdminDiscountsPage',
    ),
  }),
  admin_companies: createRoute({
    ...page('admin_companies'),
    component: lazyRouteComponent(
      () => import('../features/admin-companies/routes/admin-companies'),
      'AdminCompaniesPage',
    ),
  }),
  company: createRoute({
    ...page('company'),
    component: lazyRouteComponent(
      () => import('../features/companies/routes/company-accounts'),
      'CompanyAccountsPage',
    ),
  }),
  admin_reviews: createRoute({
    ...page('admin_reviews'),
    component: lazyRouteComponent(
      () => import('../features/admin-reviews/routes/admin-reviews'),
      'AdminReviewsPage',
    ),
  }),
  admin_newsletter: createRoute({
    ...page('admin_newsletter'),
    component: lazyRouteComponent(
      () => import('../features/admin-newsletter/routes/admin-newsletter'),
      'AdminNewsletterPage',
    ),
  }),
  admin_newsletter_campaigns: createRoute({
    ...page('admin_newsletter_campaigns'),
    component: lazyRouteComponent(
      () => import('../features/admin-newsletter/routes/admin-newsletter-campaigns'),
      'AdminNewsletterCampaignsPage',
    ),
  }),
  admin_customers: createRoute({
    ...page('admin_customers'),
    component: lazyRouteComponent(
      () => import('../features/admin-customers/routes/admin-customers'),
      'AdminCustomersPage',
    ),
  }),
  admin_customer_detail: createRoute({
    ...page('admin_customer_detail'),
    component: lazyRouteComponent(
      () => import('../features/admin-customers/routes/admin-customer-detail'),
      'AdminCustomerDetailPage',
    ),
  }),
  admin_staff: createRoute({
    ...page('admin_staff'),
    component: lazyRouteComponent(
      () => import('../features/admin-staff/routes/admin-staff'),
      'AdminStaffPage',
    ),
  }),
  choose_password: createRoute({
    ...page('choose_password'),
    validateSearch: validateRedirectSearch,
    component: lazyRouteComponent(
      () => import('../features/identity/routes/choose-password'),
      'ChoosePasswordPage',
    ),
  }),
  admin_settings: createRoute({
    ...page('admin_settings'),
    component: lazyRouteComponent(
      () => import('../features/admin-settings/routes/admin-settings'),
      'AdminSettingsPage',
    ),
  }),
  admin_audit: createRoute({
    ...page('admin_audit'),
    validateSearch: validateAuditSearch,
    component: lazyRouteComponent(
      () => import('../features/admin-audit/routes/admin-audit'),
      'AdminAuditPage',
    ),
  }),
  admin_privacy: createRoute({
    ...page('admin_privacy'),
    component: lazyRouteComponent(
      () => import('../features/admin-privacy/routes/admin-privacy'),
      'AdminPrivacyPage',
    ),
  }),
  support: createRoute({
    ...page('support'),
    component: lazyRouteComponent(() => import('../features/content/routes/support'), 'SupportPage'),
  }),
  privacy: createRoute({
    ...page('privacy'),
    component: lazyRouteComponent(() => import('../features/content/routes/privacy'), 'PrivacyPage'),
  }),
  guide: createRoute({
    ...page('guide'),
    component: lazyRouteComponent(() => import('../features/content/routes/guide'), 'GuidePage'),
  }),
  orders: createRoute({
    ...page('orders'),
    component: lazyRouteComponent(() => import('../features/content/routes/orders'), 'OrdersPage'),
  }),
  contact: createRoute({
    ...page('contact'),
    component: lazyRouteComponent(() => import('../features/content/routes/contact'), 'ContactPage'),
  }),
  shipping: createRoute({
    ...page('shipping'),
    component: lazyRouteComponent(() => import('../features/content/routes/shipping'), 'ShippingPage'),
  }),
  returns: createRoute({
    ...page('returns'),
    component: lazyRouteComponent(() => import('../features/content/routes/returns'), 'ReturnsPage'),
  }),
  faq: createRoute({
    ...page('faq'),
    component: lazyRouteComponent(() => import('../features/content/routes/faq'), 'FaqPage'),
  }),
  terms: createRoute({
    ...page('terms'),
    component: lazyRouteComponent(() => import('../features/content/routes/terms'), 'TermsPage'),
  }),
  cookies: createRoute({
    ...page('cookies'),
    component: lazyRouteComponent(() => import('../features/content/routes/cookies'), 'CookiesPage'),
  }),
} satisfies Record<AppRouteName, AnyRoute>;

export const routeTree = rootRoute.addChildren(Object.values(routes));

export function createAppRouter({
  queryClient,
  history,
  server = false,
  hydrating = false,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
  /** Rendering on the server (entry-server.tsx): no browser to restore the scroll of. */
  server?: boolean;
  /** Taking over a page the server rendered (start.tsx): its first render keeps the visitor's scroll. */
  hydrating?: boolean;
}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    ...(server ? { isServer: true } : {}),
    parseSearch,
    stringifySearch,
    // Warm a page's code when a link to it is hovered or focused; TanStack Query keeps the data fresh.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Back/forward restore the scroll position; every other navigation starts at the top.
    // Not on the server: the router would write an inline script, which the CSP refuses.
    scrollRestoration: server ? false : hydrating ? keepScrollOnFirstRender() : true,
    defaultPendingComponent: PageLoading,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
