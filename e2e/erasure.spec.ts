import fs from 'node:fs';
import { BROWSER_STORAGE } from '@shop/contract/browser-storage';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff, withShopDatabase } from './support/staff/staff';

// Deleting one's account (issue 40, decision 0025), against the production build: a customer who
// bought a bottle downloads a copy of their data, then asks to delete their account from the profile, cancels, asks again; the
// cooling-off is over (the clock moved in the shop's database); the every-minute job erases them:
// they cannot sign in, staff see the order under "A customer", and its invoice still opens.

test.describe('erasure', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('customer deletes their account (cancel, ask again) → erased after the cooling-off; the order and invoice stay for staff', async ({
    page,
    browser,
    baseURL,
    request,
    consoleGuard,
  }) => {
    test.setTimeout(240_000);
    // The wrong password (422 on the erasure form) and the refused sign-in (401) are on purpose.
    consoleGuard.allow(
      /422 \(Unprocessable Entity\).*\/users\/users\/erasure\//,
      /401 \(Unauthorized\).*\/auth\/sign-in\/email/,
    );
    const list = await request.get('/api/v1/products/products/?page_size=20');
    const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
    const slug = results.filter((item) => item.in_stock).at(-1)!.slug;

    const customer = await createCustomer(baseURL!, { name: 'Achan Leaving', email: uniqueEmail('leaving') });
    await page.goto(`/login?redirect=${encodeURIComponent(`/products/${slug}`)}`);
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === `/products/${slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Mobile number').fill('0772 400519');
    await form.getByRole('radio', { name: /^Pick up at the shop/ }).check();
    await form.getByRole('radio', { name: /^Mobile money/ }).check();
    await form.getByRole('radio', { name: 'MTN Mobile Money', exact: true }).check();
    await form.getByLabel('Paying mobile number').fill('0772 400519');
    await form.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL((url) => /^\/pay\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('link', { name: 'Open the sandbox phone' }).click();
    const prompt = page.getByRole('form', { name: 'Payment request' });
    await prompt.getByLabel('Enter your PIN to approve').fill('24680');
    await prompt.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/order_success/${orderId}`);
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();
    const invoices = await page.request.get('/api/v1/orders/invoices/');
    const invoice = ((await invoices.json()) as { results: { id: number; invoice_number: string }[] })
      .results[0]!;

    // First a copy of their data: asked for, prepared by the job, downloaded once from the profile.
    await page.goto('/profile');
    const copy = page.getByRole('region', { name: 'Download my data' });
    await copy.getByRole('button', { name: 'Ask for a copy of my data' }).click();
    const downloadButton = copy.getByRole('button', { name: 'Download my data' });
    await expect(downloadButton).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    expect(Object.keys(zip)).toContain(`invoices/${invoice.invoice_number}.pdf`);
    const exportedOrders = JSON.parse(strFromU8(zip['orders.json']!)) as { order_number: string }[];
    expect(exportedOrders.map((order) => order.order_number)).toEqual([orderNumber]);
    const profileRows = JSON.parse(strFromU8(zip['profile.json']!)) as { email: string }[];
    expect(profileRows[0]?.email).toBe(customer.email.toLowerCase());
    await expect(copy.getByRole('status')).toContainText('You downloaded your last copy');

    // The browser holds nothing the cookie policy does not list (all strictly necessary: no
    // consent to ask for), after signing in, a checkout, a payment and a download.
    const listed = BROWSER_STORAGE.map((item) => item.name);
    const cookies = (await page.context().cookies()).map((cookie) => cookie.name.replace(/^__Secure-/, ''));
    const stored = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
    expect(cookies).toContain('kc.session_token');
    expect([...cookies, ...stored].filter((name) => !listed.includes(name))).toEqual([]);

    // The profile: ask, see the date, cancel, ask again.
    const section = page.getByRole('region', { name: 'Delete my account' });
    await section.getByRole('radio', { name: 'Remove my reviews' }).check();
    await section.getByLabel('Your password').fill('not my password');
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await expect(section.getByText('That password is not right')).toBeVisible();
    await section.getByLabel('Your password').fill(customer.password);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await expect(section.getByRole('status')).toContainText(
      'Your account and personal data will be deleted on',
    );
    await section.getByRole('button', { name: 'Cancel the deletion' }).click();
    await expect(section.getByRole('button', { name: 'Delete my account' })).toBeVisible();
    await section.getByLabel('Your password').fill(customer.password);
    await section.getByRole('button', { name: 'Delete my account' }).click();
    await expect(section.getByRole('status')).toContainText('will be deleted on');
    // The order is not delivered yet: the erasure waits for it (decision 0040).
    await expect(
      section.getByText(`Your account will be deleted once order ${orderNumber} is delivered or cancelled.`),
    ).toBeVisible();

    // Seven days later (the clock moved), the order delivered: the job, every minute, erases the account.
    await withShopDatabase(baseURL!, async (client) => {
      await client.query(`UPDATE orders SET status = 'delivered' WHERE id = $1`, [orderId]);
      const moved = await client.query(
        `UPDATE erasure_requests SET due_at = now() - interval '1 second'
         WHERE state = 'pending' AND user_id = (SELECT id FROM users WHERE email = $1)`,
        [customer.email.toLowerCase()],
      );
      expect(moved.rowCount).toBe(1);
    });
    await expect
      .poll(
        () =>
          withShopDatabase(baseURL!, async (client) => {
            const result = await client.query(
              `SELECT r.state FROM erasure_requests r JOIN orders o ON o.user_id = r.user_id
               WHERE o.id = $1 ORDER BY r.created_at DESC LIMIT 1`,
              [orderId],
            );
            return result.rows[0]?.state as string | undefined;
          }),
        { timeout: 150_000, intervals: [2_000] },
      )
      .toBe('erased');

    // They cannot sign in any more.
    const again = await browser.newContext({ baseURL });
    await confirmAgeInAdvance(again);
    const retry = await again.newPage();
    try {
      await retry.goto('/login');
      await signInOnPage(retry, customer.email, customer.password);
      await expect(retry.getByRole('alert')).toContainText('Invalid email or password');
    } finally {
      await again.close();
    }

    // Staff see the order under "A customer", and its invoice still opens.
    const staff = await createCustomer(baseURL!, { name: 'Grace Nansubuga', email: uniqueEmail('desk') });
    await makeStaff(baseURL!, staff.email, 'staff');
    const desk = await browser.newContext({ baseURL });
    await confirmAgeInAdvance(desk);
    const staffPage = await desk.newPage();
    try {
      await staffPage.goto(`/login?redirect=${encodeURIComponent(`/admin/orders/${orderId}`)}`);
      await signInOnPage(staffPage, staff.email, staff.password);
      await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderNumber}`);
      await expect(staffPage.getByRole('main')).toContainText('A customer');
      await expect(staffPage.getByRole('main')).not.toContainText('Achan Leaving');
      await expect(staffPage.getByRole('main')).not.toContainText(/772\s?400\s?519/);
      await expect(staffPage.getByRole('main')).toContainText(invoice.invoice_number);
      // The invoice opens from the order page (the API test reads its text: "A customer", no contact).
      const [saved] = await Promise.all([
        staffPage.waitForEvent('download'),
        staffPage.getByRole('button', { name: 'Invoice (PDF)' }).click(),
      ]);
      expect(saved.suggestedFilename()).toBe(`${invoice.invoice_number}.pdf`);
      const pdf = fs.readFileSync(await saved.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await desk.close();
    }
  });
});
