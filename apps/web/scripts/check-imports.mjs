// One-way layers in the storefront (docs/decisions/0008-one-way-web-layers.md):
//   shared (src/components, src/lib) → src/features/<feature> → src/app (and src/main.tsx).
// A module may import its own layer's code or a lower layer's, never a higher one's, and a feature never
// imports another feature: the routes in src/app compose features. src/test is the test bench (it
// mounts the whole app and fakes the API): only test files may import it. Biome's noRestrictedImports matches
// the import text, and a relative path cannot say "any feature other than mine", so this resolves each
// import to a file and checks the layers. Run by `npm run lint`.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Imports allowed against the rule, each justified in the decision record. Keys are
 * `from → to` with paths relative to src/. Empty: there are none.
 * @type {ReadonlySet<string>}
 */
const ALLOWED_EXCEPTIONS = new Set([]);

const SHARED_FOLDERS = new Set(['components', 'lib']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const SOURCE_FILE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
/** Test mocks name modules too: a mocked module is a dependency as much as an imported one. */
const MOCKED_MODULE = /\bvi\.(?:mock|doMock|importActual|importMock)\(\s*['"`]([^'"`]+)['"`]/g;

/**
 * The layer of a file under src/: a feature (with its name), app, shared or the entry.
 * @param {string} relativePath path relative to src/, with forward slashes
 * @returns {{ layer: 'shared' | 'feature' | 'app' | 'test' | 'entry', feature?: string }}
 */
export function layerOf(relativePath) {
  const [top, second] = relativePath.split('/');
  if (top === 'features' && second) return { layer: 'feature', feature: second };
  if (top === 'app') return { layer: 'app' };
  if (top === 'test') return { layer: 'test' };
  if (top !== undefined && SHARED_FOLDERS.has(top)) return { layer: 'shared' };
  return { layer: 'entry' };
}

/**
 * Why an import from one file to another breaks the layers, or undefined when it does not.
 * @param {string} from path relative to src/
 * @param {string} to path relative to src/
 */
export function violation(from, to) {
  const source = layerOf(from);
  const target = layerOf(to);
  if (target.layer === 'test' && source.layer !== 'test' && !TEST_FILE.test(from)) {
    return 'only test files import src/test (the test bench)';
  }
  if (source.layer === 'feature') {
    if (target.layer === 'feature' && target.feature !== source.feature) {
      return `feature "${source.feature}" imports feature "${target.feature}": compose them in src/app, or move the shared piece to src/components or src/lib`;
    }
    if (target.layer === 'app')
      return `feature "${source.feature}" imports src/app: app composes features, not the reverse`;
  }
  if (source.layer === 'shared' && (target.layer === 'feature' || target.layer === 'app')) {
    return `shared code imports ${target.layer === 'app' ? 'src/app' : `feature "${target.feature}"`}: shared code sits below every feature`;
  }
  return undefined;
}

/** @param {string} directory */
function* sourceFiles(directory) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE_FILE.test(entry.name)) yield full;
  }
}

/**
 * The module names a file imports, re-exports, imports dynamically or mocks.
 * @param {string} text
 */
export function importedModules(text) {
  const names = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  for (const match of text.matchAll(MOCKED_MODULE)) names.push(/** @type {string} */ (match[1]));
  return names;
}

/**
 * Every import under srcDir that breaks the layers.
 * @param {string} srcDir the storefront's src/ folder
 * @returns {{ from: string, to: string, reason: string }[]}
 */
export function findViolations(srcDir) {
  const found = [];
  for (const file of sourceFiles(srcDir)) {
    const from = path.relative(srcDir, file).split(path.sep).join('/');
    for (const name of importedModules(readFileSync(file, 'utf8'))) {
      if (!name.startsWith('.')) continue; // packages sit outside the layers
      const target = path.relative(srcDir, path.resolve(path.dirname(file), name));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep).join('/');
      const reason = violation(from, to);
      if (reason && !ALLOWED_EXCEPTIONS.has(`${from} → ${to}`)) found.push({ from, to, reason });
    }
  }
  // Sorted: the report reads the same on every file system.
  const key = (/** @type {{ from: string, to: string }} */ item) => `${item.from} ${item.to}`;
  return found.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const srcDir = process.argv[2]
    ? path.resolve(process.argv[2])
    : fileURLToPath(new URL('../src', import.meta.url));
  const found = findViolations(srcDir);
  for (const { from, to, reason } of found) console.error(`${from} → ${to}\n  ${reason}`);
  if (found.length > 0) {
    console.error(`\n${found.length} import(s) break the storefront's one-way layers.`);
    process.exitCode = 1;
  } else {
    console.log('Storefront layers: every import flows one way.');
  }
}
