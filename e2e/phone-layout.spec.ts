import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// The customer's lists on a phone (issue 22 item 4): at 390×844 no table or card of /invoices,
// /payments, /order-history or /delivery-tracking is wider than the screen, so the PDF button,
// the status and the amount are in view without scrolling sideways.

const PHONE = { width: 390, height: 844 };

/** A bottle of the seeded cellar that has a few in stock. */
async function stockedBottle(request: APIRequestContext): Promise<{ name: string; slug: string }> {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; name: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock)) {
    const answer = await request.get(`/api/v1/products/products/${card.slug}/`);
    const detail = (await answer.json()) as { variants: { stock: number; is_default: boolean }[] };
    if (detail.variants.some((size) => size.is_default && size.stock >= 3)) return card;
  }
  throw new Error('The demo cellar has no bottle in stock');
}

/**
 * Every table and card in the page's main content (tables, articles, list items and the rounded
 * frames the lists sit in), and the page itself: none may reach past the viewport's width.
 */
async function widerThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const main = document.querySelector('main') ?? document.body;
    const boxes = main.querySelectorAll<HTMLElement>('table, article, li, [class*="rounded-2xl"]');
    const problems: string[] = [];
    for (const box of boxes) {
      const rect = box.getBoundingClientRect();
      if (rect.width === 0) continue;
      if (rect.left < -0.5 || rect.right > width + 0.5) {
        problems.push(
          `${box.tagName.toLowerCase()} spans ${Math.round(rect.left)}–${Math.round(rect.right)}`,
        );
      }
      // A frame that scrolls sideways hides what is beyond its edge just the same.
      if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
        problems.push(
          `${box.tagName.toLowerCase()} scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`,
        );
      }
    }
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    }
    return problems;
  });
}

test.describe('the customer’s lists on a phone', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('invoices, payments, order history and delivery tracking fit 390 px', async ({
    page,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const bottle = await stockedBottle(request);

    // A delivery order paid by MTN mobile money: an order, its invoice, a payment and a delivery.
    const customer = await createCustomer(baseURL!, { name: 'Amina Nakato', email: uniqueEmail('phone') });
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
    await form.getByRole('radio', { name: /^Mobile money/ }).check();
    await form.getByRole('radio', { name: 'MTN Mobile Money', exact: true }).check();
    await form.getByLabel('Paying mobile number').fill('0772 123456');
    await form.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL((url) => /^\/pay\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole('link', { name: 'Open the sandbox phone' }).click();
    const prompt = page.getByRole('form', { name: 'Payment request' });
    await prompt.getByLabel('Enter your PIN to approve').fill('24680');
    await prompt.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL((url) => /^\/order_success\//.test(url.pathname));
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();

    await page.setViewportSize(PHONE);
    const pages = [
      { path: '/invoices', name: 'invoices', shown: page.getByRole('row').filter({ hasText: orderNumber }) },
      { path: '/payments', name: 'payments', shown: page.getByRole('row').filter({ hasText: orderNumber }) },
      { path: '/order-history', name: 'order_history', shown: page.getByText(orderNumber).first() },
      {
        path: '/delivery-tracking',
        name: 'delivery_tracking',
        shown: page.getByRole('article', { name: `Order ${orderNumber}` }),
      },
    ] as const;
    for (const { path, name, shown } of pages) {
      await page.goto(path);
      await expect(page).toHaveTitle(pageTitle(name));
      await expect(shown).toBeVisible();
      expect(await widerThanViewport(page), path).toEqual([]);
    }
    // What was hidden sideways before: the invoice's PDF button, the payment's status and amount.
    await page.goto('/invoices');
    await expect(page.getByRole('button', { name: /^PDF/ })).toBeInViewport();
    await page.goto('/payments');
    const payment = page.getByRole('row').filter({ hasText: orderNumber });
    await expect(payment.getByText('Paid', { exact: true })).toBeInViewport();
  });
});

// Phones of three common widths (issue 33 items 9 and 11): the product page's WhatsApp pill holds
// its label, the hero search shows its whole placeholder, and the home page reaches its Featured
// Selections by the second screen (the categories are small chips on a phone, not 13 pictures).
const PHONES = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 430, height: 932 },
] as const;

/** Where the element's text spills out of its own box (its border), or [] when it fits. */
async function textOutsideBox(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((element: HTMLElement) => {
    const problems: string[] = [];
    if (element.scrollWidth > element.clientWidth + 1) {
      problems.push(`scrolls sideways (${element.scrollWidth} > ${element.clientWidth})`);
    }
    if (element.scrollHeight > element.clientHeight + 1) {
      problems.push(`is taller inside (${element.scrollHeight} > ${element.clientHeight})`);
    }
    const box = element.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    if (text.left < box.left - 0.5 || text.right > box.right + 0.5) {
      problems.push(
        `text spans ${Math.round(text.left)}–${Math.round(text.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`,
      );
    }
    if (text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5) {
      problems.push(
        `text spans ${Math.round(text.top)}–${Math.round(text.bottom)} in ${Math.round(box.top)}–${Math.round(box.bottom)} (height)`,
      );
    }
    return problems;
  });
}

/** The placeholder's width in the field's own font, and the room the field gives it. */
async function placeholderRoom(page: Page): Promise<{ text: string; needed: number; room: number }> {
  return page
    .getByRole('main')
    .getByRole('searchbox')
    .evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: input.placeholder, needed: context.measureText(input.placeholder).width, room };
    });
}

test.describe('the storefront on 360, 390 and 430 px phones', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  for (const phone of PHONES) {
    test(`at ${phone.width} px the WhatsApp pill holds its label, the hero search its placeholder, and Featured Selections come by the second screen`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(phone);
      const bottle = await stockedBottle(request);
      await page.goto(`/products/${bottle.slug}`);
      await expect(page.getByRole('link', { name: 'Ask about this bottle on WhatsApp' })).toBeVisible();
      expect(
        await textOutsideBox(page, 'a[href^="https://wa.me/"]:has-text("Ask about this bottle")'),
      ).toEqual([]);

      await page.goto('/');
      const { text, needed, room } = await placeholderRoom(page);
      expect(text.length).toBeGreaterThan(0);
      expect(needed, `"${text}" needs ${Math.ceil(needed)} px of ${Math.floor(room)}`).toBeLessThanOrEqual(
        room,
      );

      // The sections under the hero are drawn as the visitor scrolls: scroll through, then measure.
      const featured = page.getByRole('heading', { level: 2, name: 'Featured Selections' });
      await page.getByRole('heading', { level: 2, name: 'Shop by category' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('link', { name: 'All categories and bottles' })).toBeVisible();
      await expect(
        page
          .getByRole('list')
          .filter({ has: page.locator('a[href*="category="]') })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      const top = await featured.evaluate((heading) => heading.getBoundingClientRect().top + window.scrollY);
      expect(top, `Featured Selections start at ${Math.round(top)} px`).toBeLessThan(phone.height * 3.5);
      expect(await widerThanViewport(page)).toEqual([]);
    });
  }
});
