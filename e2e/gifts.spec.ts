import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { kampalaDayAfter } from '@shop/contract/gifts';
import { pdfText } from '../apps/api/test/pdf-text';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff, withShopDatabase } from './support/staff/staff';

// Gifts (issue 39) against the production build: a customer sends a demo hamper to someone else for
// next week with a message; the recipient opens the link of their SMS (read from the shop's SMS
// outbox in its database) and picks the evening; staff start packing and print a slip without
// prices; the buyer follows the gift on their tracking page.

const MESSAGE = 'Happy birthday, Sarah!\nCheers from all of us <3';

/** The demo hampers (decision 0035), their stock what their parts allow. */
const DEMO_HAMPERS = ['celebration-champagne-hamper', 'whisky-gentlemans-hamper'];

/** A demo hamper in stock, with the names of its parts. */
async function hamperInStock(
  request: APIRequestContext,
): Promise<{ name: string; slug: string; parts: string[] }> {
  for (const slug of DEMO_HAMPERS) {
    const answer = await request.get(`/api/v1/products/products/${slug}/`);
    expect(answer.ok()).toBe(true);
    const detail = (await answer.json()) as {
      name: string;
      slug: string;
      variants: { stock: number; is_default: boolean; hamper_parts?: { product_name: string }[] | null }[];
    };
    const size = detail.variants.find((variant) => variant.is_default) ?? detail.variants[0];
    if (size && size.stock >= 1 && size.hamper_parts?.length) {
      return {
        name: detail.name,
        slug: detail.slug,
        parts: size.hamper_parts.map((part) => part.product_name),
      };
    }
  }
  throw new Error('No demo hamper is in stock');
}

/** The recipient's link, from the SMS the shop wrote for them (its outbox, in the database). */
async function giftLinkSentTo(baseURL: string, phone: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const body = await withShopDatabase(baseURL, async (client) => {
          const result = await client.query<{ body: string }>(
            "SELECT body FROM sms_messages WHERE phone = $1 AND kind = 'gift_coming'",
            [phone],
          );
          return result.rows[0]?.body ?? '';
        });
        path = /\/gift\/[A-Za-z0-9_-]+/.exec(body)?.[0] ?? '';
        return path;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return path;
}

