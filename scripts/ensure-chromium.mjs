#!/usr/bin/env node
// Makes sure a Chromium for the end-to-end tests and Lighthouse is installed. Playwright never
// downloads a browser here: it drives Debian's `chromium` package (or CHROMIUM_PATH).
// Exit code 0 when Chromium is there (after installing it with apt-get when allowed).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './lib/chromium.mjs';

const executable = chromiumPath();

function version(file) {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function fail(message) {
  console.error(`[ensure-chromium] ${message}`);
  process.exit(1);
}

if (existsSync(executable)) {
  console.log(`[ensure-chromium] ${version(executable) ?? 'Chromium'} at ${executable}`);
  process.exit(0);
}

const howTo =
  'Install it with `sudo apt-get update && sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
  'or set CHROMIUM_PATH to a Chromium or Chrome executable.';

if (process.env.CHROMIUM_PATH) {
  fail(`CHROMIUM_PATH is set to ${executable}, which does not exist. ${howTo}`);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
if (!isRoot || !hasApt || process.platform !== 'linux') {
  fail(`Chromium was not found at ${executable}. ${howTo}`);
}

const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  console.log(`[ensure-chromium] apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, { stdio: 'inherit', env, timeout: 15 * 60_000 });
  if (result.status !== 0) fail(`apt-get ${args.join(' ')} failed (exit ${result.status}). ${howTo}`);
}

if (!existsSync(executable)) fail(`apt-get installed chromium but ${executable} is still missing. ${howTo}`);
console.log(`[ensure-chromium] installed ${version(executable) ?? 'Chromium'} at ${executable}`);
