import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { useEffect } from 'react';
import type { ExternalToast } from 'sonner';
import { useExternalStore } from './hydration-steps';

/**
 * The shop's toasts (sonner): `toast` to show one, `<Toasts />` where they appear (AppProviders).
 *
 * Sonner (34 KB of code) is not part of the first page, which shows no toast: it is loaded when
 * the visitor first taps or types (what follows a tap is usually what a toast reports, so it is
 * there by then), and at the latest by the first toast, which is shown as soon as it has loaded.
 * A toast shown before `<Toasts />` has mounted still appears: sonner's toaster shows the active
 * ones when it mounts.
 */
type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']>[0];

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
const loadedListeners = new Set<() => void>();

/** Sonner, loaded once. */
export function loadToasts(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const listener of loadedListeners) listener();
      return module;
    },
    (error: unknown) => {
      // Tried again by the next toast (the chunk failed to load: offline, or a new build deployed).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Runs `call` with sonner now, or once it has loaded (in the order the calls were made). */
function withSonner(call: (loaded: Sonner) => void): void {
  if (sonner) call(sonner);
  else
    void loadToasts().then(call, (error: unknown) => {
      // A toast is never worth an unhandled rejection.
      console.warn('The toasts could not be loaded', error);
    });
}

/** Shows a toast (sonner's `toast` and its kinds), loading sonner first if needed. */
export const toast = Object.assign(
  (message: Message, options?: ExternalToast): void => withSonner((loaded) => loaded.toast(message, options)),
  {
    success: (message: Message, options?: ExternalToast): void =>
      withSonner((loaded) => loaded.toast.success(message, options)),
    info: (message: Message, options?: ExternalToast): void =>
      withSonner((loaded) => loaded.toast.info(message, options)),
    error: (message: Message, options?: ExternalToast): void =>
      withSonner((loaded) => loaded.toast.error(message, options)),
    /** Closes one toast (by id), or all of them. */
    dismiss: (id?: string | number): void => withSonner((loaded) => loaded.toast.dismiss(id)),
  },
);

const subscribeToLoad = (listener: () => void) => {
  loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
};
const loadedSonner = () => sonner;
const noSonnerOnServer = () => undefined;

/** Where the toasts appear (top centre, 3 s, with a close button and the kinds' colours). */
export function Toasts() {
  const loaded = useExternalStore(subscribeToLoad, loadedSonner, noSonnerOnServer);

  useEffect(() => {
    if (loaded) return;
    const events = ['pointerdown', 'keydown'] as const;
    const load = () => {
      for (const event of events) window.removeEventListener(event, load, true);
      // Tried again by the first toast if it fails.
      loadToasts().catch(() => {});
    };
    for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, load, true);
    };
  }, [loaded]);

  if (!loaded) return null;
  const { Toaster } = loaded;
  return <Toaster position="top-center" duration={TOAST_DURATION_MS} closeButton richColors />;
}
