import { type APIRequestContext, type BrowserContext, expect, type Page, request } from '@playwright/test';

/** Customers for the identity journeys: made through the API or the pages, ended on the server. */

export const STRONG_PASSWORD = 'correct horse battery staple';
export const ADULT_BIRTH_DATE = '1990-05-17';

let counter = 0;

/** An address nobody has used yet in this run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@example.ug`;
}

/** POST/PATCH/DELETE with the CSRF pair and the Origin header, as the storefront sends them. */
async function csrfHeaders(api: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  const answer = await api.get('/api/v1/auth/csrf');
  expect(answer.ok()).toBe(true);
  const { csrf_token } = (await answer.json()) as { csrf_token: string };
  return { 'X-CSRF-Token': csrf_token, Origin: baseURL };
}

/** Registers a customer through the API (its own request context, not the browser's). */
export async function createCustomer(
  baseURL: string,
  { name = 'Amina Nakato', email = uniqueEmail('amina'), password = STRONG_PASSWORD } = {},
): Promise<{ name: string; email: string; password: string }> {
  const api = await request.newContext({ baseURL });
  try {
    const headers = await csrfHeaders(api, baseURL);
    const answer = await api.post('/api/v1/auth/sign-up/email', {
      headers,
      data: { name, email, password, date_of_birth: ADULT_BIRTH_DATE },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return { name, email, password };
}

/**
 * Ends the browser's session on the server (as an expiry would), from another client holding the
 * same cookies, so that the browser keeps its now dead cookie and finds out by itself.
 */
export async function endSessionOnServer(context: BrowserContext, baseURL: string): Promise<void> {
  const cookies = await context.cookies(baseURL);
  const api = await request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
  });
  try {
    const csrf = cookies.find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
    const answer = await api.post('/api/v1/auth/sign-out', {
      headers: { 'X-CSRF-Token': csrf, Origin: baseURL },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    const session = await api.get('/api/v1/auth/get-session');
    expect(await session.json()).toBeNull();
  } finally {
    await api.dispose();
  }
}

/** Signs in on the login page that is open. */
export async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in with e-mail' });
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** The header's account controls (desktop width). */
export function header(page: Page) {
  const banner = page.getByRole('banner');
  return {
    signIn: banner.getByRole('link', { name: 'Sign In' }),
    account: banner.getByRole('link', { name: 'Account' }),
    signOut: banner.getByRole('button', { name: 'Sign Out' }),
  };
}
