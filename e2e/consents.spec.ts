import { CONSENT_TEXTS } from '@shop/contract/consents';
import { expect, test } from './fixtures';
import { STRONG_PASSWORD, uniqueEmail } from './support/identity/accounts';
import { confirmAgeInAdvance } from './support/identity/age-gate';

// The consent ledger (issue 40) in the production build: the newsletter box ticked at sign-up
// shows in the profile as given through the sign-up form, with its words; withdrawn there, it
// stays withdrawn after a reload, recorded as withdrawn through the consents section.

test('sign up with the newsletter → the profile shows the consent and withdraws it', async ({ page }) => {
  test.setTimeout(60_000);
  await confirmAgeInAdvance(page.context());
  const email = uniqueEmail('achen');
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create your account' });
  await form.getByLabel('Full name').fill('Grace Achen');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await form.getByLabel('Date of birth').fill('1990-05-17');
  await form.getByLabel(CONSENT_TEXTS.newsletter).check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');

  await page.goto('/profile');
  const consents = page.getByRole('region', { name: 'Your consents' });
  await expect(consents.getByText('Newsletter (account): yes')).toBeVisible();
  await expect(consents.getByText(/^Given on .* through the sign-up form\.$/)).toBeVisible();
  await expect(consents.getByText(`“${CONSENT_TEXTS.newsletter}”`)).toBeVisible();

  await consents.getByRole('button', { name: 'Withdraw: Newsletter (account)' }).click();
  await expect(consents.getByText('Newsletter (account): no')).toBeVisible();
  await page.reload();
  await expect(consents.getByText('Newsletter (account): no')).toBeVisible();
  await expect(consents.getByText(/^Withdrawn on .* through your consents\.$/)).toBeVisible();
  // The profile form's box agrees.
  await expect(page.getByLabel(CONSENT_TEXTS.newsletter)).not.toBeChecked();
});
