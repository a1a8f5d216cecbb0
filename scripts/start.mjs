#!/usr/bin/env node
// `npm start`: builds what is not built (or out of date), then runs the production server
// (apps/api/dist/server.js) with NODE_ENV=production unless NODE_ENV is set. Signals are
// forwarded to the server, and this process exits with the server's exit code.
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './lib/build.mjs';
import { repoRoot } from './lib/paths.mjs';
import { exitCodeOf, SERVER_ENV, SERVER_NODE_FLAGS, serverEntry } from './lib/server.mjs';

const log = (message) => console.log(`[start] ${message}`);

try {
  await buildIfNeeded({ log });
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const env = { ...SERVER_ENV, ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
log(
  `node ${[...SERVER_NODE_FLAGS, serverEntry.slice(repoRoot.length + 1)].join(' ')} (NODE_ENV=${env.NODE_ENV})`,
);

// Own process group: a Ctrl-C in the terminal (which npm also relays) reaches only this
// process, which passes exactly one signal on. The server stops on the first SIGINT or SIGTERM
// and would be killed outright by a second one before its database has stopped.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
  cwd: repoRoot,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: process.platform !== 'win32',
});

let forwarded = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

child.on('error', (error) => {
  console.error(`[start] could not run the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(exitCodeOf({ code, signal })));
