// First, before any module builds a schema: zod reads the setting when a schema is made.
import './lib/zod-without-eval';
import './styles.css';
import { holdInputUntilHydrated } from './lib/held-input';

/**
 * The entry: the style sheet, and the app (boot.tsx) once the page can show without it.
 *
 * A server-rendered page is read, and its links work, before any JavaScript runs (decision 0013).
 * Its code (Preact, the router, the page's own chunks: 78–94 KB brotli) is therefore fetched after
 * the first paint, so that on a phone's slow connection it does not share the bandwidth with the
 * HTML, the style sheet and the first screen's pictures; the server lists the page's chunks in
 * #page-modules instead of preloading them. A page left to the browser (the shell) shows nothing
 * without the app: its chunks are preloaded by the HTML and the app starts at once.
 */

/** Resolves after the browser has painted what it has (a frame, then a task), or soon in a hidden tab. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    // A background tab paints nothing until it is shown: the app starts anyway.
    setTimeout(resolve, 500);
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's chunks the server listed (#page-modules), preloaded together with the app. Starting a
 * module's download holds the main thread 1–4 ms (measured on the home page, more on a phone): one
 * per task, rather than a dozen in one long task.
 */
async function preloadPageModules(): Promise<void> {
  const text = document.getElementById('page-modules')?.textContent;
  if (!text) return;
  let files: unknown;
  try {
    files = JSON.parse(text);
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string' || document.querySelector(`link[href="${CSS.escape(file)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
    await nextTask();
  }
}

const root = document.getElementById('root');
if (root?.firstElementChild) {
  // Forms sent and buttons tapped before the app has taken the page over are held for it (links
  // need nothing: the browser follows them).
  holdInputUntilHydrated(root);
  await afterFirstPaint();
  await preloadPageModules();
}
if (import.meta.env.DEV) {
  // Preact's debug build, before the app renders anything: a hydration mismatch, a hook called
  // outside a component or a bad child is reported in the console. Never in the build.
  await import('preact/debug');
  await import('./boot');
} else {
  // The app's chunk, named in the page by the build (vite.config.ts, preloadApp).
  const appModule = document.querySelector<HTMLMetaElement>('meta[name="app-module"]')?.content;
  if (!appModule) throw new Error('The page names no app module (meta name="app-module")');
  await import(/* @vite-ignore */ appModule);
}
