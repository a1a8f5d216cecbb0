import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, header, signInOnPage, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// Events and RSVPs (issue 8) against the production build and its demo events (seeded on first
// start beside the demo cellar): a free evening booked, its ticket shown and cancelled; a paid
// one held, paid on the sandbox's phone page, and confirmed with its ticket.

const FREE_EVENT = { slug: 'rose-sundowner-on-the-terrace', title: 'Rosé Sundowner on the Terrace' };
const PAID_EVENT = {
  slug: 'bordeaux-and-the-cape-left-bank-tasting',
  title: 'Bordeaux & the Cape: a Left Bank Tasting',
};

/** Signs a new customer in, coming back to `path`. */
async function signInTo(page: Page, baseURL: string, path: string) {
  const customer = await createCustomer(baseURL, { name: 'Amina Nakato', email: uniqueEmail('guest') });
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInOnPage(page, customer.email, customer.password);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(header(page).signOut).toBeVisible();
  return customer;
}

test.describe('events and RSVPs', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('RSVP to a free event → ticket shown (and in the account) → cancel', async ({ page, baseURL }) => {
    // Open the event from the list, as a visitor: asked to sign in.
    await page.goto('/events');
    await expect(page).toHaveTitle(pageTitle('events'));
    const card = page.getByRole('article', { name: FREE_EVENT.title });
    await expect(card.locator('span', { hasText: /^Free$/ })).toBeVisible();
    await expect(card.getByText(/\d+ seats left/)).toBeVisible();
    await card.getByRole('link', { name: FREE_EVENT.title }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/events/${FREE_EVENT.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FREE_EVENT.title);
    await expect(page.getByRole('link', { name: 'Sign in to RSVP' })).toBeVisible();

    await signInTo(page, baseURL!, `/events/${FREE_EVENT.slug}`);
    const form = page.getByRole('form', { name: 'RSVP' });
    await form.getByLabel('Guests (yourself included)').selectOption('2');
    await form.getByLabel("Guest 2's name (optional)").fill('Brian Okello');
    await form.getByLabel('Dietary needs (optional)').fill('Vegetarian');
    await form.getByRole('button', { name: 'RSVP' }).click();

    const ticket = page.getByRole('region', { name: 'Your ticket' });
    await expect(ticket).toBeVisible();
    const code = (await ticket.getByTestId('ticket-code').textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const qr = ticket.getByRole('img', { name: `QR code of ticket ${code}` });
    await expect(qr).toBeVisible();
    // The QR code really loaded (an SVG of the shop's), and the calendar file is one. Visible is
    // not loaded: the picture is waited for (the server loads its QR library with the first one).
    await expect
      .poll(() => qr.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const calendar = await page.request.get(
      (await ticket.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!,
    );
    expect(calendar.headers()['content-type']).toContain('text/calendar');
    // Unfolded (long .ics lines are folded at 75 octets).
    expect((await calendar.text()).replace(/\r\n /g, '')).toContain(`Ticket: ${code}`);

    // Still there after a reload, and listed in the account.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your ticket' }).getByTestId('ticket-code')).toHaveText(
      code,
    );
    await page.goto('/account');
    const mine = page.getByRole('list', { name: 'Your RSVPs' });
    await expect(mine.getByRole('listitem').filter({ hasText: FREE_EVENT.title })).toContainText(code);
    await mine.getByRole('link', { name: FREE_EVENT.title }).click();

    // Cancel: the seats go back, the form returns.
    await page.getByRole('button', { name: 'Cancel RSVP' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my RSVP' }).click();
    await expect(page.getByText('You cancelled this RSVP. You can RSVP again below.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'RSVP' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your ticket' })).toHaveCount(0);
  });

  test('RSVP to a paid event → pay on the sandbox → confirmed with a ticket', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signInTo(page, baseURL!, `/events/${PAID_EVENT.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAID_EVENT.title);
    const form = page.getByRole('form', { name: 'RSVP' });
    await form.getByLabel('Guests (yourself included)').selectOption('2');
    await expect(form).toContainText('Total: Shs 300,000');
    await form.getByRole('button', { name: 'Reserve seats' }).click();

    // The seats are held while the customer pays.
    await expect(page.getByText('Awaiting payment')).toBeVisible();
    const pay = page.getByRole('form', { name: 'Pay by mobile money' });
    await pay.getByRole('radio', { name: 'MTN Mobile Money' }).check();
    await pay.getByLabel('Paying mobile number').fill('0772 123456');
    await pay.getByRole('button', { name: 'Pay Shs 300,000' }).click();
    await expect(
      page.getByText('Check your phone and enter your MTN MoMo PIN to approve the payment.'),
    ).toBeVisible();

    // The sandbox stands in for the phone.
    await page.getByRole('link', { name: 'Open the sandbox phone' }).click();
    await expect(page).toHaveTitle(pageTitle('sandbox_pay'));
    const prompt = page.getByRole('form', { name: 'Payment request' });
    await expect(prompt).toContainText('Kampala Cellars requests Shs 300,000');
    await prompt.getByLabel('Enter your PIN to approve').fill('24680');
    await prompt.getByRole('button', { name: 'Approve payment' }).click();
    // The return page verifies the payment and goes on by itself to the event, with the ticket.
    const eventId = (await (await page.request.get(`/api/v1/events/events/${PAID_EVENT.slug}/`)).json()).id;
    await expect(page).toHaveURL((url) => url.pathname === `/events/${eventId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAID_EVENT.title);
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
    const ticket = page.getByRole('region', { name: 'Your ticket' });
    await expect(ticket.getByTestId('ticket-code')).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const paidCode = (await ticket.getByTestId('ticket-code').textContent())!.trim();
    await expect(ticket.getByRole('img', { name: `QR code of ticket ${paidCode}` })).toBeVisible();
    await expect(ticket.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      /calendar\.ics$/,
    );
    await expect(
      page.getByText('Paid tickets are cancelled by phone: call us and we arrange the refund.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel RSVP' })).toHaveCount(0);

    const status = await page.request.get(
      `/api/v1/payments/transactions/event_payment_status/?event_id=${eventId}`,
    );
    expect(await status.json()).toMatchObject({ paid: true, amount_paid: 300_000, rsvp_status: 'confirmed' });
  });
});
