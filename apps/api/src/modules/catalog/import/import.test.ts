import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { productDetailSchema } from '@shop/contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../../../../test/fixtures/catalog';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { CsvSyntaxError, csvCell, parseCsv } from '../../../lib/csv';
import { apiRoot } from '../../../lib/paths';
import { IMPORT_HEADER, importProducts, readImportFile } from './import-products';

type Row = Partial<Record<string, string | number | boolean>>;
const columns = IMPORT_HEADER.split(',');
const csv = (rows: Row[], header = columns) =>
  `${header.join(',')}\n${rows.map((row) => header.map((column) => csvCell(row[column] as string)).join(',')).join('\n')}\n`;

const gin = (overrides: Row = {}): Row => ({
  product_slug: 'kampala-dry-gin',
  name: 'Kampala Dry Gin',
  category: 'gin',
  product_type: 'spirit',
  country: 'Uganda',
  region: 'Kampala',
  varietal: 'Juniper and lemongrass',
  abv: '43',
  description: 'A gin with "local" botanicals, distilled in small batches',
  awards: 'Gold, Kampala Spirits Show|Best Gin 2024',
  sku: 'KDG-750',
  variant_name: '750 ml bottle',
  volume_ml: 750,
  price: '95,000',
  stock: 12,
  is_default: 'true',
  ...overrides,
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, keeping each record’s line', () => {
    const text = '\uFEFFa,b,c\r\n1,"two, 2","say ""hi"""\r\n\r\n"multi\nline",x,\n4,5,6';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'two, 2', 'say "hi"'] },
      { line: 4, fields: ['multi\nline', 'x', ''] },
      { line: 6, fields: ['4', '5', '6'] },
    ]);
  });

  it('reports broken quoting with its line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow('line 2: a quoted field is not closed');
    expect(() => parseCsv('a,b\n1,x"y"\n')).toThrow('line 2');
    expect(() => parseCsv('a,b\n"x"y,1\n')).toThrow('closing quote');
  });

  it('writes fields that read back the same', () => {
    const values = ['plain', 'with, comma', 'with "quotes"', 'two\nlines', ''];
    expect(parseCsv(values.map(csvCell).join(','))[0]!.fields).toEqual(values);
  });
});

