import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Every web test: jest-dom matchers, a clean DOM after each test, and a failure whenever anything
 * writes to console.error or console.warn (React warnings, act() warnings, router warnings…) or
 * makes a request that no fake of the test answers (it would reach whatever listens on
 * happy-dom's default origin, localhost:3000).
 */
// findBy… and waitFor give up after this long: a page's lazily loaded code can take seconds to
// arrive when the machine is busy, and a passing wait returns as soon as the element is there.
configure({ asyncUtilTimeout: 5_000 });

// happy-dom's elements lack the drag events' handler properties (`ondrop`…) that browsers have.
// Preact names a listener by them (`onDrop` listens for "drop" when `ondrop` is an element's
// property, for "Drop" otherwise): without them a test's drop never reached the page.
for (const name of [
  'ondrag',
  'ondragend',
  'ondragenter',
  'ondragleave',
  'ondragover',
  'ondragstart',
  'ondrop',
]) {
  if (typeof HTMLElement !== 'undefined' && !(name in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, name, { value: null, writable: true, configurable: true });
  }
}

const original = { error: console.error, warn: console.warn };
let consoleCalls: string[] = [];
let unansweredRequests: string[] = [];

beforeEach(() => {
  consoleCalls = [];
  unansweredRequests = [];
  // A test that talks to the API stubs fetch itself (its stub replaces this one).
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    unansweredRequests.push(`${method} ${url}`);
    return Promise.reject(new TypeError(`No fake API answers ${method} ${url}`));
  });
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      consoleCalls.push(`console.${level}: ${args.map((arg) => String(arg)).join(' ')}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  console.error = original.error;
  console.warn = original.warn;
  if (unansweredRequests.length > 0) {
    const requests = unansweredRequests;
    unansweredRequests = [];
    throw new Error(`The test made requests that no fake answered:\n${requests.join('\n')}`);
  }
  if (consoleCalls.length > 0) {
    const calls = consoleCalls;
    consoleCalls = [];
    throw new Error(`The test wrote to the console:\n${calls.join('\n')}`);
  }
});
