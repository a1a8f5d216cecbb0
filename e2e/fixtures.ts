import { test as base, expect, type Page } from '@playwright/test';

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

const matches = (text: string, pattern: ConsolePattern) =>
  typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);

/**
 * The suite's `test`: a `console.error` or an uncaught exception in any page of the test fails
 * the test, unless it matches a pattern allowed with `consoleGuard.allow(...)` or the
 * `allowedConsoleErrors` option. Tests that only use `request` start no browser.
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

  page: async ({ page, consoleState }, use, testInfo) => {
    const watch = (target: Page) => {
      target.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        consoleState.errors.push(
          `console.error: ${message.text()}${url ? ` (${url}:${lineNumber + 1})` : ''}`,
        );
      });
      target.on('pageerror', (error) => {
        consoleState.errors.push(`uncaught ${error.name}: ${error.message}`);
      });
    };
    watch(page);
    page.context().on('page', watch);

    await use(page);

    const unexpected = consoleState.errors.filter(
      (text) => !consoleState.allowed.some((pattern) => matches(text, pattern)),
    );
    // A test that already failed keeps its own error; the console adds nothing to it.
    if (unexpected.length > 0 && testInfo.status === testInfo.expectedStatus) {
      throw new Error(
        `The page logged ${unexpected.length} unexpected error(s):\n${unexpected.map((text) => `  - ${text}`).join('\n')}`,
      );
    }
  },
});

export { expect };
