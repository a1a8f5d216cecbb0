/** Business constants of docs/product.md section 9, and the numbers the client and server share. */

export const CURRENCY = 'UGX' as const;

/** Sessions: 24-hour sessions, checked every 5 minutes; anonymous sessions renewed after 24 hours. */
export const SESSION_LENGTH_MS = 24 * 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const ANONYMOUS_RENEWAL_MS = 24 * 60 * 60 * 1000;

/** Home page sections show six products per page. */
export const HOME_PAGE_SIZE = 6;

/** Every API request times out after 10 seconds; failed requests are retried once. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const REQUEST_RETRIES = 1;

/** Toasts stay for 3 seconds. */
export const TOAST_DURATION_MS = 3_000;

/** The route guard waits up to 3 seconds for authentication to start: 30 checks, 100 ms apart. */
export const ROUTE_GUARD_CHECKS = 30;
export const ROUTE_GUARD_INTERVAL_MS = 100;

/** Notification websocket: at most 5 reconnect attempts, delay 1 s doubled up to 30 s. */
export const WS_MAX_RECONNECT_ATTEMPTS = 5;
export const WS_INITIAL_RECONNECT_DELAY_MS = 1_000;
export const WS_MAX_RECONNECT_DELAY_MS = 30_000;

/** A browser notification closes after 5 seconds unless it is urgent. */
export const BROWSER_NOTIFICATION_CLOSE_MS = 5_000;

/** Read notifications older than this are removed by default. */
export const READ_NOTIFICATION_RETENTION_DAYS = 30;

/** Orders of at least Shs 1,000,000 are delivered free: the default of the `free_delivery_threshold` setting (settings.ts). */
export const FREE_SHIPPING_THRESHOLD_UGX = 1_000_000;

/** Purchasers must be 21 or older: the default of the `minimum_age` setting (settings.ts; admins choose 18..25). */
export const MINIMUM_AGE_YEARS = 21;

/** Headers every web request carries (docs/product.md section 7). */
export const CLIENT_PLATFORM = 'web' as const;
export const CLIENT_APP_VERSION = '1.0.0' as const;

/** Paged lists: default and largest page size accepted by list endpoints. */
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

/** The API's base path. */
export const API_BASE_PATH = '/api/v1' as const;

/** The shop's logo, used wherever an image is missing (docs/product.md section 9). */
export const LOGO_PATH = '/logo.svg' as const;
