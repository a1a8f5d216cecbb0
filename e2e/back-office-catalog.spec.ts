import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// Back office I (issue 16) from the browser, against the production build: a staff member creates
// a bottle with two sizes, receives stock and uploads a photo through the /admin/products screens;
// a customer finds it by a misspelt search, sees the photo, and buys two; back in the product's
// page, the size's ledger shows the sale and its stock went down by two.

/** A run-unique word, so that this run's bottle is told from an earlier run's. */
const RUN = Date.now().toString(36).slice(-4);
const BOTTLE = `Bwindi Forest Shiraz ${RUN}`;
const BOTTLE_SIZE = { name: '750 ml bottle', sku: `BWF-${RUN}-750`, volume: '750', price: 95_000 };
const MAGNUM = { name: 'Magnum', sku: `BWF-${RUN}-1500`, volume: '1500', price: 185_000 };
const RECEIVED = 24;
const BOUGHT = 2;

/** A small photo-like JPEG made here: a gradient, so the server's encoders have something to do. */
async function bottlePhoto(): Promise<Buffer> {
  const width = 600;
  const height = 800;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      raw[offset] = 90 + Math.round((120 * y) / height);
      raw[offset + 1] = 20 + Math.round((40 * x) / width);
      raw[offset + 2] = 40;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The image of a `<picture>` has loaded one of the product's uploaded files (not the drawing). */
async function expectUploadedPhoto(image: Locator) {
  await expect(image).toBeVisible();
  // Pictures load lazily, as a person scrolls to them: the product's edit page grew (the sizes'
  // hamper parts), and its photo list can start below the lazy-loading distance.
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      image.evaluate((img: HTMLImageElement) => ({
        loaded: img.complete && img.naturalWidth > 0,
        fromMedia: new URL(img.currentSrc, window.location.href).pathname.startsWith('/media/'),
        inPicture: img.parentElement?.tagName === 'PICTURE',
        sized: img.getAttribute('width') !== null && img.getAttribute('height') !== null,
      })),
    )
    .toEqual({ loaded: true, fromMedia: true, inPicture: true, sized: true });
}

async function signIn(page: Page, email: string, password: string, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await signInOnPage(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === redirect);
  await expect(header(page).signOut).toBeVisible();
}

async function signOut(page: Page) {
  await header(page).signOut.click();
  await expect(header(page).signIn).toBeVisible();
}

async function addSize(page: Page, size: typeof BOTTLE_SIZE) {
  const form = page.getByRole('form', { name: 'Add a size' });
  await form.getByLabel('Size name').fill(size.name);
  await form.getByLabel('SKU').fill(size.sku);
  await form.getByLabel('Volume (ml)').fill(size.volume);
  await form.getByLabel('Price (Shs)', { exact: true }).fill(String(size.price));
  await form.getByRole('button', { name: 'Add size' }).click();
  await expect(
    page.getByRole('region', { name: 'Sizes' }).getByRole('rowheader', { name: new RegExp(`^${size.name}`) }),
  ).toBeVisible();
}

async function receiveStock(page: Page, sizeName: string, bottles: number) {
  const form = page.getByRole('form', { name: `Record a movement: ${sizeName}` });
  await expect(form.getByLabel('Reason')).toHaveValue('received');
  await form.getByLabel('Bottles (+ added, − taken away)').fill(String(bottles));
  await form.getByLabel('Note').fill('First delivery from the importer');
  await form.getByRole('button', { name: 'Save movement' }).click();
  await expect(form.getByText(`Saved: ${sizeName} now has ${bottles} bottles in stock.`)).toBeVisible();
}

