import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_COLUMNS, IMPORT_HEADER, importProducts } from '../modules/catalog/import/import-products';
import { expectedFailure, openDatabase } from './lib/open-database';
import { progressBar } from './lib/progress';

// Relative paths (the CSV file, DATA_DIR) are the caller's, not this workspace's.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const width = Math.max(...IMPORT_COLUMNS.map((column) => column.name.length));
const HELP = `Imports products and their sizes (variants) from a CSV file.

Usage: npm run import -- products.csv [--atomic] [--dry-run]

  --atomic    import the whole file in one transaction, and only if every row is good
  --dry-run   check the file against the database and report, without importing
  -h, --help  this text

The file is UTF-8 CSV (RFC 4180: fields with commas, quotes or line breaks in double quotes,
quotes doubled). The first line is the header; columns may come in any order. One row per
size; a product's fields are repeated on each of its rows, or left empty after the first.
Products are matched by product_slug and sizes by sku: existing ones are updated, new ones
created. Sizes of a product that are not in the file are kept. Cells are trimmed; a cell that
starts with an apostrophe before =, +, -, @, a tab or a carriage return (as the export writes
text a spreadsheet would run as a formula) loses that one apostrophe.

Every row is checked first, and each problem is reported with its line, column and reason.
A product with a bad row is not imported at all. Without --atomic, each good product is
imported with its sizes in a transaction of its own; with it, all or nothing. The API's
caches are told (NOTIFY catalog_changed) at the end. The exit code is 1 when a row was bad.

Columns (* required):
${IMPORT_COLUMNS.map((column) => `  ${column.name.padEnd(width)} ${column.required ? '*' : ' '} ${column.help}`).join('\n')}

Header with every column:
${IMPORT_HEADER}

Example rows:
hennessy-xo,Hennessy XO,cognac-brandy,,spirit,France,Cognac,Ugni Blanc,,40,"Rich, powerful XO",,,,true,false,,KC-COG-XO-750,750 ml bottle,750,1,1100000,,12,true
hennessy-xo,,,,,,,,,,,,,,,,,KC-COG-XO-C6,Case of 6 × 750 ml,750,6,6050000,,2,false

The database is DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (stop the server using
it first).`;

const log = {
  info: (message: string) => console.log(`[import] ${message}`),
  warn: (message: string) => console.warn(`[import] ${message}`),
};

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    console.error(`[import] ${(error as Error).message}\n\nRun with --help for the file format.`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error('[import] Give one CSV file: npm run import -- products.csv (see --help)');
    return 2;
  }
  const file = path.resolve(positionals[0]!);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    console.error(
      `[import] Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
    return 2;
  }

  const opened = await openDatabase(log);
  try {
    log.info(`Importing ${file} into ${opened.where}${values['dry-run'] ? ' (dry run)' : ''}`);
    let bar: ReturnType<typeof progressBar> | undefined;
    const summary = await importProducts(opened.database.pool, text, {
      atomic: values.atomic,
      dryRun: values['dry-run'],
      onProgress: (done, total) => {
        bar ??= progressBar('[import] products', total);
        bar.update(done);
      },
    });
    bar?.finish();
    for (const problem of summary.problems) {
      console.error(
        `[import] line ${problem.line}${problem.column ? `, column ${problem.column}` : ''}: ${problem.message}`,
      );
    }
    if (summary.imported) {
      log.info(
        `Imported ${summary.products} product(s) from ${summary.rows} row(s): ${summary.productsCreated} created, ` +
          `${summary.productsUpdated} updated; sizes ${summary.variantsCreated} created, ${summary.variantsUpdated} updated` +
          `${summary.categoriesCreated ? `; ${summary.categoriesCreated} new categor${summary.categoriesCreated === 1 ? 'y' : 'ies'}` : ''}.`,
      );
    } else if (values['dry-run']) {
      log.info(`Checked ${summary.rows} row(s): nothing imported (dry run).`);
    } else {
      log.info(`Nothing imported from ${summary.rows} row(s).`);
    }
    if (summary.problems.length > 0) {
      log.warn(
        `${summary.problems.length} problem(s); ${summary.skippedProducts} product(s) ${summary.imported ? 'left out' : 'not imported'}.`,
      );
      return 1;
    }
    return 0;
  } finally {
    await opened.close();
  }
}

function parse() {
  return parseArgs({
    options: {
      atomic: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
  });
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    const message = expectedFailure(error);
    if (message) console.error(`[import] ${message}`);
    else console.error('[import] Failed:', error);
    process.exit(1);
  });
