import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { FakeEfris, taxpayerKeys } from '../apps/api/test/fakes/efris';
import { pdfText } from '../apps/api/test/pdf-text';
import { expect, test } from './fixtures';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// EFRIS (issue 37) against the production build and a local fake of URA (playwright.config.ts
// points EFRIS_BASE_URL at E2E_EFRIS_PORT; this file runs the fake there, holding the taxpayer's
// public key). An admin sets the shop's TIN and configures EFRIS (key, TIN, device, test); a
// customer buys and pays; the invoice carries URA's fiscal number; the admin refunds a bottle and
// the credit note carries URA's credit note number. A customer buys a paid tasting ticket: its
// tax invoice carries URA's fiscal number too. The shop is put back as it was at the end.

const TIN = '1000123456';
const DEVICE = 'TCS00012345';
/** A paid tasting of the demo events (seeded beside the demo cellar). */
const PAID_EVENT = 'bordeaux-and-the-cape-left-bank-tasting';
const shillings = (amount: number) => `Shs ${amount.toLocaleString('en-US')}`;

let fake: FakeEfris;
const taxpayer = taxpayerKeys();

// One journey at a time (it switches the shop's EFRIS on and off, and the server knows one fake):
// a second worker waits for the first one's fake to stop and free the port.
test.beforeAll(async () => {
  test.setTimeout(300_000);
  for (;;) {
    try {
      fake = await new FakeEfris().start(Number(process.env.E2E_EFRIS_PORT));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  fake.registerTaxpayer({
    tin: TIN,
    deviceNo: DEVICE,
    legalName: 'KAMPALA CELLARS LIMITED',
    businessName: 'Kampala Cellars',
    address: 'Plot 12 Acacia Avenue, Kololo',
    publicKey: taxpayer.publicKey,
  });
});
test.afterAll(async () => {
  await fake?.stop();
});

/**
 * A bottle of the seeded cellar with a few in stock: another one on each repeat of the journey,
 * since the shop remembers a size as registered with URA and a repeat talks to a fresh fake URA.
 */
async function bottleInStock(request: APIRequestContext, repeat: number) {
  const list = await request.get('/api/v1/products/products/?page_size=100');
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { slug: string; in_stock: boolean }[] };
  for (const card of results.filter((item) => item.in_stock).slice(4 + repeat)) {
    const answer = await request.get(`/api/v1/products/products/${card.slug}/`);
    const detail = (await answer.json()) as {
      name: string;
      slug: string;
      category_name: string;
      variants: { name: string; price: number; stock: number; is_default: boolean }[];
    };
    const size = detail.variants.find((variant) => variant.is_default) ?? detail.variants[0];
    if (size && size.stock >= 4)
      return {
        name: detail.name,
        slug: detail.slug,
        category: detail.category_name,
        size: size.name,
        price: size.price,
      };
  }
  throw new Error('The demo cellar has no bottle in stock');
}

async function setShopTin(page: Page, tin: string) {
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Shop settings' });
  await form.getByLabel('TIN (VAT registration)').fill(tin);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. The shop uses them from now on.')).toBeVisible();
}

/** The row naming `text` in a paged back-office table, turning its pages with "Next" until it shows. */
async function rowOnSomePage(scope: Locator, tableName: string, text: string, rowHeader = false) {
  const table = scope.getByRole('table', { name: tableName });
  for (let page = 1; page <= 20; page += 1) {
    await expect(table).toBeVisible();
    const row = table
      .getByRole('row')
      .filter(
        rowHeader
          ? { has: scope.page().getByRole('rowheader', { name: text, exact: true }) }
          : { hasText: text },
      );
    if ((await row.count()) > 0) return row.first();
    const next = scope.getByRole('button', { name: 'Next' });
    if (!(await next.isEnabled())) break;
    await next.click();
  }
  throw new Error(`No row with ${text} in ${tableName}`);
}

async function switchEfris(page: Page, on: boolean) {
  await page.goto('/admin/efris');
  const connection = page.getByRole('form', { name: 'EFRIS connection' });
  await connection.getByLabel('Environment').selectOption('test');
  await connection.getByLabel('TIN').fill(TIN);
  await connection.getByLabel('Device number').fill(DEVICE);
  await connection.getByLabel('Commodity code').fill('50202201');
  await connection.getByRole('checkbox', { name: 'Fiscalise paid tax invoices with EFRIS' }).setChecked(on);
  await connection.getByRole('button', { name: 'Save' }).click();
  await expect(connection.getByText('Saved.')).toBeVisible();
}

/**
 * A new admin's desk with EFRIS on against the fake: the shop's TIN, the key (shown back only by
 * its fingerprint), the connection, and a test that reads the registration back from URA.
 * `restore` puts the shop back as it was (other journeys share this server).
 */
async function efrisDesk(browser: Browser, baseURL: string, request: APIRequestContext) {
  const admin = await createCustomer(baseURL, { name: 'Grace Nansubuga', email: uniqueEmail('efris-admin') });
  await makeStaff(baseURL, admin.email, 'admin');
  const desk = await browser.newContext({ baseURL });
  await confirmAgeInAdvance(desk);
  const staffPage = await desk.newPage();
  const answer = await request.get('/api/v1/settings/');
  const previousTin = answer.ok()
    ? (((await answer.json()) as { vat_tin?: string | null }).vat_tin ?? '')
    : '';
  const restore = async () => {
    await switchEfris(staffPage, false).catch(() => undefined);
    await setShopTin(staffPage, previousTin).catch(() => undefined);
    await desk.close();
  };
  try {
    await staffPage.goto(`/login?redirect=${encodeURIComponent('/admin/settings')}`);
    await signInOnPage(staffPage, admin.email, admin.password);
    await expect(staffPage).toHaveURL((url) => url.pathname === '/admin/settings');
    await setShopTin(staffPage, TIN);
    await staffPage.goto('/admin/efris');
    const key = staffPage.getByRole('form', { name: 'Private key' });
    await key.getByLabel('Private key (PEM)').fill(taxpayer.privateKeyPem);
    await key.getByRole('button', { name: 'Upload the key' }).click();
    await expect(staffPage.getByText(/^A key is on file \(fingerprint [0-9a-f]{16}…/)).toBeVisible();
    await expect(key.getByLabel('Private key (PEM)')).toHaveValue('');
    await switchEfris(staffPage, true);
    await staffPage.getByRole('button', { name: 'Test connection' }).click();
    await expect(staffPage.getByText('KAMPALA CELLARS LIMITED')).toBeVisible();
  } catch (error) {
    await restore();
    throw error;
  }
  return { staffPage, restore };
}

test.describe('EFRIS', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('admin configures EFRIS → a paid order’s invoice carries URA’s fiscal number → its refund’s credit note carries URA’s credit note number', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const bottle = await bottleInStock(request, test.info().repeatEachIndex);
    const { staffPage, restore } = await efrisDesk(browser, baseURL!, request);
    try {
      // The admin reads URA's dictionaries and maps the bottle's category, searching them.
      const goods = staffPage.getByRole('region', { name: 'Goods' });
      await goods.getByRole('button', { name: 'Refresh dictionaries' }).click();
      await expect(staffPage.getByText(/^URA’s lists read: \d+ commodity categories/)).toBeVisible();
      const categoryRow = await rowOnSomePage(
        goods,
        'Categories mapped to URA’s codes',
        bottle.category,
        true,
      );
      await categoryRow.getByRole('button', { name: `Map ${bottle.category}` }).click();
      const mapping = goods.getByRole('form', { name: `Map ${bottle.category}` });
      await mapping.getByLabel('Search commodity category').fill('wine');
      await mapping.getByRole('button', { name: '50202203 Wine' }).click();
      await mapping.getByLabel('Search excise duty').fill('grapes');
      await mapping.getByRole('button', { name: 'LED190300 Wine made from grapes' }).click();
      await mapping.getByRole('button', { name: 'Save mapping' }).click();
      await expect(
        staffPage.getByText(`${bottle.category} mapped; its sizes are registered with URA again`),
      ).toBeVisible();
      const mapped = await rowOnSomePage(goods, 'Categories mapped to URA’s codes', bottle.category, true);
      await expect(mapped).toContainText('50202203 Wine');
      await expect(mapped).toContainText('LED190300');

      // The customer buys a bottle for pick-up and pays by MTN on the sandbox phone.
      const customer = await createCustomer(baseURL!, { name: 'Amina Nakato', email: uniqueEmail('efris') });
      await page.goto(`/login?redirect=${encodeURIComponent(`/products/${bottle.slug}`)}`);
      await signInOnPage(page, customer.email, customer.password);
      await expect(page).toHaveURL((url) => url.pathname === `/products/${bottle.slug}`);
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expect(page.getByTestId('cart-badge')).toContainText('1');
      await page.goto('/checkout');
      const form = page.getByRole('form', { name: 'Checkout' });
      await form.getByLabel('Mobile number').fill('0772 123456');
      await form.getByRole('radio', { name: /^Pick up at the shop/ }).check();
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

      // The job queue fiscalises the invoice: the order page and the invoice PDF carry URA's number.
      const fiscal = page.getByText(/^URA fiscal document no\. \d+/);
      await expect(async () => {
        await page.goto(`/order-history/${orderId}`);
        await expect(fiscal).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 90_000 });
      const invoiceNo = /URA fiscal document no\. (\d+)/.exec((await fiscal.textContent()) ?? '')![1]!;
      expect(fake.invoices.map((invoice) => invoice.invoiceNo)).toContain(invoiceNo);
      const invoices = (await (await page.request.get('/api/v1/orders/invoices/?page_size=10')).json()) as {
        results: { order_id?: string; pdf_url: string }[];
      };
      const invoicePdf = await page.request.get(invoices.results[0]!.pdf_url);
      expect(invoicePdf.ok()).toBe(true);
      const invoiceText = pdfText(await invoicePdf.body());
      expect(invoiceText).toContain(invoiceNo);
      expect(invoiceText).not.toContain('Not yet fiscalised');

      // The admin refunds the bottle: URA approves the credit note, whose number shows on the
      // refund and on the credit note PDF.
      await staffPage.goto(`/admin/orders/${orderId}`);
      const refunds = staffPage.getByRole('region', { name: 'Refunds' });
      const refundForm = refunds.getByRole('form', { name: /^Refund KCP-/ });
      await refundForm.getByLabel('Reason').fill('Cancelled by the customer');
      await refundForm.getByLabel(`${bottle.name}, ${bottle.size} (ordered 1)`).fill('1');
      await refundForm.getByRole('button', { name: 'Refund' }).click();
      await staffPage
        .getByRole('dialog', { name: 'Send this refund?' })
        .getByRole('button', { name: `Refund ${shillings(bottle.price)}` })
        .click();
      await expect(refunds.getByText(/^Refunded .*; credit note CN-\d{6}\.$/)).toBeVisible();
      const approved = staffPage.getByText(/^EFRIS: Approved, credit note no\. \d+$/);
      await expect(async () => {
        await staffPage.goto(`/admin/orders/${orderId}`);
        await expect(approved).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 90_000 });
      const creditNoteNo = /no\. (\d+)$/.exec((await approved.textContent()) ?? '')![1]!;
      expect(fake.creditNotes.map((note) => note.invoiceNo)).toContain(creditNoteNo);
      expect(fake.creditNotes.find((note) => note.invoiceNo === creditNoteNo)?.oriInvoiceNo).toBe(invoiceNo);
      const download = staffPage.waitForEvent('download');
      await refunds.getByRole('button', { name: /^Credit note CN-\d{6}$/ }).click();
      const creditNotePdf = pdfText(await readFile((await (await download).path())!));
      expect(creditNotePdf).toContain('EFRIS credit note no.');
      expect(creditNotePdf).toContain(creditNoteNo);

      // The staff queue lists both, and the bottle's size as registered with URA.
      await staffPage.goto('/admin/efris');
      const goodsList = staffPage.getByRole('region', { name: 'Goods' });
      await goodsList.getByRole('tab', { name: 'Sizes' }).click();
      await goodsList.getByRole('tab', { name: 'Registered' }).click();
      const registered = await rowOnSomePage(goodsList, 'Sizes registered with URA', bottle.name);
      await expect(registered).toContainText('Registered');
      await expect(
        staffPage.getByRole('table', { name: 'Invoices sent to EFRIS, newest first' }),
      ).toContainText(invoiceNo);
      await expect(
        staffPage.getByRole('table', { name: 'Credit notes sent to EFRIS, newest first' }),
      ).toContainText(creditNoteNo);
    } finally {
      await restore();
    }
  });

  test('a customer buys a paid tasting ticket → its tax invoice carries URA’s fiscal number, on the ticket and the PDF', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const { staffPage, restore } = await efrisDesk(browser, baseURL!, request);
    try {
      const customer = await createCustomer(baseURL!, {
        name: 'Amina Nakato',
        email: uniqueEmail('efris-ticket'),
      });
      await page.goto(`/login?redirect=${encodeURIComponent(`/events/${PAID_EVENT}`)}`);
      await signInOnPage(page, customer.email, customer.password);
      await expect(page).toHaveURL((url) => url.pathname === `/events/${PAID_EVENT}`);
      const form = page.getByRole('form', { name: 'RSVP' });
      await form.getByLabel('Guests (yourself included)').selectOption('1');
      await form.getByRole('button', { name: 'Reserve seats' }).click();
      const pay = page.getByRole('form', { name: 'Pay by mobile money' });
      await pay.getByRole('radio', { name: 'MTN Mobile Money' }).check();
      await pay.getByLabel('Paying mobile number').fill('0772 123456');
      await pay.getByRole('button', { name: /^Pay Shs / }).click();
      await page.getByRole('link', { name: 'Open the sandbox phone' }).click();
      const prompt = page.getByRole('form', { name: 'Payment request' });
      await prompt.getByLabel('Enter your PIN to approve').fill('24680');
      await prompt.getByRole('button', { name: 'Approve payment' }).click();
      const ticket = page.getByRole('region', { name: 'Your ticket' });
      const invoiceButton = ticket.getByRole('button', { name: /^Tax invoice INV-\d{6} \(PDF\)$/ });
      await expect(invoiceButton).toBeVisible({ timeout: 30_000 });
      const invoiceNumber = /INV-\d{6}/.exec((await invoiceButton.textContent()) ?? '')![0];

      // The job queue fiscalises the ticket's invoice: the ticket shows URA's number, the PDF too.
      const fiscal = ticket.getByText(/^URA fiscal document no\. \d+/);
      await expect(async () => {
        await page.reload();
        await expect(fiscal).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 90_000 });
      const invoiceNo = /URA fiscal document no\. (\d+)/.exec((await fiscal.textContent()) ?? '')![1]!;
      expect(fake.invoices.map((invoice) => invoice.invoiceNo)).toContain(invoiceNo);
      const download = page.waitForEvent('download');
      await ticket.getByRole('button', { name: /^Tax invoice INV-/ }).click();
      const invoiceText = pdfText(await readFile((await (await download).path())!));
      expect(invoiceText).toContain('TAX INVOICE');
      expect(invoiceText).toContain(invoiceNo);
      expect(invoiceText).not.toContain('Not yet fiscalised');

      // The staff queue lists it beside the orders' invoices.
      await staffPage.goto('/admin/efris');
      const row = staffPage
        .getByRole('table', { name: 'Invoices sent to EFRIS, newest first' })
        .getByRole('row')
        .filter({ hasText: invoiceNumber });
      await expect(row).toContainText('Event ticket');
      await expect(row).toContainText(invoiceNo);
    } finally {
      await restore();
    }
  });
});
