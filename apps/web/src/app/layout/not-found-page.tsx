import { Link } from '@tanstack/react-router';
import { SearchForm } from '../../components/search-form';

/** The designed 404 page: shown for any path that is not a page of the shop. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="font-serif text-7xl text-wine-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-4xl sm:text-5xl">Page not found</h1>
      <p className="mt-4 max-w-xl text-lg text-ink-soft">
        This bottle seems to have left the cellar. The page may have moved, or the link may be mistyped. Try a
        search, or start again from one of the pages below.
      </p>
      <div className="mt-8 flex w-full justify-center">
        <SearchForm />
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-full bg-wine-800 px-6 py-3 font-semibold text-cream-50 transition hover:bg-wine-900"
        >
          Back to the home page
        </Link>
        <Link
          to="/products"
          className="rounded-full border border-wine-800 px-6 py-3 font-semibold text-wine-800 transition hover:bg-wine-50"
        >
          Browse wines and spirits
        </Link>
      </div>
    </div>
  );
}
