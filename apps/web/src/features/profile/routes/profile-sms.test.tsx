import type { SmsSettings } from '@shop/contract/sms';
import { screen, within } from '@testing-library/react';
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
import {
  CODE_HELD_MESSAGE,
  PHONE_VERIFIED_MESSAGE,
  SMS_CHOICES_SAVED_MESSAGE,
} from '../components/sms-settings';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const unverified: SmsSettings = {
  verified_phone: null,
  phone_verified_at: null,
  preferences: { order_updates: true, event_updates: true, marketing: false },
  sms_enabled: true,
};

async function openProfile(handlers: Parameters<typeof mockIdentityApi>[0] = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    'GET /sms/settings/': () => unverified,
    ...handlers,
  });
  const view = await renderApp('/profile');
  await screen.findByRole('group', { name: 'Send me by SMS' });
  return { api, ...view };
}

describe("the profile's SMS section", () => {
  it('verifies the phone with the code from the SMS and shows the badge', async () => {
    const user = userEvent.setup();
    let settings = unverified;
    const { api } = await openProfile({
      'GET /sms/settings/': () => settings,
      'POST /sms/phone/code/': () => ({ phone: '+256772123456', expires_in_minutes: 10, delivery: 'sms' }),
      'POST /sms/phone/verify/': (request) => {
        const body = request.body as { code: string };
        if (body.code !== '123456') {
          return envelope(422, 'validation_failed', 'Please check your input and try again.', [
            { field: 'code', message: 'That code is not right. Check the SMS and try again.' },
          ]);
        }
        settings = {
          ...unverified,
          verified_phone: '+256772123456',
          phone_verified_at: '2026-11-27T10:00:00Z',
        };
        return settings;
      },
    });
    expect(await screen.findByText(/No phone is verified yet/)).toBeInTheDocument();
    const phone = screen.getByLabelText('Phone for SMS');
    await user.type(phone, '0772 123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to \+256772123456/)).toBeInTheDocument();
    expect(api.callsTo('POST /sms/phone/code/')[0]?.body).toEqual({ phone: '0772 123456' });

    await user.type(screen.getByLabelText('Code from the SMS'), '12');
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(await screen.findByText('Enter the 6-digit code from the SMS')).toBeInTheDocument();
    expect(api.callsTo('POST /sms/phone/verify/')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Code from the SMS'));
    await user.type(screen.getByLabelText('Code from the SMS'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(
      await screen.findByText('That code is not right. Check the SMS and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the SMS')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Code from the SMS'));
    await user.type(screen.getByLabelText('Code from the SMS'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(await screen.findByText(PHONE_VERIFIED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from the SMS')).not.toBeInTheDocument();
  });

  it('says a wrong number in words and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = await openProfile();
    await user.type(screen.getByLabelText('Phone for SMS'), '0412 345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/Enter a Ugandan mobile number/)).toBeInTheDocument();
    expect(api.callsTo('POST /sms/phone/code/')).toHaveLength(0);
  });

  it('shows the rate limit in words', async () => {
    const user = userEvent.setup();
    await openProfile({
      'POST /sms/phone/code/': () =>
        envelope(
          429,
          'rate_limited',
          '3 codes were sent to this number in the last hour. Please try again later.',
        ),
    });
    await user.type(screen.getByLabelText('Phone for SMS'), '0772 123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/3 codes were sent to this number/)).toBeInTheDocument();
  });

  it('saves the SMS choices (offers off by default)', async () => {
    const user = userEvent.setup();
    const { api } = await openProfile({
      'PATCH /sms/settings/': (request) => ({
        ...unverified,
        preferences: { ...unverified.preferences, ...(request.body as object) },
      }),
    });
    const choices = screen.getByRole('group', { name: 'Send me by SMS' });
    const offers = within(choices).getByRole('checkbox', { name: 'Offers and news' });
    expect(offers).not.toBeChecked();
    expect(within(choices).getByRole('checkbox', { name: /Order, payment/ })).toBeChecked();
    await user.click(offers);
    await user.click(within(choices).getByRole('checkbox', { name: /Order, payment/ }));
    await user.click(screen.getByRole('button', { name: 'Save SMS choices' }));
    expect(await screen.findByText(SMS_CHOICES_SAVED_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PATCH /sms/settings/')[0]?.body).toEqual({
      order_updates: false,
      event_updates: true,
      marketing: true,
    });
  });

  it('does not pretend a code was sent when the shop sends no SMS', async () => {
    const user = userEvent.setup();
    await openProfile({
      'GET /sms/settings/': () => ({ ...unverified, sms_enabled: false }),
      'POST /sms/phone/code/': () => ({ phone: '+256772123456', expires_in_minutes: 10, delivery: 'held' }),
    });
    expect(screen.getByText(/The shop is not sending SMS at the moment: messages wait/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone for SMS'), '0772 123456');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(`${CODE_HELD_MESSAGE} It expires in 10 minutes.`)).toBeInTheDocument();
    expect(screen.queryByText(/We sent a 6-digit code/)).not.toBeInTheDocument();
  });
});
