import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import axe from 'axe-core';

export type ConsolePattern = string | RegExp;

type ConsoleGuard = {
  /** Lets console errors or page errors that match one of the patterns pass, in this test only. */
  allow: (...patterns: ConsolePattern[]) => void;
  /** Every error seen so far, allowed or not. */
  readonly errors: readonly string[];
};

type Fixtures = {
  /** Errors expected by every test of a file or describe block: `test.use({ allowedConsoleErrors: [...] })`. */
  allowedConsoleErrors: ConsolePattern[];
  /** Per-test allowlist: `consoleGuard.allow(/404 \(Not Found\)/)`. */
  consoleGuard: ConsoleGuard;
};

type State = { errors: string[]; allowed: ConsolePattern[] };

/** What the page checks found (accessibility and layout), and the checks still running. */
type PageChecks = { problems: Set<string>; running: Set<Promise<void>>; loaded: Set<string> };

const matches = (text: string, pattern: ConsolePattern) =>
  typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);

/** axe's impacts that fail a journey (issue 33 item 12); moderate and minor ones are advice. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The page was left or closed while it was being checked: the check of the next page, or of the
 * test's end, covers what is shown then.
 */
const PAGE_GONE =
  /Execution context was destroyed|Target (page, context or browser )?(has been )?closed|frame was detached|navigating|Navigation|Cannot find context/i;

const SANDBOX_AT_WORK =
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

type Axe = typeof axe;

/**
 * axe's serious and critical findings in the page's document, one line each. axe runs in the
 * document only: frames (an e-mail's sandboxed preview) get no script.
 */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: engine } = window as unknown as { axe: Axe };
    // Colours are judged at rest: a toast fading in has a fraction of its contrast. The test goes
    // on acting while this check runs, so a button it presses (disabled while busy, then fading
    // back from the disabled opacity) could be caught mid-transition: transitions are off for the
    // check's length, so every change lands at once. Finite animations end first (a spinner's
    // never does), within a bound.
    const atRest = document.createElement('style');
    atRest.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(atRest);
    const settling = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(settling), new Promise((resolve) => setTimeout(resolve, 1_500))]);
    const results = await engine
      .run(document, {
        iframes: false,
        // Violations only: collecting every passing node doubles axe's time.
        resultTypes: ['violations'],
        // Visible text missing from an accessible name (WCAG 2.5.3) is still marked experimental.
        rules: { 'label-content-name-mismatch': { enabled: true } },
      })
      .finally(() => atRest.remove());
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `axe ${violation.id} (${violation.impact}): ${violation.help} — ${violation.targets.slice(0, 5).join(', ')}`,
    );
}

/**
 * Every visible element whose visible part reaches past the viewport's left or right edge (a
 * panel placed from a button near the edge overflows to the left, where the page cannot scroll),
 * and the page itself when it is wider than the viewport. What a scrolling or clipping container
 * hides is not visible: an element counts by the part of it inside its containers' boxes.
 */
export function overflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport`);
    }
    type Span = { left: number; right: number };
    const everything: Span = { left: Number.NEGATIVE_INFINITY, right: Number.POSITIVE_INFINITY };
    // The horizontal span an element's descendants are visible in (its ancestors' clips).
    const clipOfChildren = new Map<Element, Span>();
    const clipOf = (element: Element): Span => {
      const parent = element.parentElement;
      if (!parent || getComputedStyle(element).position === 'fixed') return everything;
      const known = clipOfChildren.get(parent);
      if (known) return known;
      const outer = clipOf(parent);
      let span = outer;
      if (getComputedStyle(parent).overflowX !== 'visible') {
        const box = parent.getBoundingClientRect();
        span = { left: Math.max(outer.left, box.left), right: Math.min(outer.right, box.right) };
      }
      clipOfChildren.set(parent, span);
      return span;
    };
    const nameOf = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ??
        element.getAttribute('data-testid') ??
        (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}>${label ? ` "${label}"` : ''}`;
    };
    const reported: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (reported.some((outer) => outer.contains(element))) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text is a 1px box clipped to nothing.
      if (box.width <= 1 || box.height <= 1) continue;
      const clip = clipOf(element);
      const left = Math.max(box.left, clip.left);
      const right = Math.min(box.right, clip.right);
      if (right - left <= 1) continue;
      if (left < -1 || right > width + 1) {
        reported.push(element);
        problems.push(`${nameOf(element)} spans ${Math.round(left)}–${Math.round(right)} of ${width}px`);
      }
    }
    return problems;
  });
}

/** Records the page's accessibility and overflow problems; nothing when the page was left meanwhile. */
async function checkPage(page: Page, checks: PageChecks, when: string, shopOrigin: string): Promise<void> {
  if (page.isClosed()) return;
  const url = page.url();
  // Only the shop's pages: not the test's sign-in provider or about:blank.
  if (!url.startsWith('http') || new URL(url).origin !== shopOrigin) return;
  try {
    // After the app has started and read what it needs (axe holds the page's thread a while);
    // a page that keeps polling is checked all the same.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    // The page the check began on, at rest: not one it left for meanwhile (another site's sign-in),
    // not a list dimmed while its next page loads (aria-busy), and only HTML (not JSON or downloads).
    if (page.url() !== url) return;
    const atRest = await page.evaluate(
      () => document.contentType === 'text/html' && !document.querySelector('[aria-busy="true"]'),
    );
    if (!atRest || page.url() !== url) return;
    const found = [...(await accessibilityProblems(page)), ...(await overflowProblems(page))];
    const path = new URL(url).pathname;
    for (const problem of found)
      checks.problems.add(`${path} (${when}, ${page.viewportSize()?.width}px): ${problem}`);
  } catch (error) {
    if (page.isClosed() || page.url() !== url || PAGE_GONE.test(String(error))) return;
    checks.problems.add(`${url}: the checks could not run: ${String(error)}`);
  }
}

