// Lighthouse 12 (default config: mobile form factor, simulated throttling) in Debian's Chromium.
import fs from 'node:fs';
import nodePath from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Kills every Chromium this process launched (for a Ctrl-C in the middle of a run). */
export function stopChromium() {
  chromeLauncher.killAll();
}

/**
 * Lighthouse's errors that come from Chromium's trace, not from the page: NO_NAVSTART (the trace lost
 * the navigation's start) came often on /products when one Chromium audited page after page. A fresh
 * Chromium for each attempt, and another attempt after one of these, measures the page.
 */
const TRACE_ERRORS = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'NO_RESOURCE_REQUEST',
  'PROTOCOL_TIMEOUT',
]);
const MAX_ATTEMPTS = 3;

/** A headless Chromium for one audit. */
function launchChromium() {
  return chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: chromiumFlags,
    logLevel: 'silent',
    // The caller stops Chromium on Ctrl-C (stopChromium) after its own clean-up, not before.
    handleSIGINT: false,
  });
}

/**
 * One page's Lighthouse result, audited again (in a new Chromium) after a trace error.
 * @param {string} url
 * @param {{ launch?: () => Promise<{ port: number, kill: () => unknown }>, audit?: typeof lighthouse }} [tools]
 */
export async function auditUntilTraced(url, { launch = launchChromium, audit = lighthouse } = {}) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch();
    try {
      const runnerResult = await audit(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        maxWaitForLoad: 45_000,
      });
      const code = runnerResult?.lhr.runtimeError?.code;
      if (!code || !TRACE_ERRORS.has(code) || attempt === MAX_ATTEMPTS) {
        return { runnerResult, attempts: attempt };
      }
      console.warn(`[lighthouse] ${url}: ${code} on attempt ${attempt}, auditing again in a new Chromium`);
    } finally {
      await chrome.kill();
    }
  }
}

/**
 * Audits each page (each in a Chromium of its own) and returns the figures that matter. With
 * reportDir, each page's whole Lighthouse report (bootup time, requests, LCP element…) is also written there as JSON.
 * @param {string} baseUrl
 * @param {string[]} paths
 * @param {{ reportDir?: string }} [options]
 */
export async function runLighthouse(baseUrl, paths, { reportDir } = {}) {
  const results = [];
  for (const path of paths) {
    const url = new URL(path, baseUrl).href;
    const { runnerResult, attempts } = await auditUntilTraced(url);
    const lhr = runnerResult?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    let reportFile;
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      const slug = path.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9-]+/gi, '_') || 'home';
      reportFile = nodePath.join(reportDir, `${slug}.json`);
      fs.writeFileSync(
        reportFile,
        typeof runnerResult.report === 'string' ? runnerResult.report : JSON.stringify(lhr),
      );
    }
    /** @type {Array<{ resourceType?: string, transferSize?: number, url?: string }>} */
    const requests = /** @type {any} */ (lhr.audits['network-requests']?.details)?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === 'Script');
    results.push({
      path,
      url: lhr.finalDisplayedUrl,
      reportFile,
      runtimeError: lhr.runtimeError?.message,
      attempts,
      warnings: lhr.runWarnings,
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [
          id,
          lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
        ]),
      ),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? null,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? null,
      scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      scriptCount: scripts.length,
      totalTransferBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
      // Weighted audits that did not pass, per category other than performance.
      failedAudits: Object.fromEntries(
        CATEGORIES.filter((id) => id !== 'performance').map((id) => [
          id,
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0)
            .map((ref) => lhr.audits[ref.id])
            .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
            .map((audit) => audit?.id),
        ]),
      ),
    });
  }
  return results;
}
