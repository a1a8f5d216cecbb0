import {
  type AdminShopSettings,
  DEFAULT_SHOP_SETTINGS,
  refusedOrderFeeLabels,
  settingsMessages,
} from '@shop/contract/settings';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  envelope,
  type FakeHandler,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';
import { ADMINS_ONLY_MESSAGE } from './admin-settings';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const READ = 'GET /admin/settings/';
const SAVE = 'PUT /admin/settings/';

const saved = (overrides: Partial<AdminShopSettings> = {}): AdminShopSettings => ({
  ...DEFAULT_SHOP_SETTINGS,
  version: 3,
  updated_at: '2026-11-26T07:30:00.000Z',
  updated_by: 'Agnes Admin',
  ...overrides,
});

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /settings/': () => DEFAULT_SHOP_SETTINGS,
    ...handlers,
  });
  return renderApp('/admin/settings').then((view) => ({ api, ...view }));
}

describe('/admin/settings', () => {
  it('is for admins only: staff are refused and nothing is read', async () => {
    const { api } = await open('staff', { [READ]: () => saved() });
    expect(await screen.findByText(ADMINS_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(READ)).toHaveLength(0);
  });

  it('changes the opening hours and the free-delivery threshold, sending the version it loaded', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin', {
      [READ]: () => saved(),
      [SAVE]: ({ body }) => ({
        ...(body as object),
        version: 4,
        updated_at: '2026-11-27T08:00:00.000Z',
        updated_by: 'Grace Nansubuga',
      }),
    });
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    expect(within(form).getByText(/Last saved by Agnes Admin on 26 November 2026/)).toBeInTheDocument();

    await user.click(within(form).getByRole('checkbox', { name: 'Open on Sunday' }));
    await user.clear(within(form).getByLabelText('Saturday closes'));
    await user.type(within(form).getByLabelText('Saturday closes'), '22:30');
    const threshold = within(form).getByLabelText('Free delivery from (UGX)');
    await user.clear(threshold);
    await user.type(threshold, '750,000');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved. The shop uses them from now on.')).toBeInTheDocument();
    const sent = api.callsTo(SAVE)[0]?.body as Record<string, unknown> & { opening_hours: { day: string }[] };
    expect(sent).toMatchObject({ version: 3, free_delivery_threshold: 750_000, minimum_age: 21 });
    expect(sent.opening_hours[5]).toEqual({ day: 'saturday', open: true, opens: '09:00', closes: '22:30' });
    expect(sent.opening_hours[6]).toMatchObject({ day: 'sunday', open: false });
  });

  it('sets the fee for an order refused at the door', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin', {
      [READ]: () => saved(),
      [SAVE]: ({ body }) => ({
        ...(body as object),
        version: 4,
        updated_at: '2026-11-27T08:00:00.000Z',
        updated_by: 'Grace Nansubuga',
      }),
    });
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    const fee = within(form).getByRole('group', { name: 'What the customer is charged' });
    expect(within(fee).getByRole('radio', { name: refusedOrderFeeLabels.none })).toBeChecked();
    await user.click(within(fee).getByRole('radio', { name: refusedOrderFeeLabels.delivery_fee }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved. The shop uses them from now on.')).toBeInTheDocument();
    expect(api.callsTo(SAVE)[0]?.body).toMatchObject({ version: 3, refused_order_fee: 'delivery_fee' });
  });

  it('shows the contract’s message under each bad field and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = await open('admin', { [READ]: () => saved() });
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    const age = within(form).getByLabelText('Minimum age (years)');
    await user.clear(age);
    await user.type(age, '17');
    await user.type(within(form).getByLabelText('TIN (VAT registration)'), '123');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));

    expect(await within(form).findByText(settingsMessages.minimumAge)).toBeInTheDocument();
    expect(age).toHaveAccessibleDescription(settingsMessages.minimumAge);
    expect(within(form).getByLabelText('TIN (VAT registration)')).toHaveAccessibleDescription(
      settingsMessages.tin,
    );
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('says who changed the settings when this copy is stale (409)', async () => {
    const user = userEvent.setup();
    const message =
      'Agnes Admin changed the settings on 27 November 2026 at 10:00, after you opened them. Reload to see their changes; yours were not saved.';
    await open('admin', {
      [READ]: () => saved(),
      [SAVE]: () =>
        envelope(409, 'conflict', message, [{ field: 'version', message: settingsMessages.stale }]),
    });
    const form = await screen.findByRole('form', { name: 'Shop settings' });
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });
});
