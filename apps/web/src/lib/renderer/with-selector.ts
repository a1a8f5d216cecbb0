/**
 * `use-sync-external-store/shim/with-selector` (React's, MIT) on Preact's hooks, which the router's
 * store (@tanstack/react-store) and the charts (react-redux) import. The package is CommonJS: its
 * `require('react')` is out of the aliases' reach in the component tests (renderer.ts), and would
 * load React itself. Same logic as the package's: the selection is kept while the snapshot is the
 * same, or while `isEqual` says the new selection equals the last one. `getServerSnapshot` is
 * accepted and not used: Preact's `useSyncExternalStore` reads `getSnapshot` on the server too
 * (the router's and the charts' stores answer the same on both sides).
 */
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

type Instance<Selection> = { hasValue: boolean; value: Selection | null };

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  _getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const instance = useRef<Instance<Selection> | null>(null);
  if (instance.current === null) instance.current = { hasValue: false, value: null };
  const inst = instance.current;

  const getSelection = useMemo(() => {
    let hasMemo = false;
    let memoizedSnapshot: Snapshot;
    let memoizedSelection: Selection;
    const memoizedSelector = (nextSnapshot: Snapshot): Selection => {
      if (!hasMemo) {
        hasMemo = true;
        memoizedSnapshot = nextSnapshot;
        const nextSelection = selector(nextSnapshot);
        if (isEqual !== undefined && inst.hasValue && isEqual(inst.value as Selection, nextSelection)) {
          memoizedSelection = inst.value as Selection;
          return memoizedSelection;
        }
        memoizedSelection = nextSelection;
        return nextSelection;
      }
      const currentSelection = memoizedSelection;
      if (Object.is(memoizedSnapshot, nextSnapshot)) return currentSelection;
      const nextSelection = selector(nextSnapshot);
      if (isEqual?.(currentSelection, nextSelection)) {
        memoizedSnapshot = nextSnapshot;
        return currentSelection;
      }
      memoizedSnapshot = nextSnapshot;
      memoizedSelection = nextSelection;
      return nextSelection;
    };
    return () => memoizedSelector(getSnapshot());
  }, [getSnapshot, selector, isEqual, inst]);

  const value = useSyncExternalStore(subscribe, getSelection);
  useEffect(() => {
    inst.hasValue = true;
    inst.value = value;
  }, [inst, value]);
  useDebugValue(value);
  return value;
}
