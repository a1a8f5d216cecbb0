// @vitest-environment node
// (renderer.ts resolves its own path from import.meta.url, a file URL in Node only.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesImportingReact } from '../../renderer';

type Manifest = {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};

/** The installed packages that need React (a dependency, or a peer that is not optional). */
function installedPackagesNeedingReact() {
  const root = fileURLToPath(new URL('../../../../node_modules/', import.meta.url));
  const names = readdirSync(root).flatMap((entry) =>
    entry.startsWith('@') ? readdirSync(join(root, entry)).map((name) => `${entry}/${name}`) : [entry],
  );
  return names.filter((name) => {
    const file = join(root, name, 'package.json');
    if (!existsSync(file)) return false;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const peer = manifest.peerDependencies?.react && !manifest.peerDependenciesMeta?.react?.optional;
    return Boolean(manifest.dependencies?.react || peer);
  });
}

// The aliases make these Preact themselves (renderer.ts); the app is no package it loads.
const ALIASED = ['react-dom', 'use-sync-external-store', '@shop/web'];

describe('the packages the component tests run through Vite', () => {
  // A package that Node loads instead imports React itself: its hooks then run outside any React
  // render ("Invalid hook call"), and under the app's error boundary the page rendered again and
  // again, so the test run hung instead of failing (Radix's dropdown menu did, issue 36).
  it('include every installed package that imports React', () => {
    const needingReact = installedPackagesNeedingReact();
    expect(needingReact).toContain('@radix-ui/react-dialog');
    const missed = needingReact
      .filter((name) => !ALIASED.includes(name))
      .filter((name) => !packagesImportingReact.some((pattern) => pattern.test(`/node_modules/${name}/`)));
    expect(missed).toEqual([]);
  });
});
