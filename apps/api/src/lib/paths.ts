import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder, found by walking up from this module. It works from the sources
 * (src/lib) and from the production bundle (dist), which sit at different depths.
 */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@shop/api') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Could not find the @shop/api package folder');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const migrationsFolder = path.join(apiRoot, 'drizzle');
export const repoRoot = path.resolve(apiRoot, '..', '..');
export const defaultWebDistDir = path.join(repoRoot, 'apps', 'web', 'dist');
