// Where Chromium lives and how it is started headless, shared by the e2e config, Lighthouse and
// ensure-chromium. Keep the flags in step with playwright.config.ts.

/** @returns {string} */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
