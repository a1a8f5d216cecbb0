import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// The purchase journey against the production build and the demo cellar (issue 5): a customer
// signs in, puts two sizes of one bottle in the cart, changes a quantity, checks out with cash on
// delivery, sees the order placed, finds it in the order history and downloads its invoice.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Size = { id: number; name: string; price: number; stock: number };
type Bottle = { name: string; slug: string; sizes: [Size, Size] };

/** A bottle of the seeded cellar with two sizes that each have a few in stock. */
async function bottleWithTwoSizes(request: APIRequestContext): Promise<Bottle> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock)) {
    const answer = await request.get(`/api/v1/products/products/${card.slug}/`);
    const detail = (await answer.json()) as { name: string; slug: string; variants: Size[] };
    const stocked = detail.variants.filter((size) => size.stock >= 5);
    if (stocked.length >= 2) {
      return { name: detail.name, slug: detail.slug, sizes: [stocked[0]!, stocked[1]!] };
    }
  }
  throw new Error('The demo cellar has no bottle with two sizes in stock');
}

test.describe('cart and checkout', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('sign in → two sizes → change a quantity → cash on delivery → order success → history → invoice PDF', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const bottle = await bottleWithTwoSizes(request);
    const [first, second] = bottle.sizes;
    const customer = await createCustomer(baseURL!, { name: 'Amina Nakato', email: uniqueEmail('buyer') });

    // Sign in, back to the bottle.
    await page.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === `/products/${bottle.slug}`);
    await expect(header(page).signOut).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(bottle.name);

    // Two sizes of the same bottle.
    const sizes = page.getByRole('group', { name: 'Size' });
    const added = page.getByText(`${bottle.name} added to cart!`);
    await sizes.getByRole('radio', { name: new RegExp(`^${escapeRegExp(first.name)}`) }).check();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(added).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await sizes.getByRole('radio', { name: new RegExp(`^${escapeRegExp(second.name)}`) }).check();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('2');
    const bar = page.getByRole('region', { name: 'Cart summary' });
    await expect(bar).toContainText('2 items');
    await bar.getByRole('link', { name: 'View Cart' }).click();

    // The cart: one more of the first size.
    await expect(page).toHaveTitle(pageTitle('cart'));
    const firstLine = page.getByRole('listitem', { name: `${bottle.name}, ${first.name}` });
    const secondLine = page.getByRole('listitem', { name: `${bottle.name}, ${second.name}` });
    await expect(secondLine).toBeVisible();
    await firstLine.getByRole('button', { name: `One more ${bottle.name}, ${first.name}` }).click();
    await expect(firstLine.getByLabel(`Quantity of ${bottle.name}, ${first.name}`)).toHaveValue('2');
    await expect(page.getByTestId('cart-badge')).toContainText('3');
    const subtotal = first.price * 2 + second.price;
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByTestId('cart-total')).toHaveText(`Shs ${subtotal.toLocaleString('en-US')}`);
    await summary.getByRole('link', { name: 'Checkout' }).click();

    // Checkout: delivery in Central Kampala, cash on delivery.
    await expect(page).toHaveTitle(pageTitle('checkout'));
    const form = page.getByRole('form', { name: 'Checkout' });
    await expect(form.getByLabel('Full name')).toHaveValue('Amina Nakato');
    await form.getByLabel('Mobile number').fill('0772 123456');
    await form.getByRole('radio', { name: /^Central Kampala/ }).check();
    await form.getByLabel('Street and house').fill('Plot 4, Acacia Avenue');
    await form.getByLabel('Preferred delivery time').selectOption('evening');
    await form.getByRole('radio', { name: /^Cash on delivery/ }).check();
    await form.getByRole('button', { name: /^Place order/ }).click();

    // The order placed.
    await expect(page).toHaveURL((url) => /^\/order_success\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();
    const items = page.getByRole('region', { name: /^Items/ });
    await expect(items).toContainText(`${first.name} · 2 ×`);
    await expect(items).toContainText(`${second.name} · 1 ×`);
    await expect(page.getByRole('region', { name: 'What happens next' })).toContainText(
      'in cash at the door',
    );
    await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('Central Kampala');
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);

    // The order history.
    await page.getByRole('link', { name: 'Your orders' }).click();
    await expect(page).toHaveTitle(pageTitle('order_history'));
    const row = page.getByRole('link', { name: `Order ${orderNumber}` });
    await expect(row).toContainText('3 items');
    await row.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
    const invoiceNumber = (await page.getByRole('link', { name: /^Invoice INV-/ }).textContent())!
      .replace('Invoice', '')
      .trim();

    // The invoice, as a PDF.
    await page.getByRole('link', { name: `Invoice ${invoiceNumber}` }).click();
    await expect(page).toHaveTitle(pageTitle('invoices'));
    const invoiceRow = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(invoiceRow).toContainText(invoiceNumber);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      invoiceRow.getByRole('button', { name: `PDF of invoice ${invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const file = await readFile((await download.path())!);
    expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
});
