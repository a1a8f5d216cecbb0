import { type APIRequestContext, request } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { noteHydration, waitForApp } from './support/hydration';
import {
  ADULT_BIRTH_DATE,
  createCustomer,
  STRONG_PASSWORD,
  signInOnPage,
  uniqueEmail,
} from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { decodeQuotedPrintable, waitForMail } from './support/identity/mailbox';
import { setShopSettings } from './support/staff/shop-settings';

// Wishlist, reviews and the newsletter (issue 9) in the production build, against the demo cellar
// seeded on a fresh database and the loopback SMTP server started by e2e/serve.mjs.

type Card = { id: number; slug: string; name: string };

function baseUrlOf(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not set');
  return baseURL;
}

/** A bottle of the demo cellar that is in stock; `index` keeps the journeys on different bottles. */
async function bottle(api: APIRequestContext, ordering: string, index = 0): Promise<Card> {
  const answer = await api.get(`/api/v1/products/products/?in_stock=true&ordering=${ordering}&page_size=5`);
  expect(answer.ok()).toBe(true);
  const { results } = (await answer.json()) as { results: Card[] };
  const found = results[index];
  if (!found) throw new Error('the demo cellar has no bottle in stock');
  return found;
}

/** A customer signed in through the API, in a request context of their own. */
async function signedInApi(baseURL: string, name: string) {
  const api = await request.newContext({ baseURL });
  const csrf = async () => {
    const answer = await api.get('/api/v1/auth/csrf');
    return { 'X-CSRF-Token': ((await answer.json()) as { csrf_token: string }).csrf_token, Origin: baseURL };
  };
  const email = uniqueEmail('reviewer');
  const signUp = await api.post('/api/v1/auth/sign-up/email', {
    headers: await csrf(),
    data: { name, email, password: STRONG_PASSWORD, date_of_birth: ADULT_BIRTH_DATE },
  });
  expect(signUp.status()).toBe(200);
  const signIn = await api.post('/api/v1/auth/sign-in/email', {
    headers: await csrf(),
    data: { email, password: STRONG_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  return {
    api,
    post: async (path: string, data: unknown) => api.post(path, { headers: await csrf(), data }),
  };
}

test.describe('wishlist, reviews and newsletter', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('heart a bottle signed out → login → it is on the wishlist → move it to the cart', async ({
    page,
    baseURL,
  }) => {
    const base = baseUrlOf(baseURL);
    const customer = await createCustomer(base, { name: 'Grace Atim' });
    const wine = await bottle(page.request, 'name');

    await noteHydration(page.context());
    await page.goto(`/products/${wine.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(wine.name);
    await waitForApp(page);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText('Please sign in to add to wishlist')).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('redirect') === `/products/${wine.slug}`,
    );

    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === `/products/${wine.slug}`);
    const saved = page.getByRole('button', { name: 'On your wishlist' });
    await expect(saved).toBeVisible();
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    const banner = page.getByRole('banner');
    await expect(banner.getByTestId('wishlist-badge')).toHaveText(/^1/);

    await banner.getByRole('link', { name: /^Wishlist/ }).click();
    await expect(page).toHaveTitle(pageTitle('wishlist'));
    const entry = page.getByRole('article', { name: wine.name });
    await expect(entry).toBeVisible();
    await entry.getByRole('button', { name: `Add to Cart: ${wine.name}` }).click();
    await expect(page.getByText(`${wine.name} added to cart!`)).toBeVisible();
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    await expect(banner.getByTestId('cart-badge')).toHaveText(/^1/);
    await expect(banner.getByTestId('wishlist-badge')).toHaveCount(0);

    const cart = await (await page.request.get('/api/v1/orders/cart/my_cart/')).json();
    expect(
      cart.items.map((item: { product: number; quantity: number }) => [item.product, item.quantity]),
    ).toEqual([[wine.id, 1]]);
  });

  test('write a review → the average updates', async ({ page, baseURL }) => {
    const base = baseUrlOf(baseURL);
    // The shop's review policy (a setting) admits any signed-in customer here; its default admits
    // only customers with a delivered order of the product (apps/api settings tests).
    await setShopSettings(base, { review_policy: 'signed_in_customers' });
    const wine = await bottle(page.request, '-price', 1);
    // Someone reviewed it before: 2 stars.
    const earlier = await signedInApi(base, 'Brian Ssempala');
    try {
      const first = await earlier.post('/api/v1/orders/reviews/', {
        product: wine.id,
        rating: 2,
        title: 'Not for me',
        text: 'Too oaky for my taste.',
      });
      expect(first.status()).toBe(201);
    } finally {
      await earlier.api.dispose();
    }

    const customer = await createCustomer(base, { name: 'Grace Atim' });
    await page.goto('/login');
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === '/account');

    await page.goto(`/products/${wine.slug}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews).toContainText('2out of 5, from 1 review');
    await expect(reviews.getByRole('article', { name: 'Review by Brian S.' })).toContainText('Too oaky');

    await reviews.getByRole('button', { name: 'Write a review' }).click();
    const form = reviews.getByRole('form', { name: `Review ${wine.name}` });
    // The stars are radio buttons drawn by their labels.
    await form.locator('label', { hasText: '4 stars' }).click();
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await form.getByLabel('Title').fill('Worth the price');
    await form.getByLabel('Your review').fill('Ripe fruit, long finish. <b>Not bold</b>, just good.');
    await form.getByRole('button', { name: 'Publish review' }).click();

    await expect(page.getByText('Thank you! Your review is published.')).toBeVisible();
    await expect(reviews).toContainText('3out of 5, from 2 reviews');
    await expect(reviews.getByRole('article', { name: 'Review by Grace A.' })).toContainText(
      'Ripe fruit, long finish. <b>Not bold</b>, just good.',
    );
    await expect(page.getByRole('img', { name: 'Rated 3 out of 5' }).first()).toBeVisible();
    // The catalog (its cards and the product answer) has the new average too.
    await expect
      .poll(async () => {
        const detail = await (await page.request.get(`/api/v1/products/products/${wine.id}/`)).json();
        return [detail.average_rating, detail.review_count];
      })
      .toEqual([3, 2]);
    await setShopSettings(base, { review_policy: 'delivered_purchasers' });
  });

  test('subscribe → the confirmation e-mail’s link → confirmed; its newsletter can be left in one click', async ({
    page,
    baseURL,
  }) => {
    const base = baseUrlOf(baseURL);
    const email = uniqueEmail('reader');
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Email address').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('status')).toHaveText('Subscribed successfully!');
    await expect(footer.getByLabel('Email address')).toHaveValue('');

    const confirmation = await waitForMail(email, /Confirm your subscription/);
    const text = decodeQuotedPrintable(confirmation.raw);
    const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const link = new RegExp(`${escaped}/newsletter/confirm\\?token=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
    if (!link) throw new Error(`No confirmation link in:\n${text}`);

    await page.goto(link);
    await expect(page).toHaveTitle(pageTitle('newsletter_confirmation'));
    await expect(
      page.getByRole('status').filter({ hasText: 'Your subscription is confirmed' }),
    ).toContainText(email);

    // The first newsletter carries the one-click unsubscribe headers and link.
    const welcome = await waitForMail(email, /Welcome to the .* newsletter/);
    // Headers are not quoted-printable, but may be folded over several lines: unfold them.
    const headers = (welcome.raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(headers).toMatch(
      new RegExp(
        `^List-Unsubscribe:\\s*<${escaped}/api/v1/newsletter/one-click-unsubscribe/\\?token=[A-Za-z0-9_-]{43}>`,
        'm',
      ),
    );
    const raw = decodeQuotedPrintable(welcome.raw);
    const leave = new RegExp(`${escaped}/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{43}`).exec(raw)?.[0];
    if (!leave) throw new Error(`No unsubscribe link in:\n${raw}`);
    await page.context().clearCookies();
    await page.goto(leave);
    await expect(page.getByRole('status').filter({ hasText: 'You have been unsubscribed' })).toContainText(
      email,
    );
  });
});