test.describe('a gift', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('sent with a message for next week → the recipient picks the evening → packed without prices → followed by the buyer', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    const hamper = await hamperInStock(request);
    const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    const recipientPhone = `+256701${digits}`;
    const day = kampalaDayAfter(new Date(), 7);

    const buyer = await createCustomer(baseURL!, { name: 'Namara Kisakye', email: uniqueEmail('gifter') });
    await page.goto(`/login?redirect=${encodeURIComponent(`/products/${hamper.slug}`)}`);
    await signInOnPage(page, buyer.email, buyer.password);
    await expect(page).toHaveURL((url) => url.pathname === `/products/${hamper.slug}`);
    await expect(header(page).signOut).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: hamper.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'In this hamper' })).toBeVisible();
    for (const part of hamper.parts) await expect(page.getByRole('main')).toContainText(part);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('1');

    await page.goto('/checkout');
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('Mobile number').fill('0772 123456');
    await form.getByRole('checkbox', { name: /This is a gift/ }).check();
    await form.getByLabel('Recipient’s name').fill('Sarah Nakato');
    await form.getByLabel('Recipient’s phone').fill(`0701 ${digits}`);
    await form.getByLabel('Delivery day').fill(day);
    await form.getByLabel('Gift message (optional)').fill(MESSAGE);
    await form.getByRole('radio', { name: /^Central Kampala/ }).check();
    await form.getByLabel('Street and house').fill('Plot 9, Kira Road');
    await form.getByLabel('Preferred delivery time').selectOption('afternoon');
    await form.getByRole('radio', { name: /^Mobile money/ }).check();
    await form.getByRole('radio', { name: 'MTN Mobile Money', exact: true }).check();
    await form.getByLabel('Paying mobile number').fill('0772 123456');
    await form.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL((url) => /^\/pay\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByRole('link', { name: 'Open the sandbox phone' }).click();
    const prompt = page.getByRole('form', { name: 'Payment request' });
    await prompt.getByLabel('Enter your PIN to approve').fill('24680');
    await prompt.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/order_success/${orderId}`);
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();

    // The recipient, signed out, opens the link of their SMS and picks the evening.
    const link = await giftLinkSentTo(baseURL!, recipientPhone);
    const recipientContext = await browser.newContext();
    await confirmAgeInAdvance(recipientContext);
    const recipient = await recipientContext.newPage();
    await recipient.goto(link);
    await expect(recipient).toHaveTitle(pageTitle('gift'));
    await expect(recipient.getByRole('heading', { level: 1, name: 'A gift for Sarah Nakato' })).toBeVisible();
    await expect(recipient.getByRole('heading', { name: /From Namara/ })).toBeVisible();
    await expect(recipient.getByTestId('gift-message')).toHaveText(MESSAGE);
    await expect(recipient.getByRole('main')).not.toContainText('Kisakye');
    await expect(recipient.getByRole('main')).not.toContainText('Shs');
    const choices = recipient.getByRole('form', { name: 'Delivery time and directions' });
    await choices.getByLabel('Delivery time').selectOption('evening');
    await choices.getByLabel('Directions or instructions for the rider').fill('Blue gate, call on arrival');
    await choices.getByRole('button', { name: 'Save' }).click();
    await expect(recipient.getByText('Saved: the rider will see it.')).toBeVisible();
    await recipientContext.close();

    // Staff start packing it and print the slip: the message, the recipient, no prices.
    const staffContext = await browser.newContext({ acceptDownloads: true });
    await confirmAgeInAdvance(staffContext);
    const desk = await staffContext.newPage();
    const staffAccount = await createCustomer(baseURL!, {
      name: 'Grace Nansubuga',
      email: uniqueEmail('packer'),
    });
    await makeStaff(baseURL!, staffAccount.email);
    await desk.goto(`/login?redirect=${encodeURIComponent('/admin/orders')}`);
    await signInOnPage(desk, staffAccount.email, staffAccount.password);
    await expect(desk).toHaveTitle(pageTitle('admin_orders'));
    const tabs = desk.getByRole('tablist', { name: 'Orders by status' });
    await tabs.getByRole('tab', { name: /^Confirmed/ }).click();
    await desk
      .getByRole('article', { name: orderNumber })
      .getByRole('button', { name: 'Start preparing' })
      .click();
    await expect(desk.getByText(`Order ${orderNumber}: being prepared.`)).toBeVisible();

    await desk.goto(`/admin/orders/${orderId}`);
    await expect(desk.getByRole('main')).toContainText(hamper.name);
    const gift = desk.getByRole('region', { name: 'Gift' });
    await expect(gift).toContainText('Sarah Nakato');
    await expect(gift).toContainText('Blue gate, call on arrival');
    await expect(desk.getByRole('region', { name: 'Delivery' })).toContainText('Evening');
    const [slip] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('button', { name: 'Packing slip (PDF)' }).click(),
    ]);
    const slipText = pdfText(fs.readFileSync((await slip.path())!));
    expect(slipText).toContain('Sarah Nakato');
    expect(slipText).toContain('Happy birthday, Sarah!');
    expect(slipText).toContain('Cheers from all of us <3');
    expect(slipText).toContain('Blue gate, call on arrival');
    expect(slipText).not.toMatch(/Shs|UGX/);
    const [card] = await Promise.all([
      desk.waitForEvent('download'),
      gift.getByRole('button', { name: 'Gift card (PDF)' }).click(),
    ]);
    const cardText = pdfText(fs.readFileSync((await card.path())!));
    expect(cardText).toContain('Happy birthday, Sarah!');
    expect(cardText).toContain('From Namara');
    expect(cardText).not.toMatch(/Shs|UGX|Kisakye/);
    await staffContext.close();

    // The buyer follows it: the recipient, the day and the status on the tracking page.
    await page.goto('/delivery-tracking');
    const tracked = page.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(tracked.getByTestId('gift-for')).toContainText('Sarah Nakato on');
    await expect(tracked.getByTestId('delivery-status')).toContainText('Being prepared');
  });
});
