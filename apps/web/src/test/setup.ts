import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Every web test: jest-dom matchers, a clean DOM after each test, and a failure whenever anything
 * writes to console.error or console.warn (React warnings, act() warnings, router warnings…).
 */
const original = { error: console.error, warn: console.warn };
let consoleCalls: string[] = [];

beforeEach(() => {
  consoleCalls = [];
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
  if (consoleCalls.length > 0) {
    const calls = consoleCalls;
    consoleCalls = [];
    throw new Error(`The test wrote to the console:\n${calls.join('\n')}`);
  }
});
