import type { APIRequestContext, Page } from '@playwright/test';
import { FakeAfricasTalking, type FakeSms } from '../apps/api/test/fakes/africastalking';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// SMS (issue 19) against the production build: the server sends SMS to a local fake of Africa's
// Talking (playwright.config.ts points AT_BASE_URL at E2E_SMS_PORT; this file runs the fake there).
// A customer verifies their phone with the code the fake received, buys with MTN on the sandbox,
// staff send the order out and deliver it; the fake received each SMS, in order.

let fake: FakeAfricasTalking;

test.beforeAll(async () => {
  const port = Number(process.env.E2E_SMS_PORT);
  fake = await new FakeAfricasTalking({
    username: 'sandbox',
    apiKey: 'atsk_e2e_fake_key_0123456789',
    callbackUrl: `http://127.0.0.1:${process.env.E2E_PORT}/api/v1/sms/delivery-reports/${process.env.E2E_SMS_CALLBACK_TOKEN}/`,
  }).start(port);
});
test.afterAll(async () => {
  await fake?.stop();
});

/** A bottle of the seeded cellar with a few in stock. */
async function bottleInStock(
  request: APIRequestContext,
): Promise<{ name: string; slug: string; price: number }> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock)) {
    const answer = await request.get(`/api/v1/products/products/${card.slug}/`);
    const detail = (await answer.json()) as {
      name: string;
      slug: string;
      variants: { price: number; stock: number; is_default: boolean }[];
    };
    const size = detail.variants.find((variant) => variant.is_default) ?? detail.variants[0];
    if (size && size.stock >= 3) return { name: detail.name, slug: detail.slug, price: size.price };
  }
  throw new Error('The demo cellar has no bottle in stock');
}

/** The SMS the fake received for `phone`, once there are at least `count`. */
async function messagesTo(phone: string, count: number): Promise<FakeSms[]> {
  await expect.poll(() => fake.messagesTo(phone).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  return fake.messagesTo(phone);
}

async function verifyPhone(page: Page, phone: string, local: string) {
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'SMS' });
  await expect(section.getByText(/No phone is verified yet/)).toBeVisible();
  await section.getByLabel('Phone for SMS').fill(local);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByText(`We sent a 6-digit code to ${phone}.`, { exact: false })).toBeVisible();
  const [sms] = await messagesTo(phone, 1);
  const code = /code is (\d{6})/.exec(sms!.message)?.[1];
  expect(code, sms!.message).toBeTruthy();
  await section.getByLabel('Code from the SMS').fill(code!);
  await section.getByRole('button', { name: 'Verify phone' }).click();
  await expect(section.getByText('Your phone is verified: SMS will go to it.')).toBeVisible();
  await expect(section.getByText('Verified', { exact: true })).toBeVisible();
}

test.describe('SMS to the customer', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('verify the phone → buy with MTN → staff send it out and deliver → the SMS arrived in order', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    const bottle = await bottleInStock(request);
    const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    const local = `0772 ${digits}`;
    const phone = `+256772${digits}`;

    const customer = await createCustomer(baseURL!, { name: 'Amina Nakato', email: uniqueEmail('texted') });
    await page.goto('/login?redirect=%2Fprofile');
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await verifyPhone(page, phone, local);

    // Buy one bottle, delivered to Central Kampala, paid with MTN Mobile Money on the sandbox.
    await page.goto(`/products/${bottle.slug}`);
    // The page arrives rendered by the server; a click before the app has taken it over does
    // nothing. The signed-in header appears only once it has.
    await expect(header(page).signOut).toBeVisible();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Mobile number').fill(local);
    await form.getByRole('radio', { name: /^Central Kampala/ }).check();
    await form.getByLabel('Street and house').fill('Plot 4, Acacia Avenue');
    await form.getByLabel('Preferred delivery time').selectOption('evening');
    await form.getByRole('radio', { name: /^Mobile money/ }).check();
    await form.getByRole('radio', { name: 'MTN Mobile Money', exact: true }).check();
    await form.getByLabel('Paying mobile number').fill(local);
    await form.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL((url) => /^\/pay\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('link', { name: 'Open the sandbox phone' }).click();
    await expect(page).toHaveTitle(pageTitle('sandbox_pay'));
    const prompt = page.getByRole('form', { name: 'Payment request' });
    await prompt.getByLabel('Enter your PIN to approve').fill('24680');
    await prompt.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/order_success/${orderId}`);
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();

    // Staff prepare it, assign a rider, send it out and deliver it.
    const staffContext = await browser.newContext();
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
    const card = desk.getByRole('article', { name: orderNumber });
    await tabs.getByRole('tab', { name: /^Confirmed/ }).click();
    await card.getByRole('button', { name: 'Start preparing' }).click();
    await expect(desk.getByText(`Order ${orderNumber}: being prepared.`)).toBeVisible();
    await tabs.getByRole('tab', { name: /^Being prepared/ }).click();
    await card.getByRole('button', { name: 'Mark ready for delivery' }).click();
    await expect(desk.getByText(`Order ${orderNumber}: ready for delivery.`)).toBeVisible();
    await tabs.getByRole('tab', { name: /^Ready for delivery/ }).click();
    const riderForm = card.getByRole('form', { name: `Rider of order ${orderNumber}` });
    await riderForm.getByLabel('Rider name').fill('Musa Okello');
    await riderForm.getByLabel('Rider phone').fill('0772 000111');
    await riderForm.getByRole('button', { name: 'Assign rider' }).click();
    await expect(desk.getByText(`Rider Musa Okello assigned to order ${orderNumber}.`)).toBeVisible();
    await card.getByRole('button', { name: 'Send out for delivery' }).click();
    await expect(desk.getByText(`Order ${orderNumber}: out for delivery.`)).toBeVisible();
    await tabs.getByRole('tab', { name: /^Out for delivery/ }).click();
    await card.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(desk.getByText(`Order ${orderNumber}: delivered.`)).toBeVisible();
    await staffContext.close();

    // The fake received, in order: the code, order placed, payment received, on its way, delivered.
    const texts = (await messagesTo(phone, 5)).map((sms) => sms.message);
    expect(texts).toHaveLength(5);
    expect(texts[0]).toMatch(/^Kampala Cellars: your phone code is \d{6}\./);
    expect(texts[1]).toContain(`we have order ${orderNumber}`);
    expect(texts[2]).toMatch(new RegExp(`we received Shs [\\d,]+ by MTN MoMo for order ${orderNumber}`));
    expect(texts[3]).toContain(`order ${orderNumber} is on its way with Musa Okello, +256772000111`);
    expect(texts[4]).toContain(`order ${orderNumber} was delivered at`);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(160);

    // A delivery report from the provider reaches the shop through the callback.
    expect(await fake.report(fake.messagesTo(phone)[4]!.messageId, 'Success')).toBe(200);
  });
});
