import { customersAdminMessages } from '@shop/contract/customers-admin';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import {
  createCustomer,
  header,
  STRONG_PASSWORD,
  signInOnPage,
  uniqueEmail,
} from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import {
  acceptInvite,
  createAdminWithCommand,
  inviteStaffOnPage,
  runAdminCommand,
} from './support/staff/people';

// The back office's people (issue 18): an admin made with `npm run admin` while the shop runs
// finds a customer at /admin/customers and disables the account (the customer's open page is
// signed out and sign-in is refused with the reason to call the shop); the admin invites a member
// of staff, who opens the link from the e-mail, chooses a password and reaches the staff desk.

test.describe('back office: customers and staff', () => {
  test.beforeEach(async ({ context }) => {
    await confirmAgeInAdvance(context);
  });

  test('an admin finds a customer and disables the account: the customer is signed out and cannot sign in', async ({
    page,
    browser,
    baseURL,
    consoleGuard,
  }) => {
    test.setTimeout(120_000);
    // The customer's calls after the account is disabled (401), and the refused sign-in (403).
    consoleGuard.allow(/401 \(Unauthorized\)/, /403 \(Forbidden\)/);

    // The customer is signed in, on their account page.
    const customer = await createCustomer(baseURL!, { name: 'Moses Kato', email: uniqueEmail('moses') });
    await page.goto('/login?redirect=%2Faccount');
    await signInOnPage(page, customer.email, customer.password);
    await expect(page).toHaveURL((url) => url.pathname === '/account');

    // The admin, made with `npm run admin` while the shop is running, in another browser.
    const adminAccount = { email: uniqueEmail('owner'), name: 'Grace Nansubuga', password: STRONG_PASSWORD };
    await createAdminWithCommand(baseURL!, adminAccount);
    const adminContext = await browser.newContext();
    await confirmAgeInAdvance(adminContext);
    const desk = await adminContext.newPage();
    await desk.goto(`/login?redirect=${encodeURIComponent('/admin/customers')}`);
    await signInOnPage(desk, adminAccount.email, adminAccount.password);
    await expect(desk).toHaveTitle(pageTitle('admin_customers'));

    await desk.getByLabel('Name, e-mail or phone').fill(customer.email);
    await desk.getByRole('button', { name: 'Search' }).click();
    const table = desk.getByRole('table', { name: 'Customers' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('link', { name: 'Moses Kato' }).click();
    await expect(desk).toHaveTitle(pageTitle('admin_customer_detail'));
    await expect(desk.getByRole('heading', { name: 'Moses Kato' })).toBeVisible();

    const disable = desk.getByRole('form', { name: 'Disable this account' });
    await disable.getByLabel('Reason for disabling').fill('Chargeback fraud');
    await disable.getByRole('button', { name: 'Disable account' }).click();
    await expect(desk.getByText(/This account is disabled since .*: Chargeback fraud\./)).toBeVisible();

    // The customer's open page: its next call finds the session gone; signing in is refused.
    await page.reload();
    await expect(header(page).signIn).toBeVisible();
    await page.goto('/login');
    await signInOnPage(page, customer.email, customer.password);
    await expect(page.getByRole('alert')).toHaveText(customersAdminMessages.accountDisabled);
    await adminContext.close();
  });

  test('an admin invites a member of staff, who chooses a password from the e-mail and reaches the staff desk', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const adminAccount = { email: uniqueEmail('owner'), name: 'Grace Nansubuga', password: STRONG_PASSWORD };
    await createAdminWithCommand(baseURL!, adminAccount);
    const adminContext = await browser.newContext();
    await confirmAgeInAdvance(adminContext);
    const desk = await adminContext.newPage();
    await desk.goto(`/login?redirect=${encodeURIComponent('/admin/staff')}`);
    await signInOnPage(desk, adminAccount.email, adminAccount.password);
    await expect(desk).toHaveTitle(pageTitle('admin_staff'));

    const member = { email: uniqueEmail('joan'), name: 'Joan Akello', role: 'staff' as const };
    await inviteStaffOnPage(desk, member);
    const row = desk.getByRole('row').filter({ hasText: member.email });
    await expect(row).toContainText('Invitation not accepted yet');

    await acceptInvite(page, baseURL!, member.email, 'a passphrase for the shop floor');
    const staffDesk = page.getByRole('region', { name: 'Staff desk' });
    await expect(staffDesk.getByRole('link', { name: /^Orders/ })).toBeVisible();
    await staffDesk.getByRole('link', { name: /^Customers/ }).click();
    await expect(page).toHaveTitle(pageTitle('admin_customers'));

    await desk.reload();
    await expect(desk.getByRole('row').filter({ hasText: member.email })).toContainText('Set');
    await adminContext.close();
  });

  test('an account made with a one-time password chooses its own at the first sign-in', async ({
    page,
    baseURL,
    consoleGuard,
  }) => {
    test.setTimeout(120_000);
    // Until the password is changed, the API refuses the account's other calls (403).
    consoleGuard.allow(/403 \(Forbidden\)/);
    const email = uniqueEmail('manager');
    const created = await runAdminCommand(baseURL!, [
      'create',
      '--email',
      email,
      '--name',
      'Daniel Mugisha',
      '--role',
      'staff',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const oneTime = /One-time password[^\n]*\n\s+(\S+)/.exec(created.stdout)?.[1];
    expect(oneTime).toBeTruthy();

    await page.goto('/login');
    await signInOnPage(page, email, oneTime!);
    await expect(page).toHaveTitle(pageTitle('choose_password'));
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('One-time password').fill(oneTime!);
    await form.getByLabel('New password').fill('my own passphrase for the shop');
    await form.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/account');
    await expect(page.getByRole('region', { name: 'Staff desk' })).toBeVisible();
  });
});
