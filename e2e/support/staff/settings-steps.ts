import { expect, type Page } from '@playwright/test';
import { AUDIT_KIND_LABELS, type AuditKind } from '@shop/contract/audit';
import { createCustomer, signInOnPage, uniqueEmail } from '../identity/accounts';
import { makeStaff } from './staff';

/**
 * Steps of the back office's settings and audit pages, for journeys to reuse: sign in with a role,
 * change the opening hours and the free-delivery threshold, save, and find an audit entry.
 */

/** Signs a new account with `role` in on `page`, landing on `path`. */
export async function signInAs(
  page: Page,
  baseURL: string,
  role: 'staff' | 'admin',
  path: string,
  name: string,
) {
  const account = await createCustomer(baseURL, { name, email: uniqueEmail(role) });
  await makeStaff(baseURL, account.email, role);
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  await signInOnPage(page, account.email, account.password);
  return account;
}

/** On /admin/settings: closes the shop on `day` (e.g. "Sunday"), or opens it from `opens` to `closes`. */
export async function changeOpeningHoursOnPage(
  page: Page,
  day: string,
  hours: { open: false } | { open: true; opens: string; closes: string },
) {
  const form = page.getByRole('form', { name: 'Shop settings' });
  const open = form.getByRole('checkbox', { name: `Open on ${day}` });
  if (hours.open) {
    await open.check();
    await form.getByLabel(`${day} opens`).fill(hours.opens);
    await form.getByLabel(`${day} closes`).fill(hours.closes);
  } else {
    await open.uncheck();
  }
}

/** On /admin/settings: the amount from which delivery is free. */
export async function changeFreeDeliveryThresholdOnPage(page: Page, amount: number) {
  await page
    .getByRole('form', { name: 'Shop settings' })
    .getByLabel('Free delivery from (UGX)')
    .fill(String(amount));
}

export async function saveSettingsOnPage(page: Page) {
  const form = page.getByRole('form', { name: 'Shop settings' });
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Settings saved. The shop uses them from now on.')).toBeVisible();
}

/**
 * On /admin/audit: the newest entry of `kind` by `actor` shows each of `changes`
 * ("free delivery threshold: 1,000,000 → 750,000").
 */
export async function expectAuditEntry(
  page: Page,
  entry: { kind: AuditKind; actor: string; changes: string[] },
) {
  const row = page
    .getByRole('table', { name: 'Audit trail' })
    .getByRole('row')
    .filter({ hasText: AUDIT_KIND_LABELS[entry.kind] })
    .filter({ hasText: entry.actor })
    .first();
  await expect(row).toBeVisible();
  const changes = row.getByRole('list', { name: 'Changes' });
  for (const change of entry.changes) await expect(changes).toContainText(change);
}
