import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the production
 * build, served by `e2e/serve.mjs` on a free port with a fresh data directory.
 */

const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A free loopback port, found synchronously (the config must be synchronous). */
function findFreePortSync(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// The config is loaded by the runner and again by every worker: the port is chosen once and
// handed down through the environment, which the workers inherit.
process.env.E2E_PORT ||= findFreePortSync();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// SMS go to a local fake of Africa's Talking on this port, which e2e/sms.spec.ts starts and reads.
process.env.E2E_SMS_PORT ||= findFreePortSync();
process.env.E2E_SMS_CALLBACK_TOKEN ||= 'e2e-sms-callback-token-0123456789';
// EFRIS goes to a local fake of URA on this port, which e2e/efris.spec.ts starts (and the key it holds).
process.env.E2E_EFRIS_PORT ||= findFreePortSync();

const SHOP_HOURS_JOURNEYS = ['back-office-journey.spec.ts', 'back-office-settings.spec.ts'];

const browser = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 720 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // On CI, a journey that fails is run once more, and one that then passes is listed as flaky in the
  // output, not hidden: on CI's shared 2-core machines each of the last four runs failed one
  // different journey of ~165 once (a renderer stalled, a navigation outlasting its wait), none of
  // which failed again when run by itself. A journey that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  // Two cores here and on CI: the server and its database need one.
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The list reporter only: no HTML report to open or to leave behind.
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-UG',
    timezoneId: 'Africa/Kampala',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [...SHOP_HOURS_JOURNEYS, 'efris.spec.ts'],
      use: browser,
    },
    {
      // Both change the shop's opening hours and expect to read back their own: one at a time.
      name: 'shop-hours',
      testMatch: SHOP_HOURS_JOURNEYS,
      workers: 1,
      use: browser,
    },
    {
      // EFRIS switched on fiscalises every order the server takes: the journey that switches it
      // on runs after all the others, so no other journey's order meets it.
      name: 'efris',
      testMatch: 'efris.spec.ts',
      dependencies: ['chromium', 'shop-hours'],
      use: browser,
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/api/v1/ready`,
    env: {
      PORT: process.env.E2E_PORT,
      NODE_ENV: 'production',
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'africastalking',
      AT_USERNAME: 'sandbox',
      AT_API_KEY: 'atsk_e2e_fake_key_0123456789',
      AT_BASE_URL: `http://127.0.0.1:${process.env.E2E_SMS_PORT}`,
      AT_CALLBACK_TOKEN: process.env.E2E_SMS_CALLBACK_TOKEN,
      EFRIS_BASE_URL: `http://127.0.0.1:${process.env.E2E_EFRIS_PORT}/efrisws/ws/taapp/getInformation`,
      EFRIS_TIMEOUT_MS: '5000',
      EFRIS_RETRY_DELAY_SECONDS: '5',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM to serve.mjs, which stops the server (and its database) and removes the data dir.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
