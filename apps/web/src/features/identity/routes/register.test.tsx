import { identityMessages, PASSWORD_POLICY, underAgeMessage } from '@shop/contract/identity';
import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings-values';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  anonymousSession,
  confirmAge,
  customerSession,
  envelope,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';
import { SIGN_IN_AFTER_SIGN_UP_FAILED } from '../components/register-form';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

/** A date of birth `years` years ago (give or take `days`), as YYYY-MM-DD. */
function bornYearsAgo(years: number, days = 0): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function rule(text: RegExp) {
  const rules = screen.getByRole('list', { name: 'Password rules' });
  return within(rules)
    .getAllByRole('listitem')
    .find((item) => text.test(item.textContent ?? '')) as HTMLElement;
}

async function fillIn(values: { name?: string; email?: string; password?: string; dateOfBirth?: string }) {
  const user = userEvent.setup();
  if (values.name) await user.type(screen.getByLabelText('Full name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('E-mail address'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.dateOfBirth)
    fireEvent.input(screen.getByLabelText('Date of birth'), { target: { value: values.dateOfBirth } });
  return user;
}

describe('the register page', () => {
  it('shows the password rules fetched from /password-policy and checks them as the customer types', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /auth/password-policy': () => ({
        ...PASSWORD_POLICY,
        min_length: 10,
        rules: [
          'At least 10 characters',
          'At most 128 characters',
          'Not a commonly used password',
          'Spaces welcome',
        ],
      }),
    });
    const user = userEvent.setup();
    await renderApp('/register');
    await waitFor(() => expect(rule(/At least 10 characters/)).toBeDefined());
    // An empty field has failed nothing yet: no rule is marked, nor said to be "not yet" met.
    expect(rule(/At least 10/)).toHaveAttribute('data-state', 'todo');
    expect(rule(/At least 10/)).toHaveTextContent(/^At least 10 characters$/);
    expect(rule(/At most 128/)).toHaveAttribute('data-state', 'todo');
    expect(rule(/commonly used/)).toHaveAttribute('data-state', 'server');
    expect(rule(/commonly used/)).toHaveTextContent('checked when you submit');
    expect(rule(/Spaces welcome/)).toHaveAttribute('data-state', 'info');

    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('At least 10 characters'));
    await user.type(password, 'short one');
    expect(rule(/At least 10/)).toHaveAttribute('data-state', 'unmet');
    expect(rule(/At least 10/)).toHaveTextContent('(not yet)');
    expect(rule(/At most 128/)).toHaveAttribute('data-state', 'met');
    await user.type(password, 's');
    expect(rule(/At least 10/)).toHaveAttribute('data-state', 'met');
    expect(rule(/At least 10/)).toHaveTextContent('(done)');
  });

  it('holds the date of birth to the shop’s minimum age setting (25 here)', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /settings/': () => ({ ...DEFAULT_SHOP_SETTINGS, minimum_age: 25 }),
    });
    await renderApp('/register');
    expect(await screen.findByText('You must be 25 or older to buy from us.')).toBeInTheDocument();
    const user = await fillIn({
      name: 'Young Visitor',
      email: 'young@example.ug',
      password: 'correct horse battery staple',
      dateOfBirth: bornYearsAgo(23),
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(underAgeMessage(25))).toBeInTheDocument();
    expect(api.callsTo('POST /auth/sign-up/email')).toHaveLength(0);
  });

  it('refuses a customer under 21 with a clear message, without calling the API', async () => {
    const api = mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
    await renderApp('/register');
    const user = await fillIn({
      name: 'Young Visitor',
      email: 'young@example.ug',
      password: 'correct horse battery staple',
      dateOfBirth: bornYearsAgo(21, 2),
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const field = screen.getByLabelText('Date of birth');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining(identityMessages.underAge)),
    );
    expect(screen.getByText(identityMessages.underAge)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /auth/sign-up/email')).toHaveLength(0);
  });

  it('shows the API’s field errors next to their fields', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/sign-up/email': () =>
        envelope(422, 'validation_failed', 'Validation failed', [
          { field: 'password', message: identityMessages.passwordCommon },
        ]),
    });
    await renderApp('/register');
    const user = await fillIn({
      name: 'Amina Nakato',
      email: 'amina@example.ug',
      password: 'password123',
      dateOfBirth: '1990-05-17',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(identityMessages.passwordCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining(identityMessages.passwordCommon),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please check your input and try again.');
  });

  it('signs up, then signs in, then lands on the remembered destination', async () => {
    let session: unknown = anonymousSession();
    const api = mockIdentityApi({
      'GET /auth/get-session': () => session,
      'POST /auth/sign-up/email': () => ({
        token: null,
        user: { id: 'user-1', name: 'Amina', email: 'amina@example.ug' },
      }),
      'POST /auth/sign-in/email': () => {
        session = customerSession();
        return { redirect: false, token: 't', user: customerSession().user };
      },
    });
    const { router } = await renderApp('/register?redirect=/wishlist');
    const user = await fillIn({
      name: 'Amina Nakato',
      email: 'Amina@Example.ug',
      password: 'correct horse battery staple',
      dateOfBirth: '1990-05-17',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wishlist'));
    expect(api.callsTo('POST /auth/sign-up/email')[0]?.body).toEqual({
      name: 'Amina Nakato',
      email: 'amina@example.ug',
      password: 'correct horse battery staple',
      date_of_birth: '1990-05-17',
      newsletter_opt_in: false,
    });
    expect(api.callsTo('POST /auth/sign-in/email')[0]?.body).toEqual({
      email: 'amina@example.ug',
      password: 'correct horse battery staple',
    });
  });

  it('explains when the sign-in after sign-up fails (an address that already has an account)', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'POST /auth/sign-up/email': () => ({
        token: null,
        user: { id: 'x', name: 'A', email: 'a@example.ug' },
      }),
      'POST /auth/sign-in/email': () => envelope(401, 'unauthorized', 'Invalid email or password'),
    });
    const { router } = await renderApp('/register');
    const user = await fillIn({
      name: 'Amina Nakato',
      email: 'amina@example.ug',
      password: 'correct horse battery staple',
      dateOfBirth: '1990-05-17',
    });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_AFTER_SIGN_UP_FAILED);
    expect(router.state.location.pathname).toBe('/register');
  });
});
