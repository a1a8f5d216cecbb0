import { BRAND } from '@shop/contract/brand';
import { useEffect } from 'react';

/**
 * Once a named thing is shown (an event), the tab's title becomes "{name} | {brand}" instead of
 * the route's generic title (docs/product.md section 10): a tab, a bookmark or a shared link says
 * which one it is.
 */
export function useNamedPageTitle(name: string | undefined): void {
  useEffect(() => {
    if (!name) return;
    let active = true;
    // The layout sets the route's title in its own effect, which runs after this page's effects in
    // the same commit: the name is set just after it.
    queueMicrotask(() => {
      if (active) document.title = `${name} | ${BRAND.name}`;
    });
    return () => {
      active = false;
    };
  }, [name]);
}
