import type { AdminDiscountCode } from '@shop/contract/discounts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
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

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const LIST = 'GET /admin/discount-codes/';
const CREATE = 'POST /admin/discount-codes/';
const CATEGORIES = 'GET /admin/catalog/categories/';

function code(overrides: Partial<AdminDiscountCode>): AdminDiscountCode {
  return {
    id: 1,
    code: 'CHEERS10',
    description: 'December flyer',
    kind: 'percentage',
    value: 10,
    label: '10 % off',
    minimum_order: 200_000,
    starts_at: null,
    ends_at: '2026-12-31T20:59:00.000Z',
    max_uses: 100,
    max_uses_per_customer: 1,
    uses: 7,
    status: 'active',
    categories: [],
    created_at: '2026-11-25T08:00:00.000Z',
    updated_at: '2026-11-25T08:00:00.000Z',
    ...overrides,
  };
}

const category = (id: number, name: string) => ({
  id,
  slug: name.toLowerCase(),
  name,
  description: null,
  image: null,
  sort_order: id,
  is_active: true,
  product_count: 3,
  listed_count: 3,
});

function open(role: string, handlers: Record<string, FakeHandler> = {}) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    [CATEGORIES]: () => ({ results: [category(3, 'Whisky'), category(4, 'Gin')] }),
    ...handlers,
  });
  return renderApp('/admin/discounts').then((view) => ({ api, ...view }));
}

