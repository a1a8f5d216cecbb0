import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const webDir = path.resolve(import.meta.dirname, '../../web');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-build-output-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/**
 * The environment `npm run build` has: not Vitest's NODE_ENV=test, under which packages resolve to
 * their development builds (TanStack Router's carry "use client", which the bundler warns of).
 */
function buildEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) {
    if (name === 'NODE_ENV' || name.startsWith('VITEST')) delete env[name];
  }
  return env;
}

describe('the storefront build', () => {
  // A newcomer takes any warning in `npm run build` for an error: the build prints none.
  it('prints no warning', { timeout: 180_000 }, async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [
        path.resolve(webDir, '../../node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--logLevel',
        'warn',
      ],
      { cwd: webDir, env: buildEnvironment(), maxBuffer: 16 * 1024 * 1024 },
    );
    const output = `${stdout}\n${stderr}`.trim();
    expect(output).toBe('');
  });
});
