import type { Page } from '@playwright/test';
import type { AppRouteName } from '@shop/contract/pages';
import { accessibilityProblems, expect, overflowProblems, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, STRONG_PASSWORD, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { createAdminWithCommand } from './support/staff/people';

// The back office's frame (issue 36): an admin signs in once, lands on the day's figures, and
// walks every section through the frame's navigation only (no typed URL): a side menu at a desk's
// width, a menu button on a phone, the current section marked, no page wider than the screen and
// no serious axe finding in any section.

/** Every section an admin may use, in the navigation's order, with the page each opens. */
const SECTIONS: [name: string, route: AppRouteName][] = [
  ['The day’s figures', 'admin_dashboard'],
  ['Orders', 'admin_orders'],
  ['Products', 'admin_products'],
  ['Stock', 'admin_stock'],
  ['Categories', 'admin_categories'],
  ['Import / export', 'admin_catalog_import'],
  ['Events', 'admin_events'],
  ['Customers', 'admin_customers'],
  ['Refunds', 'admin_refunds'],
  ['EFRIS', 'admin_efris'],
  ['Discount codes', 'admin_discounts'],
  ['Company accounts', 'admin_companies'],
  ['Delivery zones', 'admin_delivery_zones'],
  ['Reviews', 'admin_reviews'],
  ['Newsletter', 'admin_newsletter'],
  ['Outbox', 'admin_outbox'],
  ['Audit trail', 'admin_audit'],
  ['Privacy', 'admin_privacy'],
  ['Shop settings', 'admin_settings'],
  ['Staff and roles', 'admin_staff'],
];

/** A section's link: its name, then perhaps a count ("Orders 3 to pack"). */
const named = (name: string) => new RegExp(`^${name.replace(/[/]/g, '\\/')}( \\d+\\+? \\w+( \\w+)?)?$`);

/**
 * A section reached through the menu (no document load, so the suite's own checks do not run):
 * once its lists have come, axe's serious findings and anything wider than the screen.
 */
async function sectionProblems(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return [...(await accessibilityProblems(page)), ...(await overflowProblems(page))];
}

/** A customer's cash order of the first bottle in stock, placed on the storefront: its number. */
async function placeOrder(page: Page, baseURL: string): Promise<string> {
  const customer = await createCustomer(baseURL, { email: uniqueEmail('frame-buyer') });
  const list = await page.request.get('/api/v1/products/products/?page_size=100');
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  const bottle = results.find((item) => item.in_stock)!;
  await page.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
  await signInOnPage(page, customer.email, customer.password);
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
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/order_success/'));
  return (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();
}

async function signInAsAdmin(page: Page, baseURL: string) {
  const admin = { email: uniqueEmail('frame'), name: 'Grace Nansubuga', password: STRONG_PASSWORD };
  await createAdminWithCommand(baseURL, admin);
  await page.goto(`/login?redirect=${encodeURIComponent('/admin')}`);
  await signInOnPage(page, admin.email, admin.password);
  await expect(page).toHaveTitle(pageTitle('admin_dashboard'));
}

test.describe('the back-office frame', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('at a desk: the side menu reaches every section, marks it, no page scrolls sideways, axe finds nothing serious', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Twenty sections, each checked by axe (seconds each on a busy machine).
    test.setTimeout(600_000);
    const shopper = await browser.newContext({ baseURL });
    await confirmAgeInAdvance(shopper);
    const orderNumber = await placeOrder(await shopper.newPage(), baseURL!);
    await shopper.close();

    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page, baseURL!);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveCount(SECTIONS.length);
    for (const [name, route] of SECTIONS) {
      const link = nav.getByRole('link', { name: named(name) });
      await link.click();
      await expect(page).toHaveTitle(pageTitle(route));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      expect(await sectionProblems(page), name).toEqual([]);
    }
    // The search box finds a product by the start of a SKU read on its page, and an order by number.
    await nav.getByRole('link', { name: named('Products') }).click();
    await page.locator('main a[href^="/admin/products/"]:not([href$="/new"])').first().click();
    await expect(page).toHaveTitle(pageTitle('admin_product_edit'));
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const sizes = page.getByRole('region', { name: 'Sizes' });
    const sku = (await sizes.getByRole('row').nth(1).getByRole('cell').first().textContent())!.trim();
    const box = page.getByLabel('Find a product, order or customer');
    await box.fill(sku.slice(0, -1).toLowerCase());
    await box.press('Enter');
    const products = page.getByRole('region', { name: 'Products' });
    await expect(products.getByRole('link', { name: new RegExp(`· ${sku}$`) })).toBeVisible();
    await products
      .getByRole('link', { name: new RegExp(`· ${sku}$`) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);

    await box.fill(orderNumber);
    await box.press('Enter');
    await page
      .getByRole('region', { name: 'Orders' })
      .getByRole('link', { name: new RegExp(`^${orderNumber}`) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(nav.getByRole('link', { name: named('Orders') })).toHaveAttribute('aria-current', 'page');

    // The storefront stays one click away.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveTitle(pageTitle('home'));
    await expect(nav).toHaveCount(0);
  });

  test('a list sorts by a column on the server: the header button, by click and by keyboard, says the order', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // An order of its own, so the orders desk has a table whichever test ran before.
    const shopper = await browser.newContext({ baseURL });
    await confirmAgeInAdvance(shopper);
    await placeOrder(await shopper.newPage(), baseURL!);
    await shopper.close();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page, baseURL!);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: named('Products') }).click();
    await expect(page).toHaveTitle(pageTitle('admin_products'));
    const table = page.getByRole('table', { name: 'Products' });
    const price = table.getByRole('columnheader', { name: /^Price/ });
    /** The page's prices in the order shown (a product with no sellable size has none). */
    const prices = async () =>
      (await table.locator('td[data-label="Price"]').allTextContents())
        .map((text) => text.replace(/\D/g, ''))
        .filter(Boolean)
        .map(Number);

    await expect(price).not.toHaveAttribute('aria-sort');
    const asked = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('sort') === 'price',
    );
    await price.getByRole('button').click();
    await asked;
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price');
    await expect(table.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect
      .poll(async () => {
        const shown = await prices();
        return shown.length > 1 && shown.every((value, index) => index === 0 || shown[index - 1]! <= value);
      })
      .toBe(true);

    // The keyboard flips it: the most expensive first, asked of the server.
    const reversed = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('sort') === '-price',
    );
    await price.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await reversed;
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === '-price');
    await expect
      .poll(async () => {
        const shown = await prices();
        return shown.length > 1 && shown.every((value, index) => index === 0 || shown[index - 1]! >= value);
      })
      .toBe(true);

    // The orders desk opens newest first, and Total orders it by the largest total.
    await nav.getByRole('link', { name: named('Orders') }).click();
    await expect(page).toHaveTitle(pageTitle('admin_orders'));
    await page.getByRole('tab', { name: /^All/ }).click();
    const orders = page.getByRole('table', { name: 'Orders' });
    await expect(orders.getByRole('columnheader', { name: /^Placed/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const byTotal = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('sort') === 'total_desc',
    );
    await orders
      .getByRole('columnheader', { name: /^Total/ })
      .getByRole('button')
      .click();
    await byTotal;
    await expect(orders.getByRole('columnheader', { name: /^Total/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(orders.getByRole('columnheader', { name: /^Placed/ })).not.toHaveAttribute('aria-sort');
  });

  test('on a phone: the menu button reaches every section, by touch and by keyboard, each fitting and axe-clean', async ({
    page,
    baseURL,
  }) => {
    // Twenty sections, each checked by axe (seconds each on a busy machine).
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(page, baseURL!);
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
    const button = page.getByRole('button', { name: /^Back office/ });
    const problems: string[] = [];
    for (const [name, route] of SECTIONS) {
      await button.click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveCount(SECTIONS.length);
      if (route === 'admin_dashboard') expect(await overflowProblems(page), 'the open menu').toEqual([]);
      await menu.getByRole('menuitem', { name: named(name) }).click();
      await expect(page).toHaveTitle(pageTitle(route));
      await expect(menu).toBeHidden();
      await expect(button).toHaveText(`Back office: ${name}`);
      for (const problem of await sectionProblems(page)) problems.push(`${name}: ${problem}`);
    }
    // From the keyboard: Enter opens on the first section, the arrows move, Escape gives focus back.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: named('Orders') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toBeFocused();
    expect(problems).toEqual([]);
  });
});
