import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('the Node.js the README names', () => {
  const supported: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(supported)?.version;

  it('is the oldest version the README asks for', () => {
    expect(oldest).toBeDefined();
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ${semver.major(oldest ?? '0.0.0')}.${semver.minor(oldest ?? '0.0.0')}`);
  });

  it('satisfies every installed package (npm install warns EBADENGINE otherwise)', () => {
    const packages: Record<string, { engines?: { node?: string } | string[] }> =
      readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .map(([location, entry]) => ({
        location,
        wants: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter(({ wants }) => wants !== undefined && !semver.satisfies(oldest ?? '0.0.0', wants as string))
      .map(({ location, wants }) => `${location} wants node ${wants}`);
    expect(refusing).toEqual([]);
  });
});