test.describe('back office: catalog, stock and pictures', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('staff create a bottle with two sizes and a photo → a customer finds it misspelt, sees the photo, buys two → the sale is in the size’s ledger', async ({
    page,
    baseURL,
  }) => {
    // Three sign-ins, a photo converted to every width and format, a checkout: 2.5–2.7 minutes on
    // the shared 2-core machine at a load average of 25.
    test.setTimeout(300_000);
    const staff = await createCustomer(baseURL!, { name: 'Grace Atim', email: uniqueEmail('staff') });
    await makeStaff(baseURL!, staff.email);
    const customer = await createCustomer(baseURL!, { name: 'Amina Nakato', email: uniqueEmail('buyer') });

    // Staff: from the staff desk to a new product.
    await signIn(page, staff.email, staff.password, '/account');
    await page
      .getByRole('region', { name: 'Staff desk' })
      .getByRole('link', { name: /^Products/ })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/products');
    await page.getByRole('link', { name: 'New product' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New product');

    const details = page.getByRole('form', { name: 'Product details' });
    await details.getByLabel('Name').fill(BOTTLE);
    await expect(details.getByLabel('Slug')).toHaveValue(`bwindi-forest-shiraz-${RUN}`);
    await details.getByLabel('Category').selectOption({ label: 'Red Wine' });
    await details.getByLabel('Type').selectOption('wine');
    await details.getByLabel('Country').fill('Uganda');
    await details.getByLabel('Region').fill('Kigezi Highlands');
    await details.getByLabel('Grape or base').fill('Shiraz');
    await details.getByLabel('Vintage').fill('2021');
    await details.getByLabel('ABV (%)').fill('13.5');
    await details.getByLabel('Description').fill('Peppery Shiraz from vines above the Bwindi forest.');
    await details.getByLabel('Tasting notes').fill('Blackberry, smoke and black pepper.');
    await details.getByRole('button', { name: 'Create product' }).click();

    // The product's own page opens: two sizes, stock received for each, a photo.
    await expect(page).toHaveURL((url) => /^\/admin\/products\/\d+$/.test(url.pathname));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit product');
    const productPage = new URL(page.url()).pathname;
    await addSize(page, BOTTLE_SIZE);
    await addSize(page, MAGNUM);
    await receiveStock(page, BOTTLE_SIZE.name, RECEIVED);
    await receiveStock(page, MAGNUM.name, 6);

    const photos = page.getByRole('region', { name: 'Photos' });
    await photos
      .getByTestId('photo-drop-zone')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'bwindi-shiraz.jpg',
        mimeType: 'image/jpeg',
        buffer: await bottlePhoto(),
      });
    const photoList = photos.getByRole('list', { name: 'Photos in order' });
    await expect(photoList.getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });
    await expect(photoList).toContainText('Photo 1 of 1 · main photo');
    await expectUploadedPhoto(photoList.getByRole('img'));
    await expect(photos.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
    await signOut(page);

    // The customer: a misspelt search finds the bottle, shown with its photo.
    await signIn(page, customer.email, customer.password, '/');
    const typed = 'bwindy forrest shiraz';
    await page.getByRole('searchbox', { name: 'Search wines and spirits' }).fill(typed);
    await page.getByRole('searchbox', { name: 'Search wines and spirits' }).press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/products' && url.searchParams.get('search') === typed,
    );
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.locator('[aria-busy="true"]')).toHaveCount(0);
    // Earlier runs against the same server left bottles of the same name but another run word.
    const card = results.getByRole('article', { name: BOTTLE, exact: true });
    await expect(card).toBeVisible();
    await expectUploadedPhoto(card.getByRole('img', { name: BOTTLE }));
    await card.getByRole('link', { name: `View Details: ${BOTTLE}` }).click();

    // The product page: the photo again, then two 750 ml bottles bought with cash on delivery.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(BOTTLE);
    await expectUploadedPhoto(page.getByRole('img', { name: BOTTLE }).first());
    await page
      .getByRole('group', { name: 'Size' })
      .getByRole('radio', { name: new RegExp(`^${BOTTLE_SIZE.name}`) })
      .check();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(page.getByTestId('cart-badge')).toContainText('1');
    await page.getByRole('region', { name: 'Cart summary' }).getByRole('link', { name: 'View Cart' }).click();
    await expect(page).toHaveTitle(pageTitle('cart'));
    const line = page.getByRole('listitem', { name: `${BOTTLE}, ${BOTTLE_SIZE.name}` });
    await line.getByRole('button', { name: `One more ${BOTTLE}, ${BOTTLE_SIZE.name}` }).click();
    await expect(line.getByLabel(`Quantity of ${BOTTLE}, ${BOTTLE_SIZE.name}`)).toHaveValue(String(BOUGHT));
    await page.getByRole('region', { name: 'Summary' }).getByRole('link', { name: 'Checkout' }).click();

    await expect(page).toHaveTitle(pageTitle('checkout'));
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await expect(checkout.getByLabel('Full name')).toHaveValue(customer.name);
    await checkout.getByLabel('Mobile number').fill('0772 123456');
    await checkout.getByRole('radio', { name: /^Central Kampala/ }).check();
    await checkout.getByLabel('Street and house').fill('Plot 4, Acacia Avenue');
    await checkout.getByLabel('Preferred delivery time').selectOption('evening');
    await checkout.getByRole('radio', { name: /^Cash on delivery/ }).check();
    await checkout.getByRole('button', { name: /^Place order/ }).click();
    await expect(page).toHaveURL((url) => /^\/order_success\/[0-9a-f-]{36}$/.test(url.pathname));
    const orderNumber = (await page.getByText(/^ORD-\d{8}-[A-Z0-9]{5}$/).textContent())!.trim();
    await expect(page.getByRole('region', { name: /^Items/ })).toContainText(
      `${BOTTLE_SIZE.name} · ${BOUGHT} ×`,
    );
    await signOut(page);

    // Staff again: the product's page shows the sale in the 750 ml ledger and the stock down by two.
    await signIn(page, staff.email, staff.password, productPage);
    const stock = page.getByRole('region', { name: `Stock of ${BOTTLE_SIZE.name}` });
    await expect(stock.getByText(`In stock: ${RECEIVED - BOUGHT} bottles`)).toBeVisible();
    const ledger = stock.getByRole('table', { name: `Stock ledger of ${BOTTLE_SIZE.name}` });
    const sale = ledger.getByRole('row').filter({ hasText: orderNumber });
    await expect(sale).toHaveCount(1);
    await expect(sale.getByRole('cell').nth(2)).toHaveText(`−${BOUGHT}`);
    await expect(sale.getByRole('cell').nth(3)).toHaveText('Sold');
    await expect(sale.getByRole('cell').nth(6)).toHaveText(String(RECEIVED - BOUGHT));
    const received = ledger.getByRole('row').filter({ hasText: 'First delivery from the importer' });
    await expect(received.getByRole('cell').nth(2)).toHaveText(`+${RECEIVED}`);
    // The sizes table agrees, and the magnum was not touched.
    const sizes = page.getByRole('region', { name: 'Sizes' });
    const sizeRow = (name: string) =>
      sizes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
    // Cells after the size's name: SKU, price, compare-at, stock, low-stock threshold.
    await expect(sizeRow(BOTTLE_SIZE.name).getByRole('cell').nth(3)).toHaveText(String(RECEIVED - BOUGHT));
    await expect(sizeRow(MAGNUM.name).getByRole('cell').nth(3)).toHaveText('6');
    await expect(
      page.getByRole('region', { name: `Stock of ${MAGNUM.name}` }).getByText('In stock: 6 bottles'),
    ).toBeVisible();
  });
});
