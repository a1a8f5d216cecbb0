import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';

/** Shown in place of a page that failed to load (for example after an update, or offline). */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-4xl">Something went wrong</h1>
      <p className="mt-4 max-w-xl text-lg text-ink-soft">
        This page could not be shown. Check your connection and try again; if it keeps happening, reload the
        page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
          className="rounded-full bg-wine-800 px-6 py-3 font-semibold text-cream-50 transition hover:bg-wine-900"
        >
          Try again
        </button>
        <Link
          to="/"
          className="rounded-full border border-wine-800 px-6 py-3 font-semibold text-wine-800 transition hover:bg-wine-50"
        >
          Back to the home page
        </Link>
      </div>
    </div>
  );
}