describe('/admin/discounts', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('lists the codes with their discount, minimum, period, uses and status', async () => {
    await open('staff', {
      [LIST]: () =>
        makePage(
          [
            code({}),
            code({
              id: 2,
              code: 'GIN5K',
              description: null,
              kind: 'fixed',
              value: 5_000,
              label: 'Shs 5,000 off',
              minimum_order: 0,
              ends_at: null,
              max_uses: null,
              max_uses_per_customer: null,
              uses: 3,
              status: 'paused',
              categories: [{ id: 4, name: 'Gin' }],
            }),
          ],
          { pageSize: 20 },
        ),
    });
    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'CHEERS10December flyer10 % offShs 200,000until 31 Dec 2026, 23:597 of 100 used; 1 per customerActiveChangePauseEnd',
      'GIN5KShs 5,000 offon GinNoneAlways3 usedPausedChangeResumeEnd',
    ]);
  });

  it('finds codes by part of their text, from page 1, and says when none matches', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      [LIST]: (request) =>
        makePage(request.url.searchParams.get('q')?.toUpperCase() === 'ZZZ' ? [] : [code({})], {
          pageSize: 20,
        }),
    });
    await screen.findByRole('table', { name: 'Discount codes' });
    const search = screen.getByRole('form', { name: 'Find a code' });
    await user.type(within(search).getByLabelText('Code contains'), ' zzz ');
    await user.click(within(search).getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No code contains “zzz”.')).toBeInTheDocument();
    expect(Object.fromEntries(api.callsTo(LIST).at(-1)?.url.searchParams ?? [])).toEqual({
      page: '1',
      page_size: '20',
      q: 'zzz',
    });
  });

  it('creates a code, sending Kampala times and the chosen categories, then reads the list again', async () => {
    const user = userEvent.setup();
    let codes: AdminDiscountCode[] = [];
    const { api } = await open('admin', {
      [LIST]: () => makePage(codes, { pageSize: 20 }),
      [CREATE]: ({ body }) => {
        const created = code({
          id: 9,
          code: 'WHISKY15',
          label: '15 % off',
          categories: [{ id: 3, name: 'Whisky' }],
        });
        codes = [created];
        return { ...created, ...(body as object) };
      },
    });
    expect(await screen.findByText('No discount codes yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New discount code' });
    await user.type(within(form).getByLabelText('Code'), 'whisky15');
    await user.type(within(form).getByLabelText('Percentage (1–100)'), '15');
    await user.type(within(form).getByLabelText('Minimum order (UGX, bottles only)'), '300,000');
    await user.type(within(form).getByLabelText('Total uses (empty: no limit)'), '50');
    await user.type(within(form).getByLabelText('Starts (Kampala time)'), '2026-12-01T00:00');
    await user.click(await within(form).findByRole('checkbox', { name: 'Whisky' }));
    await user.click(within(form).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]!.body).toEqual({
      code: 'WHISKY15',
      description: null,
      kind: 'percentage',
      value: 15,
      minimum_order: 300_000,
      starts_at: '2026-11-30T21:00:00.000Z',
      ends_at: null,
      max_uses: 50,
      max_uses_per_customer: null,
      category_ids: [3],
    });
    expect(await within(form).findByText('Saved: WHISKY15, 15 % off.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Discount codes' })).toHaveTextContent('WHISKY15');
  });

  it('checks the rules before sending and shows the API’s reasons under their field', async () => {
    const user = userEvent.setup();
    const { api } = await open('staff', {
      [LIST]: () => makePage([], { pageSize: 20 }),
      [CREATE]: () =>
        envelope(409, 'conflict', 'The code CHEERS10 already exists.', [
          { field: 'code', message: 'CHEERS10 is taken by another discount code' },
        ]),
    });
    const form = await screen.findByRole('form', { name: 'New discount code' });
    await user.type(within(form).getByLabelText('Code'), 'x');
    await user.type(within(form).getByLabelText('Percentage (1–100)'), '150');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription(
      'Use 3 to 32 letters, digits, - or _',
    );
    expect(within(form).getByLabelText('Percentage (1–100)')).toHaveAccessibleDescription(
      'A percentage is at most 100',
    );
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Code'));
    await user.type(within(form).getByLabelText('Code'), 'cheers10');
    await user.clear(within(form).getByLabelText('Percentage (1–100)'));
    await user.type(within(form).getByLabelText('Percentage (1–100)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription(
        'CHEERS10 is taken by another discount code',
      ),
    );
  });

  it('changes a code from its row: its values filled in (Kampala times), the code itself fixed', async () => {
    const user = userEvent.setup();
    let current = code({ starts_at: '2026-11-30T21:00:00.000Z', categories: [{ id: 4, name: 'Gin' }] });
    const { api } = await open('staff', {
      [LIST]: () => makePage([current], { pageSize: 20 }),
      'PATCH /admin/discount-codes/1/': ({ body }) => {
        current = { ...current, ...(body as object), label: '15 % off' };
        return current;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Change CHEERS10' }));
    const form = screen.getByRole('form', { name: 'Change CHEERS10' });
    expect(within(form).queryByLabelText('Code')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Percentage (1–100)')).toHaveValue('10');
    expect(within(form).getByLabelText('Minimum order (UGX, bottles only)')).toHaveValue('200000');
    expect(within(form).getByLabelText('Starts (Kampala time)')).toHaveValue('2026-12-01T00:00');
    expect(within(form).getByLabelText('Ends (Kampala time)')).toHaveValue('2026-12-31T23:59');
    expect(await within(form).findByRole('checkbox', { name: 'Gin' })).toBeChecked();
    await user.clear(within(form).getByLabelText('Percentage (1–100)'));
    await user.type(within(form).getByLabelText('Percentage (1–100)'), '15');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.callsTo('PATCH /admin/discount-codes/1/')).toHaveLength(1));
    expect(api.callsTo('PATCH /admin/discount-codes/1/')[0]!.body).toEqual({
      description: 'December flyer',
      kind: 'percentage',
      value: 15,
      minimum_order: 200_000,
      starts_at: '2026-11-30T21:00:00.000Z',
      ends_at: '2026-12-31T20:59:00.000Z',
      max_uses: 100,
      max_uses_per_customer: 1,
      category_ids: [4],
    });
    expect(await screen.findByText('Saved: CHEERS10, 15 % off.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Change CHEERS10' })).not.toBeInTheDocument();
  });

  it('pauses, resumes and ends a code (ending asks first)', async () => {
    const user = userEvent.setup();
    let current = code({});
    const { api } = await open('staff', {
      [LIST]: () => makePage([current], { pageSize: 20 }),
      'POST /admin/discount-codes/1/status/': ({ body }) => {
        current = { ...current, status: (body as { status: AdminDiscountCode['status'] }).status };
        return current;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pause CHEERS10' }));
    expect(
      await screen.findByText('CHEERS10 is paused: customers cannot use it until it is resumed'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resume CHEERS10' }));
    expect(await screen.findByText('CHEERS10 is active again')).toBeInTheDocument();
    // jsdom has no dialog: the page's question is answered "Cancel", then "OK".
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await user.click(await screen.findByRole('button', { name: 'End CHEERS10' }));
    expect(api.callsTo('POST /admin/discount-codes/1/status/')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'End CHEERS10' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End CHEERS10' })).not.toBeInTheDocument(),
    );
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(api.callsTo('POST /admin/discount-codes/1/status/').map((call) => call.body)).toEqual([
      { status: 'paused' },
      { status: 'active' },
      { status: 'ended' },
    ]);
  });
});
