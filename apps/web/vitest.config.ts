import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    setupFiles: ['src/test/setup.ts'],
    // Whole journeys through a page (render, type, click, answer) share two cores with the API
    // tests: 5 s was met on a quiet machine only. A test that hangs still fails, and each wait
    // inside a test keeps its own 5 s (asyncUtilTimeout in the setup).
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
