import { useCallback, useEffect, useState } from 'react';

/** Parts (by key) that have been near the viewport once: they draw at once when shown again. */
const seen = new Set<string>();

/**
 * True once the element is within `margin` of the viewport (and from then on). Parts of a long page
 * use it to render only when the visitor gets near them, which keeps the first load's main thread
 * free. With a `key`, a part seen once draws at once the next time (so that Back restores the
 * scroll position on a page that is all there). Without IntersectionObserver, everything is near.
 */
export function useNearViewport<T extends Element>({
  key,
  margin = '600px',
}: {
  key?: string;
  margin?: string;
} = {}): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  // Not near on the server (no window): a server-rendered page shows the placeholder, as the
  // browser's first render over it must (hydration), and the observer takes it from there.
  const [near, setNear] = useState(
    () =>
      (typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined') ||
      (key !== undefined && seen.has(key)),
  );

  useEffect(() => {
    if (near) {
      if (key !== undefined) seen.add(key);
      return;
    }
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin, key]);

  const ref = useCallback((node: T | null) => setElement(node), []);
  return [ref, near];
}
