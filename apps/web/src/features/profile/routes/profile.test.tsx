import { identityMessages } from '@shop/contract/identity';
import { UGANDAN_PHONE_MESSAGE } from '@shop/contract/profile';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  confirmAge,
  customerSession,
  envelope,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';
import { PROFILE_SAVED_MESSAGE } from '../components/profile-form';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

async function openProfile(handlers: Parameters<typeof mockIdentityApi>[0] = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    ...handlers,
  });
  const view = await renderApp('/profile');
  await screen.findByDisplayValue('Amina Nakato');
  return { api, ...view };
}

describe('the profile page', () => {
  it('shows the profile in the form', async () => {
    await openProfile();
    expect(screen.getByLabelText('Full name')).toHaveValue('Amina Nakato');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+256772123456');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-05-17');
    expect(screen.getByLabelText('Area')).toHaveValue('Kololo');
    expect(screen.getByText('amina@example.ug')).toBeInTheDocument();
  });

  it('gives each field its validation message', async () => {
    const { api } = await openProfile();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Full name'));
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '0412 345');
    await user.clear(screen.getByLabelText('Area'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText(UGANDAN_PHONE_MESSAGE)).toBeInTheDocument();
    // The street is still there, so the address needs its area.
    expect(screen.getByText('Please enter the area, e.g. Kololo')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH /users/users/update_profile/')).toHaveLength(0);
  });

  it('refuses a birth date under the minimum age in words for a profile, not for a new account', async () => {
    const { api } = await openProfile();
    const user = userEvent.setup();
    const young = `${new Date().getFullYear() - 15}-01-01`;
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.type(screen.getByLabelText('Date of birth'), young);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(identityMessages.underAgeProfile)).toBeInTheDocument();
    expect(screen.queryByText(/to create an account/)).not.toBeInTheDocument();
    expect(api.callsTo('PATCH /users/users/update_profile/')).toHaveLength(0);
  });

  it('saves only what changed, with the phone normalised, and says so', async () => {
    const { api } = await openProfile({
      'PATCH /users/users/update_profile/': (request) =>
        makeProfile({ ...(request.body as object), phone: '+256701234567', newsletter_opt_in: true }),
    });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '0701 234 567');
    await user.type(screen.getByLabelText('Landmark (optional)'), 'Opposite the mosque');
    await user.click(screen.getByRole('checkbox', { name: /newsletter/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(PROFILE_SAVED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PATCH /users/users/update_profile/')[0]?.body).toEqual({
      phone: '+256701234567',
      default_delivery_address: {
        area: 'Kololo',
        street: 'Acacia Avenue',
        landmark: 'Opposite the mosque',
        notes: null,
      },
      newsletter_opt_in: true,
    });
    await waitFor(() => expect(screen.getByLabelText('Mobile number')).toHaveValue('+256701234567'));
  });

  it('shows the API’s field errors next to the fields', async () => {
    await openProfile({
      'PATCH /users/users/update_profile/': () =>
        envelope(422, 'validation_failed', 'Validation failed', [
          { field: 'default_delivery_address.area', message: 'We do not deliver there yet' },
        ]),
    });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Area'));
    await user.type(screen.getByLabelText('Area'), 'Gulu');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('We do not deliver there yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Area')).toHaveAccessibleDescription('We do not deliver there yet');
  });
});
