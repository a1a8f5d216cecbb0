// The app: loaded by main.tsx, after a server-rendered page's first paint.

/**
 * The app's code is evaluated a part per task: evaluating one module graph is one task, and the whole
 * app at once (480 KB of code) held the main thread for 70 ms, four times that on a phone, while the
 * page was already painted. React DOM first, then TanStack's router and query cache, then the app
 * (start.tsx), each in its own chunk (vite.config.ts, firstPageChunks); their files are all preloaded
 * together, so that only their evaluation is spread out, not their download.
 *
 * Nothing is awaited at the top level of a module that other chunks import: this one is the app's
 * entry only, imported by main.tsx.
 */
const rendered = document.getElementById('root')?.firstElementChild != null;

/** On a server-rendered page the browser handles a tap or a scroll between two parts. */
const yieldToBrowser = () =>
  rendered ? new Promise<void>((resolve) => setTimeout(resolve, 0)) : Promise.resolve();

await import('react-dom/client');
await yieldToBrowser();
await Promise.all([import('@tanstack/react-router'), import('@tanstack/react-query')]);
await yieldToBrowser();
await import('./start');

// A module (its top-level awaits need one), which exports nothing.
export {};
