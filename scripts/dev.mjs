#!/usr/bin/env node
// `npm run dev`: the API with `tsx watch` on port 3001 and Vite for the web app on port 5173
// (Vite proxies /api to 3001), with prefixed output. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { bin, fromRoot, repoRoot } from './lib/paths.mjs';
import { exitCodeOf } from './lib/server.mjs';

// apps/web/vite.config.ts proxies /api to this port.
const API_PORT = '3001';
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);

const processes = [
  {
    name: 'api',
    colour: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'apps/api/src/server.ts'],
    cwd: repoRoot,
    // Links in e-mails and OAuth callbacks must point at the Vite server, where the pages are.
    env: { NODE_ENV: 'development', PORT: API_PORT, PUBLIC_URL: 'http://localhost:5173' },
  },
  {
    name: 'web',
    colour: 35,
    command: bin('vite'),
    args: ['--port', '5173', '--strictPort'],
    cwd: fromRoot('apps', 'web'),
    env: {},
  },
];

let stopping = false;
let exitCode = 0;
const children = processes.map((spec) => {
  const prefix = paint(spec.colour, `[${spec.name}]`);
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...(color ? { FORCE_COLOR: '1' } : {}), ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: Ctrl-C reaches only us, and we stop each child once.
    detached: process.platform !== 'win32',
    shell: process.platform === 'win32',
  });
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr;
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`));
  }
  const done = new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${prefix} could not start ${spec.command}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  done.then((result) => {
    if (!stopping) {
      console.error(`${prefix} exited (${result.signal ?? `code ${result.code}`}); stopping the other one`);
      exitCode = exitCodeOf(result) || 1;
      stopAll();
    }
  });
  return { spec, child, done };
});

/** @param {import('node:child_process').ChildProcess} child */
function isRunning(child) {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killGroup(child, signal) {
  try {
    if (process.platform === 'win32' || child.pid === undefined) child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) {
    // tsx watch passes SIGTERM on to the server, which stops its database before exiting.
    if (isRunning(child)) child.kill('SIGTERM');
  }
  const force = setTimeout(() => {
    for (const { child } of children) if (isRunning(child)) killGroup(child, 'SIGKILL');
  }, 15_000);
  force.unref();
  await Promise.all(children.map(({ done }) => done));
  clearTimeout(force);
  process.exit(exitCode);
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => void stopAll());
process.on('exit', () => {
  for (const { child } of children) if (isRunning(child)) killGroup(child, 'SIGTERM');
});

console.log(
  `${paint(1, 'dev')}: web http://localhost:5173 (proxies /api to http://127.0.0.1:${API_PORT}), ` +
    'Ctrl-C stops both',
);