describe('readImportFile', () => {
  it('accepts a good file and groups sizes by product', () => {
    const result = readImportFile(
      csv([
        gin(),
        {
          product_slug: 'kampala-dry-gin',
          sku: 'KDG-C6',
          variant_name: 'Case of 6',
          volume_ml: 750,
          pack_size: 6,
          price: 510000,
          stock: 2,
          is_default: 'false',
        },
      ]),
    );
    expect(result.problems).toEqual([]);
    expect(result.products).toHaveLength(1);
    expect(result.products[0]).toMatchObject({
      slug: 'kampala-dry-gin',
      name: 'Kampala Dry Gin',
      abv: 43,
      awards: ['Gold, Kampala Spirits Show', 'Best Gin 2024'],
      isActive: true,
      variants: [
        { sku: 'KDG-750', price: 95_000, isDefault: true, packSize: 1, line: 2 },
        { sku: 'KDG-C6', price: 510_000, isDefault: false, packSize: 6, line: 3 },
      ],
    });
  });

  it('names each bad row, column and reason, and leaves the whole product out', () => {
    const result = readImportFile(
      csv([
        gin(),
        {
          product_slug: 'kampala-dry-gin',
          sku: 'KDG-C6',
          variant_name: 'Case of 6',
          volume_ml: 750,
          pack_size: 6,
          price: '-5',
          stock: 'lots',
        },
        gin({ product_slug: 'Bad Slug', sku: 'B-1' }),
        gin({ product_slug: 'featured', sku: 'R-1' }),
        gin({
          product_slug: 'other-gin',
          sku: 'KDG-750',
          price: 1000,
          original_price: 900,
          vintage: 1750,
          abv: 'strong',
          product_type: 'sake',
        }),
      ]),
    );
    expect(result.products).toEqual([]);
    expect(result.skippedProducts).toBe(4);
    expect(result.problems).toEqual([
      { line: 3, column: 'price', message: 'must be a whole number of shillings above 0 (got "-5")' },
      { line: 3, column: 'stock', message: 'must be a whole number, 0 or more (got "lots")' },
      {
        line: 4,
        column: 'product_slug',
        message: 'must be lower-case letters, digits and single hyphens (e.g. hennessy-xo)',
      },
      { line: 5, column: 'product_slug', message: expect.stringContaining('is reserved') },
      { line: 6, column: 'sku', message: 'is also on line 2' },
      { line: 6, column: 'original_price', message: 'must be above price (1000) or empty' },
      {
        line: 6,
        column: 'product_type',
        message: 'must be one of wine, spirit, liqueur, beer, cider, other (got "sake")',
      },
      { line: 6, column: 'vintage', message: expect.stringContaining('must be a year from 1800 to') },
      {
        line: 6,
        column: 'abv',
        message: 'must be a percentage from 0 to 100 with at most one decimal (got "strong")',
      },
    ]);
  });

  it('checks product fields across rows and the default size', () => {
    const result = readImportFile(
      csv([
        gin(),
        gin({ name: 'Another Name', sku: 'KDG-1L', is_default: 'false' }),
        gin({ product_slug: 'two-defaults', sku: 'TD-1' }),
        gin({ product_slug: 'two-defaults', sku: 'TD-2' }),
        gin({ product_slug: 'no-default', sku: 'ND-1', is_default: '' }),
        gin({ product_slug: 'no-default', sku: 'ND-2', is_default: 'no' }),
        gin({ product_slug: 'single', sku: 'S-1', is_default: '', vintage: 2030, product_type: 'sake' }),
      ]),
    );
    expect(result.products).toEqual([]);
    expect(result.problems).toEqual([
      { line: 3, column: 'name', message: 'differs from line 2 of the same product ("Kampala Dry Gin")' },
      {
        line: 5,
        column: 'is_default',
        message: 'only one size per product can be the default (also line 4)',
      },
      {
        line: 6,
        column: 'is_default',
        message: 'one size of the product must be the default (is_default true)',
      },
      {
        line: 8,
        column: 'product_type',
        message: 'must be one of wine, spirit, liqueur, beer, cider, other (got "sake")',
      },
      { line: 8, column: 'vintage', message: expect.stringContaining('must be a year from 1800') },
    ]);
  });

  it('checks the header', () => {
    const result = readImportFile('product_slug,name,colour\nx,y,z\n');
    expect(result.products).toEqual([]);
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { line: 1, column: 'colour', message: 'is not a known column' },
        { line: 1, column: 'price', message: 'is a required column and is missing' },
        { line: 1, column: 'sku', message: 'is a required column and is missing' },
      ]),
    );
    expect(readImportFile('').problems).toEqual([{ line: 1, message: 'the file is empty' }]);
    expect(readImportFile('a,"b\n').problems[0]).toMatchObject({
      line: 1,
      message: 'a quoted field is not closed',
    });
  });
});

