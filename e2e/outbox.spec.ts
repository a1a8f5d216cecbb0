import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { pageTitle } from './routes';
import { createCustomer, signInOnPage } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';
import { makeStaff } from './support/staff/staff';

// `npm start` without SMTP_URL (issue 22): the start-up log says so, a customer asking for a reset
// link is not sent to their inbox, and a staff member finds the e-mail in the outbox and follows
// its link to the reset page. A second server of its own, without the e2e mail server.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

let server: ChildProcess | undefined;
let shop = '';
let output = '';

test.beforeAll(async () => {
  // The production build with its own embedded database: slower than one test's default.
  test.setTimeout(150_000);
  const port = await freePort();
  shop = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [fileURLToPath(new URL('./serve.mjs', import.meta.url))], {
    env: { ...process.env, PORT: String(port), E2E_SMTP: 'off', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 140_000;
  for (;;) {
    const ready = await fetch(`${shop}/api/v1/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`The shop did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('without SMTP_URL: warned at start-up, the reset e-mail waits in the outbox and its link works', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  expect(output).toContain('E-MAIL IS NOT BEING SENT: SMTP_URL is not set.');
  expect(output).toContain('/admin/outbox');

  // A customer who forgot their password is told the truth: nothing arrives in the inbox.
  const customer = await createCustomer(shop, { name: 'Amina Nakato' });
  await confirmAgeInAdvance(page.context());
  await page.goto(`${shop}/login?mode=forgot`);
  const forgot = page.getByRole('form', { name: 'Reset your password' });
  await expect(forgot).toContainText('we will prepare a link');
  await forgot.getByLabel('E-mail address').fill(customer.email);
  await forgot.getByRole('button', { name: 'Send the reset link' }).click();
  const answer = page.getByText('Our e-mail is not being sent at the moment');
  await expect(answer).toBeVisible();
  await expect(answer).not.toContainText(/check your email/i);

  // A staff member, in a browser of their own, is warned on the desk and opens the outbox.
  const staffContext = await browser.newContext();
  await confirmAgeInAdvance(staffContext);
  const desk = await staffContext.newPage();
  const staffAccount = await createCustomer(shop, { name: 'Grace Nansubuga' });
  await makeStaff(shop, staffAccount.email);
  await desk.goto(`${shop}/login?redirect=${encodeURIComponent('/account')}`);
  await signInOnPage(desk, staffAccount.email, staffAccount.password);
  await expect(desk).toHaveTitle(pageTitle('account'));
  const banner = desk
    .getByRole('alert')
    .filter({ hasText: 'E-mail is not being sent: SMTP_URL is not set.' });
  await expect(banner).toContainText("Customers' e-mails wait in the outbox.");
  await banner.getByRole('link', { name: /^Open the outbox/ }).click();
  await expect(desk).toHaveTitle(pageTitle('admin_outbox'));

  const row = desk.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toContainText('Password link');
  await expect(row).toContainText('Not sent');
  await row.getByRole('button', { name: 'Reset your Kampala Cellars password' }).click();
  const mail = desk.getByRole('article', { name: 'Reset your Kampala Cellars password' });
  await expect(
    mail.frameLocator('iframe').getByRole('link', { name: 'Choose a new password' }),
  ).toBeVisible();

  // Its link opens the reset page, where the customer's new password takes.
  await mail
    .getByRole('region', { name: 'Links in this e-mail' })
    .getByRole('link', { name: /reset-password/ })
    .click();
  await expect(desk).toHaveTitle(pageTitle('reset_password'));
  const reset = desk.getByRole('form', { name: 'Choose a new password' });
  await reset.getByLabel('New password').fill('a brand new passphrase');
  await reset.getByRole('button', { name: 'Save the new password' }).click();
  await expect(desk).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('reset') === 'done',
  );
  await staffContext.close();
});
