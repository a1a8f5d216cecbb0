import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// Delivery tracking and live notifications (issue 7): a customer places an order and keeps the
// tracking page open; in another browser, a staff member prepares it, assigns a rider and sends
// it out for delivery; the customer's tracking page and notification bell follow without a reload.

/** A bottle of the seeded cellar that has a few in stock. */
async function stockedBottle(request: APIRequestContext): Promise<{ name: string; slug: string }> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; name: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock)) {
    const answer = await request.get(`/api/v1/products/products/${card.slug}/`);
    const detail = (await answer.json()) as { variants: { stock: number; is_default: boolean }[] };
    if (detail.variants.some((size) => size.is_default && size.stock >= 3)) return card;
  }
  throw new Error('The demo cellar has no bottle in stock');
}

/** The bell's accessible name for `unread` unread notifications. */
const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

/** Fails the test on a console error in a page of another browser context too. */
function watchConsole(context: BrowserContext, errors: string[]) {
  context.on('page', (target: Page) => {
    target.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
    target.on('pageerror', (error) => errors.push(`uncaught ${error.name}: ${error.message}`));
  });
}

test.describe('delivery tracking and live notifications', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('customer orders → staff send it out in another browser → tracking page and bell follow live', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const bottle = await stockedBottle(request);

    // The customer signs in and orders one bottle, cash on delivery, to Central Kampala.
    const customer = await createCustomer(baseURL!, { name: 'Amina Nakato', email: uniqueEmail('tracked') });
    await page.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === `/products/${bottle.slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Mobile number').fill('0772 123456');
    await form.getByRole('radio', { name: /^Central Kampala/ }).check();
    await form.getByLabel('Street and house').fill('Plot 4, Acacia Avenue');
    await form.getByLabel('Preferred delivery time').selectOption('evening');
    await form.getByRole('radio', { name: /^Cash on delivery/ }).check();
    await form.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL((url) => /^\/order_success\//.test(url.pathname));
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();

    // The tracking page: confirmed, 20 %.
    await page.getByRole('banner').getByRole('link', { name: 'Delivery tracking' }).click();
    await expect(page).toHaveTitle(pageTitle('delivery_tracking'));
    const card = page.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card.getByTestId('delivery-status')).toHaveText('Confirmed · 20%');
    await expect(card.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute(
      'data-progress-class',
      'low',
    );
    await expect(card.getByTestId('estimated-arrival')).toBeVisible();
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    // The service worker that shows Web Push notifications is registered (docs/product.md section 1).
    const worker = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null,
    );
    expect(worker).toBe(`${baseURL}/sw.js`);

    // What is unread so far (the order placed, a sign-in from this browser), as the server counts it.
    const before = await page.request.get('/api/v1/notifications/');
    expect(before.ok()).toBe(true);
    const unreadBefore = ((await before.json()) as { unread_count: number }).unread_count;
    await expect(bell).toHaveAttribute('aria-label', bellLabel(unreadBefore));

    // Another browser: a staff member at the order desk.
    const staffErrors: string[] = [];
    const staffContext = await browser.newContext();
    watchConsole(staffContext, staffErrors);
    // The page first: the age answer then goes into its first real page (about:blank has no storage).
    const desk = await staffContext.newPage();
    await confirmAgeInAdvance(staffContext);
    const staffAccount = await createCustomer(baseURL!, {
      name: 'Grace Nansubuga',
      email: uniqueEmail('desk'),
    });
    await makeStaff(baseURL!, staffAccount.email);
    await desk.goto(`/login?redirect=${encodeURIComponent('/admin/orders')}`);
    await signInOnPage(desk, staffAccount.email, staffAccount.password);
    await expect(desk).toHaveTitle(pageTitle('admin_orders'));

    const tabs = desk.getByRole('tablist', { name: 'Orders by status' });
    const staffCard = desk.getByRole('article', { name: orderNumber });
    await tabs.getByRole('tab', { name: /^Confirmed/ }).click();
    await staffCard.getByRole('button', { name: 'Start preparing' }).click();
    await expect(desk.getByText(`Order ${orderNumber}: being prepared.`)).toBeVisible();

    // The customer's page follows, without a reload.
    await expect(card.getByTestId('delivery-status')).toHaveText('Being prepared · 40%');

    await tabs.getByRole('tab', { name: /^Being prepared/ }).click();
    await staffCard.getByRole('button', { name: 'Mark ready for delivery' }).click();
    await expect(desk.getByText(`Order ${orderNumber}: ready for delivery.`)).toBeVisible();
    await tabs.getByRole('tab', { name: /^Ready for delivery/ }).click();
    const riderForm = staffCard.getByRole('form', { name: `Rider of order ${orderNumber}` });
    await riderForm.getByLabel('Rider name').fill('Musa Okello');
    await riderForm.getByLabel('Rider phone').fill('0772 000111');
    await riderForm.getByRole('button', { name: 'Assign rider' }).click();
    await expect(desk.getByText(`Rider Musa Okello assigned to order ${orderNumber}.`)).toBeVisible();
    await staffCard.getByRole('button', { name: 'Send out for delivery' }).click();
    await expect(desk.getByText(`Order ${orderNumber}: out for delivery.`)).toBeVisible();

    // Out for delivery on the customer's screen: 80 %, high, the rider, a toast and the bell.
    await expect(card.getByTestId('delivery-status')).toHaveText('Out for delivery · 80%');
    await expect(card.getByRole('progressbar', { name: 'Delivery progress' })).toHaveAttribute(
      'data-progress-class',
      'high',
    );
    await expect(card.getByTestId('rider')).toContainText('Musa Okello · +256772000111');
    await expect(page.getByText(`Order ${orderNumber} is on its way`).first()).toBeVisible();
    await expect(bell).toHaveAttribute('aria-label', bellLabel(unreadBefore + 3));
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const newest = panel.getByRole('link').first();
    await expect(newest).toContainText(`Order ${orderNumber} is on its way`);
    await expect(newest).toContainText('Musa Okello (+256772000111) is bringing it.');
    await expect(newest).toHaveAttribute('href', '/delivery-tracking');
    await expect(
      panel.getByRole('link', { name: new RegExp(`Order ${orderNumber} is being prepared`) }),
    ).toBeVisible();

    // Opening it marks it read.
    await newest.click();
    await expect(bell).toHaveAttribute('aria-label', bellLabel(unreadBefore + 2));
    await staffContext.close();
    expect(staffErrors).toEqual([]);
  });
});
