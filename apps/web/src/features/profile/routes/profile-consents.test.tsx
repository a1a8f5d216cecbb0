import { CONSENT_TEXTS, type Consent, type ConsentsResponse } from '@shop/contract/consents';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { screen, waitFor, within } from '@testing-library/react';
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
import { CONFIRM_BY_EMAIL_MESSAGE } from '../components/consents-section';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const GIVEN_AT = '2026-11-20T07:30:00Z';
const OLD_WORDS = 'Send me the newsletter (an older wording).';

function consent(overrides: Partial<Consent> & Pick<Consent, 'purpose'>): Consent {
  return {
    granted: false,
    pending: false,
    text: CONSENT_TEXTS[overrides.purpose],
    last_change: null,
    ...overrides,
  };
}

const initial: ConsentsResponse = {
  consents: [
    consent({
      purpose: 'newsletter',
      granted: true,
      last_change: { action: 'given', source: 'sign_up_form', shown_text: OLD_WORDS, at: GIVEN_AT },
    }),
    consent({ purpose: 'newsletter_email' }),
    consent({ purpose: 'sms_order_updates', granted: true }),
    consent({ purpose: 'sms_event_updates', granted: true }),
    consent({ purpose: 'sms_marketing' }),
  ],
};

async function openProfile(handlers: Parameters<typeof mockIdentityApi>[0] = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    'GET /users/users/consents/': () => initial,
    ...handlers,
  });
  await renderApp('/profile');
  const section = within(await screen.findByRole('region', { name: 'Your consents' }));
  await section.findByText(/Newsletter \(account\): yes/);
  return { api, section };
}

describe("the profile's consents", () => {
  it('shows each consent with the words agreed to and when and how', async () => {
    const { section } = await openProfile();
    expect(section.getByText(`“${OLD_WORDS}”`)).toBeInTheDocument();
    expect(
      section.getByText(`Given on ${formatKampalaDateTime(GIVEN_AT)} through the sign-up form.`),
    ).toBeInTheDocument();
    expect(section.getByText('SMS: offers and news: no')).toBeInTheDocument();
    expect(section.getAllByText('On by default.')).toHaveLength(2);
    expect(section.getByText(`“${CONSENT_TEXTS.sms_marketing}”`)).toBeInTheDocument();
  });

  it('withdraws a consent and shows the recorded withdrawal', async () => {
    const user = userEvent.setup();
    const withdrawn: ConsentsResponse = {
      consents: initial.consents.map((item) =>
        item.purpose === 'newsletter'
          ? {
              ...item,
              granted: false,
              last_change: {
                action: 'withdrawn',
                source: 'consents_section',
                shown_text: CONSENT_TEXTS.newsletter,
                at: '2026-11-29T06:00:00Z',
              },
            }
          : item,
      ),
    };
    let profile = makeProfile({ newsletter_opt_in: true });
    let consents = initial;
    const { api, section } = await openProfile({
      'GET /users/users/profile/': () => profile,
      'GET /users/users/consents/': () => consents,
      'PUT /users/users/consents/': () => {
        profile = { ...profile, newsletter_opt_in: false };
        consents = withdrawn;
        return withdrawn;
      },
    });
    expect(screen.getByLabelText(CONSENT_TEXTS.newsletter)).toBeChecked();
    await user.click(section.getByRole('button', { name: 'Withdraw: Newsletter (account)' }));
    expect(await section.findByText('Newsletter (account): no')).toBeInTheDocument();
    expect(
      section.getByText(
        `Withdrawn on ${formatKampalaDateTime('2026-11-29T06:00:00Z')} through your consents.`,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /users/users/consents/').map((call) => call.body)).toEqual([
      { purpose: 'newsletter', granted: false },
    ]);
    // The profile form's box follows, so saving the form cannot give the consent back.
    await waitFor(() => expect(screen.getByLabelText(CONSENT_TEXTS.newsletter)).not.toBeChecked());
  });

  it("gives an SMS consent and the SMS section's box follows", async () => {
    const user = userEvent.setup();
    let preferences = { order_updates: true, event_updates: true, marketing: false };
    const given: ConsentsResponse = {
      consents: initial.consents.map((item) =>
        item.purpose === 'sms_marketing' ? { ...item, granted: true } : item,
      ),
    };
    const { section } = await openProfile({
      'GET /sms/settings/': () => ({
        verified_phone: '+256772123456',
        phone_verified_at: '2026-11-27T10:00:00Z',
        preferences,
        sms_enabled: true,
      }),
      'PUT /users/users/consents/': () => {
        preferences = { ...preferences, marketing: true };
        return given;
      },
    });
    const sms = within(await screen.findByRole('group', { name: 'Send me by SMS' }));
    expect(sms.getByLabelText('Offers and news')).not.toBeChecked();
    await user.click(section.getByRole('button', { name: 'Give: SMS: offers and news' }));
    expect(await section.findByText('SMS: offers and news: yes')).toBeInTheDocument();
    await waitFor(() => expect(sms.getByLabelText('Offers and news')).toBeChecked());
  });

  it('says the newsletter to the address waits for the e-mailed confirmation', async () => {
    const user = userEvent.setup();
    const pending: ConsentsResponse = {
      consents: initial.consents.map((item) =>
        item.purpose === 'newsletter_email' ? { ...item, pending: true } : item,
      ),
    };
    const { section } = await openProfile({ 'PUT /users/users/consents/': () => pending });
    await user.click(
      section.getByRole('button', { name: 'Give: Newsletter to this address (confirmed by e-mail)' }),
    );
    expect(await section.findByText(CONFIRM_BY_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(
      section.getByText('Newsletter to this address (confirmed by e-mail): waiting for your confirmation'),
    ).toBeInTheDocument();
  });

  it('says why a change failed and keeps the consent as it was', async () => {
    const user = userEvent.setup();
    const { section } = await openProfile({
      'PUT /users/users/consents/': () => envelope(503, 'unavailable', 'The shop is busy. Try again.'),
    });
    await user.click(section.getByRole('button', { name: 'Give: SMS: offers and news' }));
    expect(await section.findByText(/busy|try again/i)).toBeInTheDocument();
    expect(section.getByText('SMS: offers and news: no')).toBeInTheDocument();
  });
});
