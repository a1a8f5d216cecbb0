import { parseArgs } from 'node:util';
import { CatalogInUseError, CatalogNotEmptyError, seedCatalog } from '../modules/catalog/seed/seed-catalog';
import { expectedFailure, openDatabase } from './lib/open-database';
import { progressBar } from './lib/progress';

// A relative DATA_DIR is the caller's (like the server's, started from the repository root).
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const HELP = `Seeds the catalog with the demo cellar.

Usage: npm run seed -- [--force] [--products N]

  --products N   write N products: the demo cellar, then plausible variations of its bottles
                 (other vintages, bottlings, cask finishes) up to N, e.g. 100000 for scale tests
  --force        replace the catalog of a database that already holds one (refused when
                 orders, carts or reviews refer to its products)
  -h, --help     this text

The database is DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (default ./data; stop the
server using it first). Without --force, a database that already holds products is left alone.`;

const log = {
  info: (message: string) => console.log(`[seed] ${message}`),
  warn: (message: string) => console.warn(`[seed] ${message}`),
};

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (error) {
    console.error(`[seed] ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  let products: number | undefined;
  if (args.products !== undefined) {
    products = Number(args.products);
    if (!Number.isSafeInteger(products) || products < 1 || products > 2_000_000) {
      console.error(`[seed] --products must be a whole number from 1 to 2000000 (got "${args.products}")`);
      return 2;
    }
  }

  const opened = await openDatabase(log);
  try {
    const startedAt = performance.now();
    const total = products ?? 0;
    log.info(
      `Seeding ${products === undefined ? 'the demo cellar' : `${products.toLocaleString('en')} products`} into ${opened.where}${args.force ? ' (replacing the catalog)' : ''}`,
    );
    const bar = progressBar('[seed] products', total);
    const summary = await seedCatalog(opened.database.pool, {
      products,
      force: args.force,
      onProgress: (done) => bar.update(done),
    });
    bar.finish();
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    if (summary.replaced > 0) log.info(`Removed the previous catalog (${summary.replaced} products)`);
    log.info(
      `Done in ${seconds} s: ${summary.products} products in ${summary.categories} categories, ` +
        `${summary.variants} sizes, ${summary.images} images; ${summary.featured} featured, ` +
        `${summary.onSale} on sale, ${summary.soldOut} out of stock.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CatalogNotEmptyError || error instanceof CatalogInUseError) {
      console.error(`[seed] ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

function parse() {
  const { values } = parseArgs({
    options: {
      force: { type: 'boolean', default: false },
      products: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
  });
  return values;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    const message = expectedFailure(error);
    console.error(message ? `[seed] ${message}` : '[seed] Failed:', message ? '' : error);
    process.exit(1);
  });
