/** How long a protected page waits for its guard before showing the authentication loading page. */
export const AUTH_PENDING_MS = 200;

/**
 * The authentication loading page: shown on a protected page while the session starts (the route
 * guard waits up to 3 seconds before deciding).
 */
export function AuthLoadingPage() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] flex-col items-center justify-center gap-4"
    >
      <span className="size-8 animate-spin rounded-full border-2 border-wine-200 border-t-wine-700 motion-reduce:animate-none" />
      <p className="text-ink-soft">Checking your sign-in…</p>
    </div>
  );
}
