import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// Mobile-money payments on the sandbox provider (issue 6), against the production build: the
// sandbox's phone page stands in for the customer's phone, and its answer reaches the shop through
// the same signed webhook, job and verification a real provider's would.

const shillings = (amount: number) => `Shs ${amount.toLocaleString('en-US')}`;

type Bottle = { name: string; slug: string; price: number };

/** A bottle of the seeded cellar with a few in stock. */
async function bottleInStock(request: APIRequestContext, skip = 0): Promise<Bottle> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  const candidates = results.filter((item) => item.in_stock).slice(skip);
  for (const card of candidates) {
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

/** Signs in, puts the bottle in the cart and checks out for pick-up, paid by MTN mobile money. */
async function placeMobileMoneyOrder(page: Page, baseURL: string, bottle: Bottle) {
  const customer = await createCustomer(baseURL, { name: 'Amina Nakato', email: uniqueEmail('payer') });
  await page.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
  await signInOnPage(page, customer.email, customer.password);
  await expect(page).toHaveURL((url) => url.pathname === `/products/${bottle.slug}`);
  await expect(header(page).signOut).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText(`${bottle.name} added to cart!`)).toBeVisible();
  await page.getByRole('region', { name: 'Cart summary' }).getByRole('link', { name: 'Checkout' }).click();

  await expect(page).toHaveTitle(pageTitle('checkout'));
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Mobile number').fill('0772 123456');
  await form.getByRole('radio', { name: /^Pick up at the shop/ }).check();
  await form.getByRole('radio', { name: /^Mobile money/ }).check();
  await form.getByRole('radio', { name: 'MTN Mobile Money', exact: true }).check();
  await form.getByLabel('Paying mobile number').fill('0772 123456');
  await form.getByRole('button', { name: /^Place order/ }).click();

  // The payment screen sends the request to the phone and waits.
  await expect(page).toHaveURL((url) => /^\/pay\/[0-9a-f-]{36}$/.test(url.pathname));
  await expect(page).toHaveTitle(pageTitle('pay'));
  const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(
    page.getByText('Check your phone and enter your MTN MoMo PIN to approve the payment.'),
  ).toBeVisible();
  await expect(page.getByText('+256 77* *** 456')).toBeVisible();
  await expect(page.getByText(shillings(bottle.price)).first()).toBeVisible();
  return { orderId, customer };
}

/** On the sandbox's phone page: approve with a PIN, or decline. */
async function answerOnSandboxPhone(page: Page, answer: 'approve' | 'decline', amount: number) {
  await page.getByRole('link', { name: 'Open the sandbox phone' }).click();
  await expect(page).toHaveTitle(pageTitle('sandbox_pay'));
  const prompt = page.getByRole('form', { name: 'Payment request' });
  await expect(prompt).toContainText(`Kampala Cellars requests ${shillings(amount)}`);
  if (answer === 'approve') {
    await prompt.getByLabel('Enter your PIN to approve').fill('24680');
    await prompt.getByRole('button', { name: 'Approve payment' }).click();
  } else {
    await prompt.getByRole('button', { name: 'Decline' }).click();
  }
}

test.describe('mobile-money payments (sandbox)', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('cart → checkout with MTN → approve on the sandbox phone → order success → payments → invoice paid', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const bottle = await bottleInStock(request);
    const { orderId } = await placeMobileMoneyOrder(page, baseURL!, bottle);

    await answerOnSandboxPhone(page, 'approve', bottle.price);

    // Back through the payment return page, verified with the provider: the order is paid.
    await expect(page).toHaveURL((url) => url.pathname === `/order_success/${orderId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();
    await expect(page.getByRole('region', { name: 'What happens next' })).toContainText(
      `Your payment of ${shillings(bottle.price)} is confirmed.`,
    );

    // The payment history.
    await page.goto('/payments');
    await expect(page).toHaveTitle(pageTitle('payments'));
    const row = page.getByRole('row').filter({ hasText: `Order ${orderNumber}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('MTN Mobile Money');
    await expect(row).toContainText('+256 77* *** 456');
    await expect(row).toContainText(shillings(bottle.price));
    await expect(row).toContainText(/KCP-\d{8}-[A-Z2-9]{10}/);

    // The invoice is paid.
    await page.goto('/invoices');
    const invoice = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(invoice).toContainText('Paid');
  });

  test('a declined payment leaves the order payable: retry with Airtel, approve, paid', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const bottle = await bottleInStock(request, 1);
    const { orderId } = await placeMobileMoneyOrder(page, baseURL!, bottle);

    await answerOnSandboxPhone(page, 'decline', bottle.price);

    // Back on the payment screen, with the reason and the choices.
    await expect(page).toHaveURL((url) => url.pathname === `/pay/${orderId}`);
    const main = page.getByRole('main');
    await expect(main.getByText('Your payment did not go through')).toBeVisible();
    // The advice for the sandbox's decline, not the provider's words.
    await expect(main.getByText(/The payment was declined on the phone/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay cash when collecting instead' })).toBeVisible();

    const retry = page.getByRole('form', { name: 'Pay by mobile money' });
    await retry.getByRole('radio', { name: 'Airtel Money' }).check();
    await retry.getByLabel('Paying mobile number').fill('0752 654321');
    await retry.getByRole('button', { name: `Send a new request · ${shillings(bottle.price)}` }).click();
    await expect(
      page.getByText('Check your phone and enter your Airtel Money PIN to approve the payment.'),
    ).toBeVisible();
    await expect(page.getByText('+256 75* *** 321')).toBeVisible();

    await answerOnSandboxPhone(page, 'approve', bottle.price);
    await expect(page).toHaveURL((url) => url.pathname === `/order_success/${orderId}`);
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();

    await page.goto('/payments');
    const rows = page.getByRole('row').filter({ hasText: `Order ${orderNumber}` });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Paid');
    await expect(rows.nth(0)).toContainText('Airtel Money');
    await expect(rows.nth(1)).toContainText('Failed');
    await expect(rows.nth(1)).toContainText('MTN Mobile Money');
  });
});
