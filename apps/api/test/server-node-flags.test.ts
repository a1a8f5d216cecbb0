import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the repository's scripts, without types.
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/lib/server.mjs';

const fromRoot = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));

/** The young generation's size (both semi-spaces) in MB of a Node process run with `flags`. */
function youngGenerationMb(flags: string[]): number {
  const script =
    "const v8 = require('node:v8'); let keep = [];" +
    'for (let i = 0; i < 3e6; i++) { keep.push({ i }); if (keep.length > 1e5) keep = []; }' +
    "process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576));";
  return Number(execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' }));
}

describe("the server's V8 flags (issue 20: its RSS)", () => {
  it('bound the young generation to 16 MB, where V8 alone grows it to 32 MB', () => {
    expect(youngGenerationMb([])).toBe(32);
    expect(youngGenerationMb(SERVER_NODE_FLAGS)).toBe(16);
  });

  it('are the ones npm start, the bench, the journeys and the systemd unit run the server with', () => {
    const flags = (SERVER_NODE_FLAGS as string[]).join(' ');
    expect(fs.readFileSync(fromRoot('scripts/start.mjs'), 'utf8')).toContain(
      'spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry]',
    );
    expect(fs.readFileSync(fromRoot('scripts/lib/server.mjs'), 'utf8')).toContain(
      'spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, serverEntry]',
    );
    expect(fs.readFileSync(fromRoot('deploy/kampala-cellars@.service'), 'utf8')).toContain(
      `ExecStart=/usr/bin/node ${flags} apps/api/dist/server.js`,
    );
  });

  it('start it with two malloc arenas, in npm start, the bench, the journeys and the systemd unit', () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    // Before the caller's environment, which may set another value for a comparison.
    expect(fs.readFileSync(fromRoot('scripts/start.mjs'), 'utf8')).toContain(
      'const env = { ...SERVER_ENV, ...process.env,',
    );
    expect(fs.readFileSync(fromRoot('scripts/lib/server.mjs'), 'utf8')).toMatch(
      /const childEnv = \{\s+\.\.\.SERVER_ENV,\s+\.\.\.process\.env,/,
    );
    expect(fs.readFileSync(fromRoot('deploy/kampala-cellars@.service'), 'utf8')).toContain(
      'Environment=MALLOC_ARENA_MAX=2',
    );
  });
});
