import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// A member of staff who is not an admin (issue 33 item 13): the desk shows only what staff may
// use (no Refunds while the shop keeps them for admins, no Shop settings), and an order's page asks
// nothing the API refuses: no 403, so no console error (the suite's fixture fails on one).

/** A bottle of the seeded cellar that has a few in stock. */
async function stockedBottle(request: APIRequestContext): Promise<{ slug: string }> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock)) {
    const answer = await request.get(`/api/v1/products/products/${card.slug}/`);
    const detail = (await answer.json()) as { variants: { stock: number; is_default: boolean }[] };
    if (detail.variants.some((size) => size.is_default && size.stock >= 3)) return card;
  }
  throw new Error('The demo cellar has no bottle in stock');
}

test.describe('the staff desk of a member of staff', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('staff open the desk and an order: only their sections, no refusal, no console error', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const bottle = await stockedBottle(request);

    // A customer's order, cash on delivery.
    const customer = await createCustomer(baseURL!, { email: uniqueEmail('ordered') });
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
    await expect(page).toHaveURL((url) => /^\/order_success\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();

    // A member of staff (not an admin), in another browser.
    const member = await createCustomer(baseURL!, { name: 'Grace Nansubuga', email: uniqueEmail('staff') });
    await makeStaff(baseURL!, member.email, 'staff');
    const staffContext = await browser.newContext({ baseURL });
    await confirmAgeInAdvance(staffContext);
    const desk = await staffContext.newPage();
    await desk.goto(`/login?redirect=${encodeURIComponent('/account')}`);
    await signInOnPage(desk, member.email, member.password);
    await expect(desk).toHaveTitle(pageTitle('account'));
    const cards = desk.getByRole('region', { name: 'Staff desk' });
    await expect(cards.getByRole('link', { name: /^Orders/ })).toBeVisible();
    await expect(cards.getByRole('link', { name: /^Customers/ })).toBeVisible();
    for (const adminsOnly of [/^Refunds/, /^Shop settings/, /^Staff and roles/]) {
      await expect(cards.getByRole('link', { name: adminsOnly })).toHaveCount(0);
    }

    await cards.getByRole('link', { name: /^Orders/ }).click();
    await expect(desk).toHaveTitle(pageTitle('admin_orders'));
    await desk.goto(`/admin/orders/${orderId}`);
    await expect(desk.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    await expect(desk.getByText('Refunds are made by an admin.')).toBeVisible();
    await staffContext.close();
  });
});
