import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { mapLinkOf } from '@shop/contract/location';
import { formatUGX } from '@shop/contract/money';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { noteHydration, waitForApp } from './support/hydration';
import { createCustomer, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// The handover at the door (issue 38) on a rider's phone at 360 px: staff put two cash orders on a
// rider's run; the rider goes out, loses the network, hands the first over with the customer's
// code while offline, and the handover arrives when the network is back; the second is refused for
// no ID and its bottle comes back to stock; the cash is counted in and the report adds up.

const PHONE = { width: 360, height: 740 };
/** The back office on a staff member's phone. */
const PHONE_390 = { width: 390, height: 844 };
/** Where the rider's phone says it is at the first door. */
const KOLOLO = { latitude: 0.332614, longitude: 32.590231 };

/** A camera's photo of the door: a real JPEG, larger than the shop keeps. */
const doorPhoto = () =>
  sharp({ create: { width: 1800, height: 1200, channels: 3, background: '#6b2230' } })
    .jpeg({ quality: 70 })
    .toBuffer();

type Size = { stock: number; is_default: boolean; hamper_parts?: { product_slug: string }[] };

/**
 * A bottle with stock, the `nth` such (journeys side by side each count their own bottle's stock):
 * neither a hamper nor a part of one, whose stock moves with another journey's sales (0035).
 */
async function bottle(request: APIRequestContext, nth: number): Promise<{ slug: string }> {
  // Every page: a hamper listed after the first still makes its parts unfit.
  const cards: { slug: string }[] = [];
  for (let page: number | null = 1; page !== null; ) {
    const list = await request.get(`/api/v1/products/products/?page_size=100&page=${page}`);
    const body = (await list.json()) as {
      results: { slug: string; in_stock: boolean }[];
      next: number | null;
    };
    cards.push(...body.results.filter((item) => item.in_stock));
    page = body.next;
  }
  const sizes = await Promise.all(
    cards.map(
      async (card) =>
        (
          (await (await request.get(`/api/v1/products/products/${card.slug}/`)).json()) as {
            variants: Size[];
          }
        ).variants,
    ),
  );
  const inHampers = new Set(
    sizes.flat().flatMap((size) => (size.hamper_parts ?? []).map((part) => part.product_slug)),
  );
  const bottles = cards.filter(
    (card, index) =>
      !inHampers.has(card.slug) &&
      sizes[index]!.every((size) => size.hamper_parts === undefined) &&
      sizes[index]!.some((size) => size.is_default && size.stock >= 5),
  );
  const found = bottles[nth];
  if (!found) throw new Error('The demo cellar has no bottle in stock');
  return found;
}

async function stockOf(request: APIRequestContext, slug: string): Promise<number> {
  const detail = (await (await request.get(`/api/v1/products/products/${slug}/`)).json()) as {
    variants: { stock: number; is_default: boolean }[];
  };
  return detail.variants.find((size) => size.is_default)!.stock;
}

/** A call of the signed-in context, with the CSRF pair the storefront sends. */
async function call(
  context: BrowserContext,
  baseURL: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const csrf = (await context.cookies(baseURL)).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const answer = await context.request.fetch(`/api/v1${path}`, {
    method,
    headers: { 'X-CSRF-Token': csrf, Origin: baseURL },
    ...(data === undefined ? {} : { data }),
  });
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
  return answer.status() === 204 ? null : answer.json();
}

async function placeCashOrder(
  page: Page,
  slug: string,
): Promise<{ id: string; number: string; total: number }> {
  await page.goto(`/products/${slug}`);
  // The server's page is clicked once the app has taken it over.
  await waitForApp(page);
  // …and knows the customer is signed in (the server renders every page signed out).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByTestId('cart-badge')).toContainText('1');
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Mobile number').fill('0772 123456');
  await form.getByRole('radio', { name: /^Central Kampala/ }).check();
  await form.getByLabel('Street and house').fill('Plot 4, Acacia Avenue');
  await form.getByLabel('Preferred delivery time').selectOption('evening');
  await form.getByRole('radio', { name: /^Cash on delivery/ }).check();
  await form.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL((url) => /^\/order_success\/[0-9a-f-]{36}$/.test(url.pathname));
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  const number = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();
  const order = (await (await page.request.get(`/api/v1/orders/orders/${id}/`)).json()) as { total: number };
  return { id, number, total: order.total };
}

test.describe('the rider at the door', () => {
  test('offline handover arrives when back online; a refusal returns the bottle; the cash adds up', async ({
    page,
    browser,
    baseURL,
    request,
    consoleGuard,
  }) => {
    test.setTimeout(240_000);
    // The phone with no network: its failed calls are the point of the test.
    consoleGuard.allow(/ERR_INTERNET_DISCONNECTED/, /Failed to load resource/);
    await confirmAgeInAdvance(page.context());
    await noteHydration(page.context());
    const { slug } = await bottle(request, test.info().repeatEachIndex);

    // The customer orders twice, cash on delivery.
    const customer = await createCustomer(baseURL!, { email: uniqueEmail('door') });
    await page.goto('/login?redirect=%2Faccount');
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === '/account');
    const first = await placeCashOrder(page, slug);
    const second = await placeCashOrder(page, slug);

    // The rider and a member of staff.
    // A name of its own: journeys run side by side on one server.
    const riderName = `Okello ${Math.random().toString(36).slice(2, 7)}`;
    const riderAccount = await createCustomer(baseURL!, { name: riderName, email: uniqueEmail('rider') });
    await makeStaff(baseURL!, riderAccount.email, 'rider');
    const member = await createCustomer(baseURL!, { name: 'Grace Nansubuga', email: uniqueEmail('cashier') });
    await makeStaff(baseURL!, member.email, 'staff');

    const staffContext = await browser.newContext({ baseURL });
    await confirmAgeInAdvance(staffContext);
    const desk = await staffContext.newPage();
    await desk.goto('/login?redirect=%2Faccount');
    await signInOnPage(desk, member.email, member.password);
    await expect(desk).toHaveURL((url) => url.pathname === '/account');
    const riders = (await call(staffContext, baseURL!, 'GET', '/orders/admin/riders/')) as {
      results: { id: string; name: string }[];
    };
    const riderId = riders.results.find((entry) => entry.name === riderName)!.id;
    for (const order of [first, second]) {
      for (const status of ['processing', 'ready_for_delivery']) {
        await call(staffContext, baseURL!, 'POST', `/orders/admin/orders/${order.id}/status/`, { status });
      }
      // Staff put it on the rider's run from the list on the order's page.
      await desk.goto(`/admin/orders/${order.id}`);
      const form = desk.getByRole('form', { name: `Shop rider of order ${order.number}` });
      await form.getByLabel('Shop rider').selectOption({ label: riderName });
      await form.getByRole('button', { name: 'Put on rider’s run' }).click();
      await expect(desk.getByText(`Order ${order.number} is on ${riderName}’s run.`)).toBeVisible();
    }

    // The rider's phone.
    // The phone lets the shop's page ask where it is (the rider ticks "Share my position").
    const phone = await browser.newContext({
      baseURL,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      geolocation: KOLOLO,
      permissions: ['geolocation'],
    });
    await confirmAgeInAdvance(phone);
    const run = await phone.newPage();
    await run.goto('/login?redirect=%2Frider');
    await signInOnPage(run, riderAccount.email, riderAccount.password);
    await expect(run.getByRole('heading', { name: 'Today’s run' })).toBeVisible();
    const stop = (number: string) => run.getByRole('article', { name: new RegExp(number) });
    await expect(stop(first.number)).toBeVisible();
    await expect(stop(second.number)).toBeVisible();

    await stop(first.number).getByRole('button', { name: 'Out for delivery' }).click();
    await expect(stop(first.number).getByLabel(/Customer’s code/)).toBeVisible();

    // The customer reads the code on their order page.
    await page.goto(`/order-history/${first.id}`);
    const code = (await page.getByTestId('handover-code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);

    // No network at the door: the handover waits on the phone.
    await phone.setOffline(true);
    const card = stop(first.number);
    await card.getByLabel(/Customer’s code/).fill(code);
    await card.getByLabel(/Cash received/).fill(String(first.total + 5_000));
    await expect(card.getByText(/^Change: Shs 5,000$/)).toBeVisible();
    // Proof of delivery: a photo from the camera and the phone's position, kept offline too.
    await card.getByLabel('Photo of the handover').setInputFiles({
      name: 'door.jpg',
      mimeType: 'image/jpeg',
      buffer: await doorPhoto(),
    });
    await expect(card.getByText('Photo ready: it is sent with the handover.')).toBeVisible();
    await card.getByLabel('Share my position with the shop').check();
    await expect(card.getByText(/^Position found/)).toBeVisible();
    await card.getByRole('button', { name: 'Hand over' }).click();
    const waiting = run.getByRole('region', { name: 'Waiting to send' });
    await expect(waiting).toContainText(`${first.number} handed over`);
    await expect(waiting).toContainText(`${first.number} proof of delivery`);
    await expect(card.getByText(/waiting to send/)).toBeVisible();

    // Back online: it is sent, once.
    await phone.setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 20_000 });
    await expect(stop(first.number).getByText('Delivered · proof kept')).toBeVisible();
    // Staff see the proof on the order: the photo (served to them) and the map link to the position.
    await desk.goto(`/admin/orders/${first.id}`);
    const door = desk.getByRole('region', { name: 'At the door' });
    const photo = door.getByRole('img', { name: 'The door at the handover, as the rider saw it' });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(door.getByRole('link', { name: 'Where the rider’s phone was' })).toHaveAttribute(
      'href',
      mapLinkOf(KOLOLO),
    );
    await page.reload();
    await expect(page.getByText('Delivered').first()).toBeVisible();

    // The second order is refused for no ID: returned to the shop; its bottle back in stock once.
    const before = await stockOf(request, slug);
    await stop(second.number).getByRole('button', { name: 'Out for delivery' }).click();
    const refusal = stop(second.number);
    await refusal.getByLabel('Reason').selectOption({ label: 'No ID' });
    await refusal.getByRole('button', { name: 'Record refusal' }).click();
    await expect(stop(second.number).getByText(/Returned to shop \(No ID\)/)).toBeVisible();
    await page.goto(`/order-history/${second.id}`);
    await expect(page.getByText('Returned to shop: no id.')).toBeVisible();
    expect(await stockOf(request, slug)).toBe(before);
    // Staff take the bottle back from the order's page, after the confirmation naming it.
    await desk.goto(`/admin/orders/${second.id}`);
    await desk
      .getByRole('region', { name: 'At the door' })
      .getByRole('button', { name: 'Bottles back in stock' })
      .click();
    const confirmBack = desk.getByRole('dialog', { name: 'Bottles back in stock?' });
    await expect(confirmBack).toContainText(`1 bottle of order ${second.number} goes back`);
    await confirmBack.getByRole('button', { name: 'Put them back in stock' }).click();
    await expect(desk.getByText(`1 bottle of ${second.number} is back in stock.`)).toBeVisible();
    await expect(desk.getByRole('region', { name: 'At the door' })).toHaveCount(0);
    expect(await stockOf(request, slug)).toBe(before + 1);

    // The cash: counted in by the cashier on the cash page, confirmed by the rider; expected = handed in.
    await desk.setViewportSize(PHONE_390);
    await desk.goto('/admin/cash');
    const countIn = desk.getByRole('form', { name: `Count in ${riderName}’s cash` });
    await countIn.getByLabel('Cash counted (UGX)').fill(String(first.total));
    await countIn.getByRole('button', { name: 'Count in' }).click();
    await expect(desk.getByText(`${formatUGX(first.total)} counted in from ${riderName}`)).toBeVisible();
    await run.reload();
    await run.getByRole('button', { name: /Confirm I handed in/ }).click();
    await expect(run.getByRole('region', { name: 'Cash' })).toContainText(/On you\s*Shs 0/);
    await desk.reload();
    const riderRow = desk
      .getByRole('table', { name: /^Riders’ cash on / })
      .getByRole('row', { name: new RegExp(riderName) });
    await expect(riderRow).toContainText(
      `${riderName}${formatUGX(first.total)}${formatUGX(first.total)}${formatUGX(first.total)}Shs 0`,
    );
    // Stacked on a phone: nothing scrolls sideways.
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const report = (await call(staffContext, baseURL!, 'GET', '/orders/admin/riders/cash/')) as {
      rows: { rider_id: string; expected: number; handed_in: number; difference: number }[];
    };
    expect(report.rows.find((row) => row.rider_id === riderId)).toMatchObject({
      expected: first.total,
      handed_in: first.total,
      difference: 0,
    });
    await phone.close();
    await staffContext.close();
  });
});
