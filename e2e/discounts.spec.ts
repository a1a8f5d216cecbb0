import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// Discount codes (issue 17): a staff member creates a 10 % code at /admin/discounts; a customer
// applies it at checkout, sees the saving before placing the order and on the order placed; the
// staff's list then counts the use.

/** A bottle of the seeded cellar whose default size has a few in stock, with that size's price. */
async function stockedBottle(request: APIRequestContext): Promise<{ slug: string; price: number }> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock)) {
    const answer = await request.get(`/api/v1/products/products/${card.slug}/`);
    const detail = (await answer.json()) as {
      variants: { stock: number; price: number; is_default: boolean }[];
    };
    const size = detail.variants.find((variant) => variant.is_default && variant.stock >= 3);
    if (size) return { slug: card.slug, price: size.price };
  }
  throw new Error('The demo cellar has no bottle in stock');
}

const shillings = (amount: number) => `Shs ${amount.toLocaleString('en-US')}`;

test.describe('discount codes', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('staff create a code → a customer applies it at checkout → the order and the list show it', async ({
    page,
    browser,
    baseURL,
    request,
    consoleGuard,
  }) => {
    test.setTimeout(120_000);
    // The unknown code's refusal: the browser logs every 4xx answer.
    consoleGuard.allow(/422 \(Unprocessable Entity\).*\/orders\/cart\/discount-check\//);
    const code = `CHEERS${Date.now() % 1_000_000}`;
    const bottle = await stockedBottle(request);
    const saving = Math.floor(bottle.price / 10);

    // A staff member creates the code in another browser.
    const staffContext = await browser.newContext();
    const desk = await staffContext.newPage();
    const staffErrors: string[] = [];
    desk.on('console', (message) => {
      if (message.type() === 'error') staffErrors.push(message.text());
    });
    desk.on('pageerror', (error) => staffErrors.push(error.message));
    await confirmAgeInAdvance(staffContext);
    const staffAccount = await createCustomer(baseURL!, {
      name: 'Grace Nansubuga',
      email: uniqueEmail('promo'),
    });
    await makeStaff(baseURL!, staffAccount.email);
    await desk.goto(`/login?redirect=${encodeURIComponent('/admin/discounts')}`);
    await signInOnPage(desk, staffAccount.email, staffAccount.password);
    await expect(desk).toHaveTitle(pageTitle('admin_discounts'));
    const newCode = desk.getByRole('form', { name: 'New discount code' });
    await newCode.getByLabel('Code').fill(code.toLowerCase());
    await newCode.getByLabel('Percentage (1–100)').fill('10');
    await newCode.getByLabel('Uses per customer (empty: no limit)').fill('1');
    await newCode.getByRole('button', { name: 'Create code' }).click();
    await expect(newCode.getByText(`Saved: ${code}, 10 % off.`)).toBeVisible();
    const codes = desk.getByRole('table', { name: 'Discount codes' });
    await expect(codes.getByRole('row').filter({ hasText: code })).toContainText('0 used; 1 per customer');

    // The customer: one bottle, then the code at checkout.
    const customer = await createCustomer(baseURL!, { name: 'Amina Nakato', email: uniqueEmail('saver') });
    await page.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === `/products/${bottle.slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Mobile number').fill('0772 123456');
    await form.getByRole('radio', { name: /^Pick up at the shop/ }).check();
    await form.getByRole('radio', { name: /^Cash on collection/ }).check();
    await form.getByLabel('Discount code (optional)').fill('nosuchcode');
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByText('This discount code does not exist. Check the spelling.')).toBeVisible();
    await form.getByLabel('Discount code (optional)').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(form.getByText(`${code}: 10 % off. You save ${shillings(saving)}.`)).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByTestId('summary-total')).toHaveText(shillings(bottle.price - saving));
    await form.getByRole('button', { name: /^Place order/ }).click();

    // The order placed carries the code and the saving.
    await expect(page).toHaveURL((url) => /^\/order_success\/[0-9a-f-]{36}$/.test(url.pathname));
    const items = page.getByRole('region', { name: /^Items/ });
    await expect(items).toContainText(`Discount (${code})−${shillings(saving)}`);
    await expect(items).toContainText(`Total${shillings(bottle.price - saving)}`);

    // The staff's list counts the use.
    await desk.reload();
    await expect(
      desk.getByRole('table', { name: 'Discount codes' }).getByRole('row').filter({ hasText: code }),
    ).toContainText('1 used; 1 per customer');
    expect(staffErrors).toEqual([]);
    await staffContext.close();
  });
});
