// Builds the web app and the API when their outputs are missing or older than their sources.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fromRoot, repoRoot } from './paths.mjs';

// Tests are not part of a build: changing one must not trigger a rebuild.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tsbuild', '.git', 'coverage', '__tests__', 'test']);
const SKIPPED_FILES = /\.(test|spec)\.[cm]?[jt]sx?$|\.snap$/;

/**
 * The newest file under the given paths (files or folders, walked recursively; missing paths
 * are ignored).
 * @param {string[]} paths
 * @returns {{ file: string, mtimeMs: number } | undefined}
 */
export function newestFile(paths) {
  /** @type {{ file: string, mtimeMs: number } | undefined} */
  let newest;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      if (SKIPPED_DIRS.has(path.basename(entry))) return;
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    } else if (stat.isFile() && !SKIPPED_FILES.test(entry) && (!newest || stat.mtimeMs > newest.mtimeMs)) {
      newest = { file: entry, mtimeMs: stat.mtimeMs };
    }
  };
  for (const entry of paths) visit(entry);
  return newest;
}

/**
 * What has to be built, in build order (web first, as in `npm run build`). Each target says why.
 */
export const targets = [
  {
    name: 'web',
    workspace: 'apps/web',
    // The server renderer is written last (`vite build`, then `vite build --ssr`): a build from
    // before server rendering (no renderer yet) counts as missing.
    output: 'apps/web/dist-server/entry-server.js',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/contract/src',
    ],
  },
  {
    name: 'api',
    workspace: 'apps/api',
    output: 'apps/api/dist/server.js',
    sources: [
      'apps/api/src',
      'apps/api/drizzle',
      'apps/api/build.mjs',
      'apps/api/package.json',
      'packages/contract/src',
    ],
  },
];

/**
 * Why a target needs building, or undefined when its output is up to date.
 * @param {(typeof targets)[number]} target
 */
export function staleReason(target) {
  const output = fromRoot(target.output);
  if (!fs.existsSync(output)) return `${target.output} is missing`;
  const builtAt = fs.statSync(output).mtimeMs;
  const newest = newestFile(target.sources.map((source) => fromRoot(source)));
  if (newest && newest.mtimeMs > builtAt) {
    return `${path.relative(repoRoot, newest.file)} is newer than ${target.output}`;
  }
  return undefined;
}

/** Runs a command at the repository root with inherited output; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: 'inherit',
      shell: process.platform === 'win32',
      ...options,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(undefined);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/**
 * Builds every stale target and says what it builds and why.
 * @param {{ log?: (message: string) => void, force?: boolean }} [options]
 */
export async function buildIfNeeded({ log = console.log, force = false } = {}) {
  for (const target of targets) {
    const reason = force ? 'a build was asked for' : staleReason(target);
    if (!reason) {
      log(`${target.name}: up to date (${target.output})`);
      continue;
    }
    log(`${target.name}: building, because ${reason}`);
    const startedAt = Date.now();
    await run('npm', ['run', 'build', '-w', target.workspace]);
    if (!fs.existsSync(fromRoot(target.output))) {
      throw new Error(`The ${target.name} build finished but ${target.output} is missing`);
    }
    // A build that left the output's mtime unchanged would rebuild on every start: touch it.
    const now = new Date();
    fs.utimesSync(fromRoot(target.output), now, now);
    log(`${target.name}: built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  }
}
