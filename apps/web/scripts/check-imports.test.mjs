// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findViolations } from './check-imports.mjs';

const script = fileURLToPath(new URL('./check-imports.mjs', import.meta.url));

// Running the check as `npm run lint` does starts Node and the TypeScript compiler: seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });
let srcDir = '';

/** A storefront src/ folder made of the given files (path → text). */
function storefront(files) {
  srcDir = mkdtempSync(path.join(tmpdir(), 'web-layers-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(srcDir, file)), { recursive: true });
    writeFileSync(path.join(srcDir, file), text);
  }
  return srcDir;
}

/** A storefront whose every import flows one way, to which each case adds one file. */
const clean = {
  'lib/api-client.ts': 'export const api = {};\n',
  'components/form-field.tsx': "import { api } from '../lib/api-client';\nexport const FormField = api;\n",
  'features/cart/api/get-cart.ts':
    "import { api } from '../../../lib/api-client';\nexport const cart = api;\n",
  'features/cart/routes/cart.tsx':
    "import { FormField } from '../../../components/form-field';\nimport { cart } from '../api/get-cart';\nexport default [FormField, cart];\n",
  'features/catalog/routes/products.tsx': 'export const ProductsPage = 1;\n',
  'app/router.tsx':
    "export const routes = [import('../features/cart/routes/cart'), import('../features/catalog/routes/products')];\n",
  'test/render.tsx': "import { routes } from '../app/router';\nexport const renderApp = routes;\n",
  'features/cart/routes/cart.test.tsx':
    "import { renderApp } from '../../../test/render';\nvi.mock('../api/get-cart');\nexport default renderApp;\n",
};

afterEach(() => {
  if (srcDir) rmSync(srcDir, { recursive: true, force: true });
  srcDir = '';
});

function lint(dir) {
  return spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
}

describe('the storefront layer check (npm run lint)', () => {
  it('passes a storefront whose imports flow one way', () => {
    expect(findViolations(storefront(clean))).toEqual([]);
  });

  it('fails on a feature importing another feature', () => {
    const result = lint(
      storefront({
        ...clean,
        'features/catalog/components/add-button.tsx':
          "import { cart } from '../../cart/api/get-cart';\nexport const AddButton = cart;\n",
      }),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'features/catalog/components/add-button.tsx → features/cart/api/get-cart',
    );
    expect(result.stderr).toContain('feature "catalog" imports feature "cart"');
  });

  it('fails on a feature importing src/app, dynamically or through a test mock too', () => {
    storefront({
      ...clean,
      'features/catalog/routes/products.tsx': "export const ProductsPage = import('../../../app/router');\n",
      'features/catalog/routes/products.test.tsx': "vi.mock('../../../app/router');\n",
    });
    expect(findViolations(srcDir).map(({ from, to, reason }) => `${from} → ${to}: ${reason}`)).toEqual([
      'features/catalog/routes/products.test.tsx → app/router: feature "catalog" imports src/app: app composes features, not the reverse',
      'features/catalog/routes/products.tsx → app/router: feature "catalog" imports src/app: app composes features, not the reverse',
    ]);
  });

  it('fails on shared code importing a feature, and on a page importing the test bench', () => {
    storefront({
      ...clean,
      'lib/cart-badge.ts': "export { cart } from '../features/cart/api/get-cart';\n",
      'features/cart/routes/cart.tsx':
        "import { renderApp } from '../../../test/render';\nexport default renderApp;\n",
    });
    expect(findViolations(srcDir).map(({ reason }) => reason)).toEqual([
      'only test files import src/test (the test bench)',
      'shared code imports feature "cart": shared code sits below every feature',
    ]);
  });

  it('finds none in the storefront itself', () => {
    const output = execFileSync(process.execPath, [script], { encoding: 'utf8' });
    expect(output).toContain('every import flows one way');
  });
});
