// The app: loaded by main.tsx, after a server-rendered page's first paint.

/**
 * The app's code is evaluated a part per task: evaluating one module graph is one task, and the whole
 * app at once (480 KB of code with React DOM) held the main thread for 70 ms, four times that on a
 * phone, while the page was already painted. The libraries first (Preact, TanStack's router and
 * query cache), then the app (start.tsx), each in its own chunk (vite.config.ts, firstPageChunks);
 * their files are all preloaded together, so that only their evaluation is spread out.
 *
 * Nothing is awaited at the top level of a module that other chunks import: this one is the app's
 * entry only, imported by main.tsx.
 */
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const rendered = root.firstElementChild !== null;

/**
 * On a server-rendered page, already painted and usable, the browser handles a tap or a scroll
 * between two steps; an empty page (the shell) shows nothing until the app runs, so it goes on at once.
 */
const yieldToBrowser = () =>
  rendered ? new Promise<void>((resolve) => setTimeout(resolve, 0)) : Promise.resolve();

await import('./libraries');
await yieldToBrowser();
const { start } = await import('./start');
void start({ root, rendered, yieldToBrowser });

// A module (its top-level awaits need one), which exports nothing.
export {};
