import {
  createContext,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * Hydration in steps, for a server-rendered page with many parts (a list of cards).
 *
 * The build's Preact (decision 0018) hydrates a whole page in one task, and a list page's twelve
 * cards held a slow phone's main thread for a quarter of a second (Lighthouse's TBT). A part wrapped
 * in `HydrateLater` suspends while the page is first hydrated: Preact keeps its server markup as it
 * is (visible, its links working as plain links) and hydrates it once its step comes, a task after
 * the step before. Preact runs everywhere (dev server and component tests too, decision 0022).
 */
let firstHydration = false;
/** The server's render (entry-server.tsx) is under way. */
let serverRender = false;
const stepsDone = new Map<number, Promise<void>>();

/** Runs `hydrate` (hydrateRoot) with the steps enabled: parts rendered synchronously during it wait. */
export function hydrateInSteps(hydrate: () => void): void {
  firstHydration = true;
  try {
    hydrate();
  } finally {
    firstHydration = false;
  }
}

/** Runs the server's `render` (renderToString): stores answer their server snapshot (useExternalStore). */
export function renderOnServer<T>(render: () => T): T {
  serverRender = true;
  try {
    return render();
  } finally {
    serverRender = false;
  }
}

/**
 * Inside a part that waited for its step (HydrateLater): while it is being hydrated, what mounts in
 * it still adopts the server's markup. A box, cleared once the part's first render is committed.
 */
const LateHydration = createContext<{ current: boolean }>({ current: false });

/**
 * `useSyncExternalStore` as React's does it: the server renders, and the browser hydrates, with
 * `getServerSnapshot`; the browser then renders the store's own snapshot once the part is its own.
 * preact/compat's ignores `getServerSnapshot` (it calls `getSnapshot` on the server too), and a
 * store that differs between the two (the age answer in localStorage, the session) made the
 * server's markup and the browser's first render disagree. Outside hydration (a page the app
 * renders itself) the store's snapshot is used at once.
 */
export function useExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const late = useContext(LateHydration);
  const [adopted, setAdopted] = useState(() => !(serverRender || firstHydration || late.current));
  useEffect(() => {
    if (!adopted) setAdopted(true);
  }, [adopted]);
  return useSyncExternalStore(subscribe, adopted ? getSnapshot : getServerSnapshot);
}

/** Resolves in a task of its own, after the step before has resolved. */
function stepDone(step: number): Promise<void> {
  let done = stepsDone.get(step);
  if (!done) {
    const before = step > 1 ? stepDone(step - 1) : Promise.resolve();
    done = before.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    stepsDone.set(step, done);
  }
  return done;
}

/**
 * Resolves once the parts that waited for a step in the first hydration have all been hydrated: a
 * task after the last step, in which Preact renders the part that step let go (a render it queues
 * as a microtask). Called after `hydrateInSteps` has returned, when every step asked for is known.
 */
export async function hydrationStepsDone(): Promise<void> {
  await Promise.all(stepsDone.values());
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

function Gate({ step, children }: { step: number; children: ReactNode }) {
  // Thrown, a promise suspends this part (the Suspense boundary around it keeps the server's markup).
  // When it resolves, a task later, the first hydration has returned: the part then renders.
  if (firstHydration && step > 0) throw stepDone(step);
  return children;
}

/** Marks the end of a late part's hydration: rendered after its children, committed with them. */
function Hydrated({ late }: { late: { current: boolean } }) {
  useEffect(() => {
    late.current = false;
  }, [late]);
  return null;
}

/** `children` hydrated at step `step` (0: with the page, 1, 2…: a task apart each) of the first hydration. */
export function HydrateLater({ step, children }: { step: number; children: ReactNode }) {
  const [late] = useState(() => ({ current: firstHydration && step > 0 }));
  return (
    <LateHydration.Provider value={late}>
      <Suspense fallback={null}>
        <Gate step={step}>{children}</Gate>
        <Hydrated late={late} />
      </Suspense>
    </LateHydration.Provider>
  );
}
