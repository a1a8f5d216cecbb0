import { startTransition, useEffect, useState } from 'react';

/** Once the app's first screen is up, later pages draw everything at once (Back then restores the scroll). */
let firstPaintDone = false;

/**
 * False on the first render of the app's first page, then true, set in a transition: what waits for
 * it is drawn right after the first screen, in small interruptible steps rather than one long task,
 * so the page answers input sooner. Later mounts (navigating back to the page) answer true at once.
 * Use it for content below the fold only.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(firstPaintDone);
  useEffect(() => {
    firstPaintDone = true;
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready;
}
