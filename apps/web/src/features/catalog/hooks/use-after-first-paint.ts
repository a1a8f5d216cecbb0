import { useEffect, useState } from 'react';

/** Once the app's first screen is up, later pages draw everything at once (Back then restores the scroll). */
let firstPaintDone = false;

/**
 * How many of a page's `parts` to draw: none on the first render of the app's first page, then one
 * more in each task after it, so that what waits for it is drawn right after the first screen in
 * small steps rather than one long task, and the page answers input in between. Preact renders an
 * update in one go (its `startTransition` only calls back, decision 0022): the steps are this hook's
 * own tasks. Later mounts (navigating back to the page) draw every part at once. Use it for content
 * below the fold only.
 */
export function useAfterFirstPaint(parts: number): number {
  const [shown, setShown] = useState(firstPaintDone ? parts : 0);
  useEffect(() => {
    firstPaintDone = true;
    if (shown >= parts) return;
    const timer = setTimeout(() => setShown((count) => Math.min(count + 1, parts)), 0);
    return () => clearTimeout(timer);
  }, [shown, parts]);
  return shown;
}