describe('importProducts', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
    await createCategory(harness.database.pool, { slug: 'gin', name: 'Gin' });
  });
  afterAll(() => harness?.close());

  const product = async (slug: string) => {
    const response = await harness.app.inject({ method: 'GET', url: `/api/v1/products/products/${slug}/` });
    return response.statusCode === 200 ? productDetailSchema.parse(response.json()) : undefined;
  };
  const eventually = async <T>(check: () => Promise<T>, accept: (value: T) => boolean) => {
    const deadline = Date.now() + 8_000;
    for (;;) {
      const value = await check();
      if (accept(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const count = async (table: string) =>
    (await harness.database.pool.query(`SELECT count(*)::int AS count FROM ${table}`)).rows[0]
      .count as number;

  it('creates products with their sizes and drawn pictures, then updates them by slug and SKU', async () => {
    expect(await product('kampala-dry-gin')).toBeUndefined();
    const created = await importProducts(
      harness.database.pool,
      csv([
        gin(),
        {
          product_slug: 'kampala-dry-gin',
          sku: 'KDG-C6',
          variant_name: 'Case of 6 × 750 ml',
          volume_ml: 750,
          pack_size: 6,
          price: 510000,
          original_price: 570000,
          stock: 2,
        },
      ]),
    );
    expect(created).toMatchObject({
      imported: true,
      rows: 2,
      products: 1,
      productsCreated: 1,
      productsUpdated: 0,
      variantsCreated: 2,
      variantsUpdated: 0,
      problems: [],
    });
    // The import told the API (NOTIFY), which had cached the 404.
    const detail = (await eventually(() => product('kampala-dry-gin'), Boolean))!;
    expect(detail).toMatchObject({
      name: 'Kampala Dry Gin',
      price: 95_000,
      category_name: 'Gin',
      abv: 43,
      awards: ['Gold, Kampala Spirits Show', 'Best Gin 2024'],
      description: 'A gin with "local" botanicals, distilled in small batches',
    });
    expect(
      detail.variants.map((variant) => [
        variant.sku,
        variant.price,
        variant.is_default,
        variant.sale_percentage,
      ]),
    ).toEqual([
      ['KDG-750', 95_000, true, null],
      ['KDG-C6', 510_000, false, 11],
    ]);
    expect(detail.images[0]!.url).toMatch(/^\/media\/gen\/v1\/bottle\/gin\/nv\//);

    const updated = await importProducts(
      harness.database.pool,
      csv([
        gin({
          name: 'Kampala Dry Gin Reserve',
          price: 99000,
          is_default: 'false',
          images: '/media/files/kdg.png',
        }),
        {
          product_slug: 'kampala-dry-gin',
          sku: 'KDG-1L',
          variant_name: '1 L bottle',
          volume_ml: 1000,
          price: 125000,
          stock: 5,
          is_default: 'true',
        },
      ]),
    );
    expect(updated).toMatchObject({
      productsCreated: 0,
      productsUpdated: 1,
      variantsCreated: 1,
      variantsUpdated: 1,
      problems: [],
    });
    const after = (await eventually(
      () => product('kampala-dry-gin'),
      (value) => value?.price === 125_000,
    ))!;
    expect(after.name).toBe('Kampala Dry Gin Reserve');
    // The default moved to the litre; the case, absent from the file, is kept.
    expect(after.variants.map((variant) => [variant.sku, variant.price, variant.is_default])).toEqual([
      ['KDG-1L', 125_000, true],
      ['KDG-750', 99_000, false],
      ['KDG-C6', 510_000, false],
    ]);
    expect(after.images).toEqual([
      { url: '/media/files/kdg.png', alt: 'Kampala Dry Gin Reserve', picture: null },
    ]);
  });

  it('keeps each size’s stock ledger summing to its stock: an opening balance, then a correction per change', async () => {
    const slug = 'ledger-gin';
    const sized = (stock: number) => gin({ product_slug: slug, name: 'Ledger Gin', sku: 'LDG-750', stock });
    await importProducts(harness.database.pool, csv([sized(9)]));
    await importProducts(harness.database.pool, csv([sized(4)]));
    await importProducts(harness.database.pool, csv([sized(4)]));
    const ledger = await harness.database.pool.query(
      `SELECT m.delta, m.stock_after, m.reason, m.note, m.actor_name FROM stock_movements m
       JOIN product_variants v ON v.id = m.variant_id WHERE v.sku = 'LDG-750' ORDER BY m.id`,
    );
    expect(ledger.rows).toEqual([
      { delta: 9, stock_after: 9, reason: 'count_correction', note: 'Opening balance', actor_name: null },
      {
        delta: -5,
        stock_after: 4,
        reason: 'count_correction',
        note: 'CSV import',
        actor_name: 'Kampala Cellars (system)',
      },
    ]);
  });

  it('imports the good products, none of a bad one, and reports each bad row', async () => {
    const productsBefore = await count('products');
    const variantsBefore = await count('product_variants');
    const result = await importProducts(
      harness.database.pool,
      csv([
        gin({ product_slug: 'good-gin', name: 'Good Gin', sku: 'GG-1' }),
        gin({ product_slug: 'half-bad-gin', name: 'Half Bad Gin', sku: 'HB-1' }),
        gin({
          product_slug: 'half-bad-gin',
          name: 'Half Bad Gin',
          sku: 'HB-2',
          price: 'free',
          is_default: 'false',
        }),
        gin({ product_slug: 'stolen-sku', name: 'Stolen', sku: 'KDG-750' }),
        gin({ product_slug: 'lost-gin', name: 'Lost', sku: 'LG-1', category: 'aquavit' }),
        gin({
          product_slug: 'new-category',
          name: 'Nile Lager',
          sku: 'NL-1',
          category: 'lager',
          category_name: 'Lager',
          product_type: 'beer',
        }),
      ]),
    );
    expect(result.imported).toBe(true);
    expect(result.products).toBe(2);
    expect(result.productsCreated).toBe(2);
    expect(result.categoriesCreated).toBe(1);
    expect(result.skippedProducts).toBe(3);
    expect(result.problems).toEqual([
      { line: 4, column: 'price', message: 'must be a whole number of shillings above 0 (got "free")' },
      { line: 5, column: 'sku', message: 'belongs to another product (kampala-dry-gin)' },
      { line: 6, column: 'category', message: expect.stringContaining('"aquavit" is not a category') },
    ]);
    expect(await count('products')).toBe(productsBefore + 2);
    expect(await count('product_variants')).toBe(variantsBefore + 2);
    const slugs = (await harness.database.pool.query('SELECT slug FROM products')).rows.map(
      (row) => row.slug,
    );
    expect(slugs).toEqual(expect.arrayContaining(['good-gin', 'new-category']));
    expect(slugs).not.toContain('half-bad-gin');
    expect(slugs).not.toContain('stolen-sku');
    const owner = await harness.database.pool.query(
      `SELECT p.slug FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.sku = 'KDG-750'`,
    );
    expect(owner.rows[0].slug).toBe('kampala-dry-gin');
    expect(await eventually(async () => (await product('new-category'))?.category_name, Boolean)).toBe(
      'Lager',
    );
  });

  it('with atomic, imports nothing unless every row is good', async () => {
    const before = await count('products');
    const refused = await importProducts(
      harness.database.pool,
      csv([
        gin({ product_slug: 'atomic-1', sku: 'AT-1' }),
        gin({ product_slug: 'atomic-2', sku: 'AT-2', stock: -1 }),
      ]),
      { atomic: true },
    );
    expect(refused.imported).toBe(false);
    expect(refused.products).toBe(0);
    expect(refused.problems).toEqual([
      { line: 3, column: 'stock', message: 'must be a whole number, 0 or more (got "-1")' },
    ]);
    expect(await count('products')).toBe(before);

    const accepted = await importProducts(
      harness.database.pool,
      csv([gin({ product_slug: 'atomic-1', sku: 'AT-1' }), gin({ product_slug: 'atomic-2', sku: 'AT-2' })]),
      { atomic: true },
    );
    expect(accepted).toMatchObject({ imported: true, products: 2, productsCreated: 2 });
    expect(await count('products')).toBe(before + 2);
  });

  it('only checks on a dry run', async () => {
    const before = await count('products');
    const result = await importProducts(
      harness.database.pool,
      csv([gin({ product_slug: 'dry-run', sku: 'DR-1' })]),
      {
        dryRun: true,
      },
    );
    expect(result).toMatchObject({ imported: false, problems: [] });
    expect(await count('products')).toBe(before);
  });

  it('runs from the command line with a report and an exit code', async () => {
    const file = path.join(harness.dataDir, 'products.csv');
    fs.writeFileSync(
      file,
      csv([
        gin({ product_slug: 'cli-gin', name: 'CLI Gin', sku: 'CLI-1' }),
        gin({ product_slug: 'cli-bad', sku: 'CLI-2', volume_ml: 0 }),
      ]),
    );
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(apiRoot, 'src', 'scripts', 'import-products.ts'), 'products.csv'],
        {
          env: { ...process.env, DATABASE_URL: harness.testDatabase.url, INIT_CWD: harness.dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('exit', (exitCode) => resolve({ code: exitCode, output: text }));
    });
    expect(output).toContain(
      'line 3, column volume_ml: must be a whole number of millilitres above 0 (got "0")',
    );
    expect(output).toContain('Imported 1 product(s) from 2 row(s): 1 created');
    expect(output).toContain('1 product(s) left out');
    expect(code).toBe(1);
    expect(await product('cli-gin')).toBeDefined();
  });
});
