// Writes Brotli (.br) and gzip (.gz) siblings next to every text asset of the build that is larger
// than 1 KB, so the API's static file server can answer compressed files without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const extensions = new Set(['.js', '.mjs', '.css', '.svg', '.html', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

let files = 0;
let before = 0;
let afterBr = 0;
for await (const file of walk(distDir)) {
  if (!extensions.has(path.extname(file))) continue;
  const { size } = await stat(file);
  if (size <= MIN_BYTES) continue;
  const source = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  files += 1;
  before += size;
  afterBr += br.length;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`precompress: ${files} files, ${kb(before)} -> ${kb(afterBr)} (brotli)`);