/**
 * The suite's `test`. In every page of the test (its `page`, pop-ups, and the pages of contexts it
 * opens with `browser.newContext()`):
 * - a `console.error` or an uncaught exception fails the test, unless it matches a pattern allowed
 *   with `consoleGuard.allow(...)` or the `allowedConsoleErrors` option;
 * - axe's serious or critical findings, and any visible element reaching past the viewport's left
 *   or right edge, fail the test: checked at each document load and, on every page still open, at
 *   the test's end (or when the test closes its context).
 * Tests that only use `request` start no browser.
 */
export const test = base.extend<Fixtures & { consoleState: State }>({
  allowedConsoleErrors: [[], { option: true }],

  consoleState: async ({ allowedConsoleErrors }, use) => {
    await use({ errors: [], allowed: [...allowedConsoleErrors] });
  },

  consoleGuard: async ({ consoleState }, use) => {
    await use({
      allow: (...patterns) => {
        consoleState.allowed.push(...patterns);
      },
      get errors() {
        return consoleState.errors;
      },
    });
  },

  page: async ({ page, browser, baseURL, consoleState }, use, testInfo) => {
    const shopOrigin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    const pageChecks: PageChecks = { problems: new Set(), running: new Set(), loaded: new Set() };
    // One check at a time in a page: axe refuses to start while it runs (a load during the end's check).
    const lastCheckOf = new WeakMap<Page, Promise<void>>();
    const schedule = (target: Page, when: string) => {
      const started = Date.now();
      const previous = lastCheckOf.get(target) ?? Promise.resolve();
      const check = previous
        .then(() => checkPage(target, pageChecks, when, shopOrigin))
        .finally(() => {
          pageChecks.running.delete(check);
          // The checks' time is not the test's: its own timeout is kept for its own steps.
          testInfo.setTimeout(testInfo.timeout + (Date.now() - started));
        });
      pageChecks.running.add(check);
      lastCheckOf.set(target, check);
      return check;
    };
    const settle = async () => {
      while (pageChecks.running.size > 0) await Promise.all(pageChecks.running);
    };
    const checkOpenPages = async (context: BrowserContext) => {
      await settle();
      for (const open of context.pages()) await schedule(open, 'at the end');
    };
    const watch = (target: Page) => {
      target.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A sandboxed preview (a campaign, an outbox e-mail) refusing a script is its sandbox at work:
        // the shop puts none there, the test tooling's page snapshots do.
        if (SANDBOX_AT_WORK.test(message.text())) return;
        const { url, lineNumber } = message.location();
        consoleState.errors.push(
          `console.error: ${message.text()}${url ? ` (${url}:${lineNumber + 1})` : ''}`,
        );
      });
      target.on('pageerror', (error) => {
        consoleState.errors.push(`uncaught ${error.name}: ${error.message}`);
      });
      // Each address once per test on load (a journey returns to the same pages); at the end, all.
      target.on('load', () => {
        const address = target.url().split('#')[0] ?? '';
        if (pageChecks.loaded.has(address)) return;
        pageChecks.loaded.add(address);
        void schedule(target, 'on load');
      });
    };
    const watchContext = async (context: BrowserContext) => {
      // A refusal by the Content-Security-Policy is a defect of the page (Chrome files it among its
      // Issues, and Lighthouse's best practices count it) though the page raises no error itself.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content-Security-Policy refused ${event.violatedDirective} (${event.blockedURI || 'inline'}) in ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      for (const open of context.pages()) watch(open);
      context.on('page', watch);
    };
    await watchContext(page.context());

    // Contexts the test opens itself (a second person at another desk) are watched the same way;
    // their open pages are checked when the test closes them, or at the end.
    const opened: BrowserContext[] = [];
    const newContext = browser.newContext;
    browser.newContext = async function watchedContext(this: Browser, ...options) {
      const context = await newContext.apply(this, options);
      opened.push(context);
      await watchContext(context);
      const close = context.close;
      context.close = async function checkedClose(this: BrowserContext, ...closeOptions) {
        await checkOpenPages(context);
        return close.apply(this, closeOptions);
      };
      return context;
    };

    try {
      await use(page);
    } finally {
      browser.newContext = newContext;
    }

    // A test that already failed keeps its own error; the console and the checks add nothing to it.
    if (testInfo.status !== testInfo.expectedStatus) return;
    for (const context of [page.context(), ...opened]) await checkOpenPages(context);

    const unexpected = consoleState.errors.filter(
      (text) => !consoleState.allowed.some((pattern) => matches(text, pattern)),
    );
    if (unexpected.length > 0) {
      throw new Error(
        `The page logged ${unexpected.length} unexpected error(s):\n${unexpected.map((text) => `  - ${text}`).join('\n')}`,
      );
    }
    if (pageChecks.problems.size > 0) {
      throw new Error(
        `The pages had ${pageChecks.problems.size} accessibility or layout problem(s):\n${[...pageChecks.problems].map((text) => `  - ${text}`).join('\n')}`,
      );
    }
  },
});

export { expect };
