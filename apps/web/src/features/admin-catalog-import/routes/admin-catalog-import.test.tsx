import type { CatalogImport, CatalogImportRow } from '@shop/contract/categories-admin';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
});

const preview = (overrides: Partial<CatalogImport> = {}): CatalogImport => ({
  id: 41,
  status: 'previewed',
  file_name: 'spirits.csv',
  row_count: 3,
  counts: { new: 1, updated: 1, unchanged: 1, errors: 0 },
  errors: [],
  error_count: 0,
  progress: { rows_done: 0, rows_total: 3, percent: 0 },
  result: null,
  failure: null,
  created_by: 'Grace Nansubuga',
  created_at: '2026-11-25T04:00:00.000Z',
  finished_at: null,
  ...overrides,
});

const ROWS: CatalogImportRow[] = [
  {
    line: 2,
    product_slug: 'uganda-waragi',
    sku: 'UW-750',
    outcome: 'created',
    changes: [],
    message: 'new product',
    applied: false,
  },
  {
    line: 3,
    product_slug: 'bombay-sapphire',
    sku: 'BS-1000',
    outcome: 'updated',
    changes: [
      { field: 'price', before: '120000', after: '125000' },
      { field: 'tasting_notes', before: '', after: 'Juniper, citrus' },
    ],
    message: 'changed: price, tasting_notes',
    applied: false,
  },
  {
    line: 4,
    product_slug: 'tanqueray',
    sku: 'TQ-750',
    outcome: 'unchanged',
    changes: [],
    message: '',
    applied: false,
  },
];

function open(role: string, handlers: Record<string, FakeHandler> = {}, path = '/admin/catalog-import') {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    'GET /admin/catalog/categories/': () => ({
      results: [
        {
          id: 2,
          slug: 'gin',
          name: 'Gin',
          description: null,
          image: null,
          sort_order: 10,
          is_active: true,
          product_count: 3,
          listed_count: 3,
        },
      ],
    }),
    'GET /admin/catalog/imports/41/rows/': () => makePage(ROWS, { pageSize: 25 }),
    ...handlers,
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

const csvFile = () => new File(['product_slug,name\n'], 'spirits.csv', { type: 'text/csv' });

describe('/admin/catalog-import', () => {
  it('is for staff only', async () => {
    const { api } = await open('customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/admin/'))).toHaveLength(0);
  });

  it('uploads a picked file as CSV and shows the preview with its row errors; no Apply while there are errors', async () => {
    const user = userEvent.setup();
    const withErrors = preview({
      counts: { new: 1, updated: 0, unchanged: 0, errors: 2 },
      error_count: 2,
      errors: [
        { line: 3, column: 'price', message: 'must be a whole number of shillings above 0 (got "cheap")' },
        { line: 4, column: 'category', message: '"wine" is not a category; give category_name to create it' },
      ],
    });
    const { api } = await open('staff', {
      'POST /admin/catalog/imports/': () => withErrors,
      'GET /admin/catalog/imports/41/': () => withErrors,
    });
    await user.upload(await screen.findByLabelText('Choose a CSV file'), csvFile());
    const section = await screen.findByRole('region', { name: 'Import preview' });
    const call = api.callsTo('POST /admin/catalog/imports/')[0]!;
    expect(call.headers['Content-Type']).toBe('text/csv');
    expect(call.url.searchParams.get('file_name')).toBe('spirits.csv');
    const errors = within(section).getByRole('table', { name: 'Row errors' });
    expect(
      within(errors)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '3pricemust be a whole number of shillings above 0 (got "cheap")',
      '4category"wine" is not a category; give category_name to create it',
    ]);
    expect(within(section).queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Download the report' })).toHaveAttribute(
      'href',
      '/api/v1/admin/catalog/imports/41/report.csv',
    );
  });

  it('shows what each row will change: new, changed with each field before → after, unchanged', async () => {
    const { api } = await open(
      'staff',
      {
        'GET /admin/catalog/imports/41/': () => preview(),
      },
      '/admin/catalog-import?import=41',
    );
    const section = await screen.findByRole('region', { name: 'Import preview' });
    const table = await within(section).findByRole('table', { name: 'Rows of the file' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      '2UW-750Newnew product',
      '3BS-1000Changedprice: 120000 → 125000tasting_notes: (empty) → Juniper, citrus',
      '4TQ-750Unchanged',
    ]);
    expect(api.callsTo('GET /admin/catalog/imports/41/rows/')[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('accepts a dropped file', async () => {
    const { api } = await open('staff', {
      'POST /admin/catalog/imports/': () => preview(),
      'GET /admin/catalog/imports/41/': () => preview(),
    });
    fireEvent.drop(await screen.findByTestId('csv-drop-zone'), { dataTransfer: { files: [csvFile()] } });
    await screen.findByRole('region', { name: 'Import preview' });
    expect(api.callsTo('POST /admin/catalog/imports/')).toHaveLength(1);
  });

  it('applies, polls the progress bar until done, and comes back to the import after a reload', async () => {
    const user = userEvent.setup();
    let polls = 0;
    const { api } = await open(
      'staff',
      {
        'GET /admin/catalog/imports/41/': () => {
          polls += 1;
          if (polls === 1) return preview();
          if (polls === 2)
            return preview({ status: 'applying', progress: { rows_done: 1, rows_total: 3, percent: 33 } });
          return preview({
            status: 'done',
            progress: { rows_done: 3, rows_total: 3, percent: 100 },
            result: { created: 1, updated: 1, unchanged: 1 },
          });
        },
        'POST /admin/catalog/imports/41/apply/': () =>
          json202(preview({ status: 'applying', progress: { rows_done: 0, rows_total: 3, percent: 0 } })),
      },
      '/admin/catalog-import?import=41',
    );
    const section = await screen.findByRole('region', { name: 'Import preview' });
    await user.click(within(section).getByRole('button', { name: 'Apply' }));
    expect(await within(section).findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(
      await within(section).findByText(
        'Imported: 1 created, 1 updated, 1 unchanged.',
        {},
        { timeout: 8_000 },
      ),
    ).toBeInTheDocument();
    expect(within(section).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(api.callsTo('POST /admin/catalog/imports/41/apply/')).toHaveLength(1);
  });

  it('shows a refused apply', async () => {
    const user = userEvent.setup();
    await open(
      'staff',
      {
        'GET /admin/catalog/imports/41/': () => preview(),
        'POST /admin/catalog/imports/41/apply/': () =>
          envelope(409, 'conflict', 'This import was already applied.'),
      },
      '/admin/catalog-import?import=41',
    );
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This import was already applied.')).toBeInTheDocument();
  });

  it('links the export to the chosen category', async () => {
    const user = userEvent.setup();
    await open('staff');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/v1/admin/catalog/export.csv');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Gin' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Category'), 'gin');
    expect(link).toHaveAttribute('href', '/api/v1/admin/catalog/export.csv?category=gin');
  });
});

function json202(body: unknown) {
  return new Response(JSON.stringify(body), { status: 202, headers: { 'Content-Type': 'application/json' } });
}
