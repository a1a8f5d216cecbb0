import { type ReactNode, Suspense } from 'react';

/**
 * Hydration in steps, for a server-rendered page with many parts (a list of cards).
 *
 * The build's Preact (decision 0018) hydrates a whole page in one task, and a list page's twelve
 * cards held a slow phone's main thread for a quarter of a second (Lighthouse's TBT). A part wrapped
 * in `HydrateLater` suspends while the page is first hydrated: Preact keeps its server markup as it
 * is (visible, its links working as plain links) and hydrates it once its step comes, a task after
 * the step before. React (dev server, component tests) hydrates concurrently and yields by itself:
 * there `hydrateInSteps` returns before React renders, and nothing suspends.
 */
let firstHydration = false;
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

function Gate({ step, children }: { step: number; children: ReactNode }) {
  // Thrown, a promise suspends this part (the Suspense boundary around it keeps the server's markup).
  // When it resolves, a task later, the first hydration has returned: the part then renders.
  if (firstHydration && step > 0) throw stepDone(step);
  return children;
}

/** `children` hydrated at step `step` (0: with the page, 1, 2…: a task apart each) of the first hydration. */
export function HydrateLater({ step, children }: { step: number; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate step={step}>{children}</Gate>
    </Suspense>
  );
}
