#!/usr/bin/env node
// Playwright's web server: the production build on PORT with a fresh data directory under /tmp
// (mode 0755, so the embedded PostgreSQL's `postgres` user can reach it), removed on exit.
// SIGTERM or SIGINT stop the server cleanly first.
import { exitCodeOf, makeTempDataDir, removeDir, startServer } from '../scripts/lib/server.mjs';
import { mailDirFor, startTestIdentityServices } from './support/identity/test-idp.mjs';
import { removeDataDirPointer, writeDataDirPointer } from './support/staff/data-dir.mjs';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('[e2e] PORT must be set to the port to serve on');
  process.exit(1);
}

// A loopback OpenID Connect provider and SMTP server for the identity journeys (e2e/identity.spec.ts).
const identity = await startTestIdentityServices({
  shopUrl: `http://127.0.0.1:${port}`,
  mailDir: mailDirFor(port),
});

// E2E_SMTP=off: the shop without a mail server, as `npm start` runs unless SMTP_URL is set; its
// e-mails wait in the staff's outbox (e2e/outbox.spec.ts).
const { SMTP_URL: _smtpUrl, ...withoutSmtp } = identity.env;
const identityEnv = process.env.E2E_SMTP === 'off' ? withoutSmtp : identity.env;

const dataDir = makeTempDataDir('shop-e2e-');
// Journeys that need a staff account reach this server's database through it (e2e/support/staff).
writeDataDirPointer(port, dataDir);
let server;
try {
  server = startServer({
    port,
    dataDir,
    env: {
      NODE_ENV: process.env.NODE_ENV || 'production',
      RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX || '1000000',
      // Every test is a new visitor from 127.0.0.1 (an anonymous sign-in each): the per-address
      // sign-in limits (60 anonymous sessions per 10 minutes…) are the API tests' business.
      AUTH_RATE_LIMIT_ENABLED: process.env.AUTH_RATE_LIMIT_ENABLED || 'false',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      ...identityEnv,
    },
  });
} catch (error) {
  await identity.close();
  removeDir(dataDir);
  removeDataDirPointer(port);
  console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

let stopping;
const stop = () => {
  stopping ??= server.stop().then(async (result) => {
    await identity.close().catch(() => undefined);
    removeDir(dataDir);
    removeDataDirPointer(port);
    process.exit(exitCodeOf(result));
  });
  return stopping;
};
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => void stop());
// The server ended on its own (a crash, or a failed start): clean up and report its code.
server.exit.then(() => void stop());
