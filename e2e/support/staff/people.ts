import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { signInOnPage } from '../identity/accounts';
import { resetLinkIn, waitForMail } from '../identity/mailbox';

/**
 * Helpers for the back office's people (issue 18): `npm run admin` against the running e2e
 * server, inviting a member of staff at /admin/staff, and accepting the invitation from the
 * e-mail. Other journeys reuse them.
 */

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Runs `npm run admin -- <args>` (the script itself, as npm would) while the e2e server is running
 * on its data directory: the command finds that server's embedded database by itself.
 */
export function runAdminCommand(
  baseURL: string,
  args: string[],
  stdin = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const port = new URL(baseURL).port;
  const dataDir = fs.readFileSync(path.join(os.tmpdir(), `shop-e2e-${port}.data-dir`), 'utf8').trim();
  const { DATABASE_URL: _unused, ...env } = process.env;
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps', 'api', 'src', 'scripts', 'admin.ts'), ...args],
      {
        cwd: path.join(repoRoot, 'apps', 'api'),
        env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', PUBLIC_URL: baseURL },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdin.end(stdin);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Makes an admin account with `npm run admin -- create … --password-stdin` on the running shop. */
export async function createAdminWithCommand(
  baseURL: string,
  account: { email: string; name: string; password: string },
): Promise<void> {
  const result = await runAdminCommand(
    baseURL,
    ['create', '--email', account.email, '--name', account.name, '--role', 'admin', '--password-stdin'],
    `${account.password}\n`,
  );
  expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
  expect(result.stdout).toContain(`Created admin account ${account.email}`);
}

/** On /admin/staff (signed in as an admin): invites `email` with the role, and waits for the notice. */
export async function inviteStaffOnPage(
  page: Page,
  member: { email: string; name: string; role?: 'staff' | 'admin' },
): Promise<void> {
  if (new URL(page.url()).pathname !== '/admin/staff') await page.goto('/admin/staff');
  const form = page.getByRole('form', { name: 'Invite a member of staff' });
  await form.getByLabel('E-mail address').fill(member.email);
  await form.getByLabel('Name').fill(member.name);
  await form.getByLabel('Role').selectOption(member.role ?? 'staff');
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(form.getByRole('status')).toContainText(
    `${member.email} is invited as ${member.role ?? 'staff'}`,
  );
}

/**
 * The invited member of staff, in their own page: opens the link of the invitation e-mail,
 * chooses `password`, signs in and lands on their account (with the staff desk).
 */
export async function acceptInvite(
  page: Page,
  baseURL: string,
  email: string,
  password: string,
): Promise<void> {
  const mail = await waitForMail(email, /^Subject: You are invited to the Kampala Cellars staff desk/m);
  await page.goto(resetLinkIn(mail, baseURL));
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await form.getByLabel('New password').fill(password);
  await form.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('reset') === 'done',
  );
  await signInOnPage(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === '/account');
}
