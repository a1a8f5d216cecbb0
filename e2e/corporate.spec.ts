import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// Company accounts (issue 39) against the production build: a customer asks for an account for
// their company; staff approve it; the customer orders for the company with its LPO number; the
// order is in the company's list, and staff see what the company owes.

/** A bottle of the seeded cellar with a few in stock. */
async function bottleInStock(request: APIRequestContext): Promise<{ slug: string }> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock)) {
    const detail = (await (await request.get(`/api/v1/products/products/${card.slug}/`)).json()) as {
      slug: string;
      variants: { stock: number; is_default: boolean }[];
    };
    const size = detail.variants.find((variant) => variant.is_default) ?? detail.variants[0];
    if (size && size.stock >= 3) return { slug: detail.slug };
  }
  throw new Error('The demo cellar has no bottle in stock');
}

test.describe('a company account', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('asked for → approved by staff → an order for the company with its LPO → in its list, owed', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000);
    const bottle = await bottleInStock(request);
    // A TIN no other run used: one account per TIN.
    const tin = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const companyName = `Acacia Lodge ${tin.slice(-4)} Ltd`;
    const lpo = `LPO/2026/${tin.slice(-3)}`;

    const buyer = await createCustomer(baseURL!, { name: 'Grace Auma', email: uniqueEmail('corporate') });
    await page.goto(`/login?redirect=${encodeURIComponent('/company')}`);
    await signInOnPage(page, buyer.email, buyer.password);
    await expect(page).toHaveTitle(pageTitle('company'));
    await expect(page.getByText('You do not order for a company yet.')).toBeVisible();
    const form = page.getByRole('form', { name: 'Ask for a company account' });
    await form.getByLabel('Company name (as on the invoice)').fill(companyName);
    await form.getByLabel('TIN').fill('12345');
    await form.getByRole('button', { name: 'Ask for the account' }).click();
    await expect(form.getByText('must be the 10 digits of a Uganda TIN')).toBeVisible();
    await form.getByLabel('TIN').fill(tin);
    await form.getByLabel('Billing address').fill('Plot 14, Acacia Avenue, Kololo');
    await form.getByLabel('Billing contact', { exact: true }).fill('Grace Auma');
    await form.getByLabel('Billing contact’s phone').fill('0772 555123');
    await form.getByLabel('Invoices e-mail').fill('accounts@acacia.example');
    await form.getByRole('button', { name: 'Ask for the account' }).click();
    await expect(form.getByText(`Thank you: ${companyName}’s account is waiting`)).toBeVisible();
    await expect(page.getByRole('region', { name: companyName })).toContainText('Waiting for approval');

    // Staff approve it from the waiting list.
    const staffContext = await browser.newContext();
    await confirmAgeInAdvance(staffContext);
    const desk = await staffContext.newPage();
    const staffAccount = await createCustomer(baseURL!, {
      name: 'Peter Okello',
      email: uniqueEmail('accounts'),
    });
    await makeStaff(baseURL!, staffAccount.email);
    await desk.goto(`/login?redirect=${encodeURIComponent('/admin/companies')}`);
    await signInOnPage(desk, staffAccount.email, staffAccount.password);
    await expect(desk).toHaveTitle(pageTitle('admin_companies'));
    await desk.getByRole('button', { name: `Approve ${companyName}` }).click();
    await expect(desk.getByRole('button', { name: `Approve ${companyName}` })).toHaveCount(0);

    // The buyer orders for the company, cash on delivery, with the LPO number.
    await page.goto(`/products/${bottle.slug}`);
    await expect(header(page).signOut).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await page.goto('/checkout');
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await checkout.getByLabel('Mobile number').fill('0772 123456');
    await checkout.getByLabel('Order for').selectOption({ label: companyName });
    await checkout.getByLabel('LPO number (optional)').fill(lpo);
    await checkout.getByRole('radio', { name: /^Central Kampala/ }).check();
    await checkout.getByLabel('Street and house').fill('Plot 14, Acacia Avenue');
    await checkout.getByLabel('Preferred delivery time').selectOption('evening');
    await checkout.getByRole('radio', { name: /^Cash on delivery/ }).check();
    await checkout.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL((url) => /^\/order_success\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();

    await page.goto('/company');
    const orders = page.getByRole('table', { name: `${companyName} orders` });
    const row = orders.getByRole('row', { name: new RegExp(orderNumber) });
    await expect(row).toContainText(lpo);
    await expect(row).toContainText('Not paid yet');

    // Staff see the company's unpaid order as owed.
    await desk.reload();
    await desk
      .getByRole('tablist', { name: 'Company accounts by state' })
      .getByRole('tab', { name: 'Approved', exact: true })
      .click();
    const listed = desk.getByRole('row', { name: new RegExp(companyName) });
    await expect(listed).not.toContainText('Shs 0');
    await expect(listed).toContainText(/Shs [1-9]/);
    await staffContext.close();
  });
});
