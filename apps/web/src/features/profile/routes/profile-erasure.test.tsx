import type { ErasureRequest, MyErasure } from '@shop/contract/erasure';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  confirmAge,
  customerSession,
  envelope,
  json,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const MINE = '/users/users/erasure/';
const ASKED_AT = '2026-11-29T05:00:00Z';
const DUE_AT = '2026-12-06T05:00:00Z';

const pending: ErasureRequest = {
  id: '0b6a3a52-1f0e-4a43-9d36-0c1d2e3f4a5b',
  state: 'pending',
  reviews: 'remove',
  channel: 'customer',
  created_at: ASKED_AT,
  due_at: DUE_AT,
  cancelled_at: null,
  erased_at: null,
};

async function openProfile(handlers: Parameters<typeof mockIdentityApi>[0]) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    ...handlers,
  });
  await renderApp('/profile');
  const section = within(await screen.findByRole('region', { name: 'Delete my account' }));
  return { api, section };
}

describe("the profile's Delete my account", () => {
  it('asks with the password and the choice for the reviews, then shows the date and cancels', async () => {
    const user = userEvent.setup();
    let mine: MyErasure = { request: null, waiting_for_order: null, reauth: { method: 'password' } };
    const { api, section } = await openProfile({
      [`GET ${MINE}`]: () => mine,
      [`POST ${MINE}`]: () => {
        mine = { ...mine, request: pending };
        return json(pending, 202);
      },
      [`DELETE ${MINE}`]: () => {
        const cancelled = { ...pending, state: 'cancelled' as const, cancelled_at: '2026-11-29T06:00:00Z' };
        mine = { ...mine, request: cancelled };
        return cancelled;
      },
    });
    await user.click(await section.findByRole('radio', { name: 'Remove my reviews' }));
    await user.type(section.getByLabelText('Your password'), 'correct horse battery staple');
    await user.click(section.getByRole('button', { name: 'Delete my account' }));

    expect(
      await section.findByText(
        `Your account and personal data will be deleted on ${formatKampalaDateTime(DUE_AT)} (asked on ${formatKampalaDateTime(ASKED_AT)}). Your reviews: remove my reviews.`,
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST ${MINE}`).map((request) => request.body)).toEqual([
      { reviews: 'remove', password: 'correct horse battery staple' },
    ]);
    expect(section.queryByText(/once order/)).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Cancel the deletion' }));
    expect(await section.findByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    expect(section.queryByText(/will be deleted on/)).not.toBeInTheDocument();
    expect(api.callsTo(`DELETE ${MINE}`)).toHaveLength(1);
  });

  it('shows a wrong password beside the field and asks nothing more', async () => {
    const user = userEvent.setup();
    const { section } = await openProfile({
      [`GET ${MINE}`]: () => ({ request: null, waiting_for_order: null, reauth: { method: 'password' } }),
      [`POST ${MINE}`]: () =>
        envelope(422, 'validation_failed', 'Please check your input and try again.', [
          { field: 'password', message: 'That password is not right' },
        ]),
    });
    await user.type(await section.findByLabelText('Your password'), 'wrong');
    await user.click(section.getByRole('button', { name: 'Delete my account' }));
    expect(await section.findByText('That password is not right')).toBeInTheDocument();
    expect(section.getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(section.queryByText(/will be deleted on/)).not.toBeInTheDocument();
  });

  it('asks an account without a password for a recent sign-in instead, and shows the refusal', async () => {
    const user = userEvent.setup();
    const until = '2026-11-29T05:10:00Z';
    const { api, section } = await openProfile({
      [`GET ${MINE}`]: () => ({
        request: null,
        waiting_for_order: null,
        reauth: { method: 'recent_sign_in', recent_until: until },
      }),
      [`POST ${MINE}`]: () =>
        envelope(403, 'forbidden', 'For your safety, sign in again (within 10 minutes) before asking'),
    });
    expect(await section.findByText(new RegExp(formatKampalaDateTime(until)))).toBeInTheDocument();
    expect(section.queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Delete my account' }));
    expect(await section.findByRole('alert')).toBeInTheDocument();
    expect(api.callsTo(`POST ${MINE}`).map((request) => request.body)).toEqual([{ reviews: 'anonymise' }]);
  });

  it('shows a request entered by staff, with its date, and the order it waits for', async () => {
    const { section } = await openProfile({
      [`GET ${MINE}`]: () => ({
        request: { ...pending, channel: 'staff' },
        waiting_for_order: 'ORD-20261129-7KQ2M',
        reauth: { method: 'password' },
      }),
    });
    expect(await section.findByText(/personal data will be deleted on/)).toBeInTheDocument();
    expect(
      section.getByText(
        'Your account will be deleted once order ORD-20261129-7KQ2M is delivered or cancelled.',
      ),
    ).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Cancel the deletion' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });
});
