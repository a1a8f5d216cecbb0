import type { APIRequestContext } from '@playwright/test';
import { kampalaDayAfter } from '@shop/contract/gifts';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff, withShopDatabase } from './support/staff/staff';

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

  test('a buyer uploads a 3-recipient list, sees it priced, pays once by mobile money; each recipient is told by SMS', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    // A size with stock for three, by its SKU.
    const list = await request.get('/api/v1/products/products/?page_size=100');
    const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
    let sku = '';
    for (const card of results.filter((item) => item.in_stock)) {
      const detail = (await (await request.get(`/api/v1/products/products/${card.slug}/`)).json()) as {
        variants: { stock: number; sku: string }[];
      };
      const size = detail.variants.find((variant) => variant.stock >= 6);
      if (size) {
        sku = size.sku;
        break;
      }
    }
    expect(sku).not.toBe('');

    // An approved company and its buyer (the first test walks through asking and approving).
    const tin = `31${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const companyName = `Jacaranda ${tin.slice(-4)} Ltd`;
    const buyer = await createCustomer(baseURL!, {
      name: 'Grace Auma',
      email: uniqueEmail('corporate-list'),
    });
    await page.goto(`/login?redirect=${encodeURIComponent('/company')}`);
    await signInOnPage(page, buyer.email, buyer.password);
    const form = page.getByRole('form', { name: 'Ask for a company account' });
    await form.getByLabel('Company name (as on the invoice)').fill(companyName);
    await form.getByLabel('TIN').fill(tin);
    await form.getByLabel('Billing address').fill('Plot 3, Jacaranda Close, Naguru');
    await form.getByLabel('Billing contact', { exact: true }).fill('Grace Auma');
    await form.getByLabel('Billing contact’s phone').fill('0772 555123');
    await form.getByLabel('Invoices e-mail').fill('accounts@jacaranda.example');
    await form.getByRole('button', { name: 'Ask for the account' }).click();
    await expect(form.getByText(`Thank you: ${companyName}’s account is waiting`)).toBeVisible();
    await withShopDatabase(baseURL!, (client) =>
      client.query("UPDATE companies SET status = 'approved', decided_at = now() WHERE tin = $1", [tin]),
    );
    await page.reload();

    const phones = [0, 1, 2].map(() => `+2567${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    const day = kampalaDayAfter(new Date(), 7);
    const csv = [
      'recipient,phone,area,street,landmark,delivery_date,message,items',
      ...phones.map(
        (phone, index) =>
          `Recipient ${index + 1},${phone},Central Kampala,Plot ${index + 1} Kira Road,,${day},"Season’s greetings, from all of us",${sku}:2`,
      ),
    ].join('\n');
    const section = page.getByRole('region', { name: `Send to many recipients for ${companyName}` });
    await section.getByLabel('Recipients’ CSV').setInputFiles({
      name: 'recipients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(section.getByText('Deliveries', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Place 3 deliveries' }).click();
    const deliveries = section.getByRole('table', { name: 'Deliveries' });
    await expect(deliveries.getByRole('row', { name: /Recipient 3/ })).toBeVisible();

    const pay = section.getByRole('form', { name: 'Pay the list' });
    await pay.getByLabel('Paying mobile number').fill('0772 123456');
    await pay.getByRole('button', { name: /^Pay Shs/ }).click();
    const [phone] = await Promise.all([
      page.waitForEvent('popup'),
      section.getByRole('link', { name: 'Open the sandbox phone' }).click(),
    ]);
    const prompt = phone.getByRole('form', { name: 'Payment request' });
    await prompt.getByLabel('Enter your PIN to approve').fill('24680');
    await prompt.getByRole('button', { name: 'Approve payment' }).click();
    await expect(section.getByRole('heading', { name: /3 deliveries · Shs [\d,]+ · Paid/ })).toBeVisible({
      timeout: 60_000,
    });
    await expect(deliveries.getByRole('row', { name: /Recipient 1/ })).not.toContainText('Pending');

    // One payment for the three, and each recipient's own SMS in the shop's outbox.
    await expect
      .poll(
        () =>
          withShopDatabase(baseURL!, async (client) => {
            const result = await client.query<{ count: string }>(
              "SELECT count(DISTINCT phone) AS count FROM sms_messages WHERE kind = 'gift_coming' AND phone = ANY($1)",
              [phones],
            );
            return Number(result.rows[0]!.count);
          }),
        { timeout: 30_000 },
      )
      .toBe(3);
    const payments = await withShopDatabase(baseURL!, async (client) => {
      const result = await client.query<{ count: string }>(
        `SELECT count(*) AS count FROM payment_transactions t
         JOIN order_lists l ON l.id::text = t.subject_id JOIN companies c ON c.id = l.company_id
         WHERE c.tin = $1 AND t.status = 'successful'`,
        [tin],
      );
      return Number(result.rows[0]!.count);
    });
    expect(payments).toBe(1);
  });
});
