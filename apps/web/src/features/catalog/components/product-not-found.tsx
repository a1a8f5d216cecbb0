import { Link } from '@tanstack/react-router';
import { SearchForm } from '../../../components/search-form';

/** A product that does not exist (or is no longer sold): say so kindly and offer ways on. */
export function ProductNotFound() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <h1 className="text-4xl sm:text-5xl">We couldn’t find that bottle</h1>
      <p className="mt-4 max-w-xl text-lg text-ink-soft">
        It may have sold out for good, or the link may be mistyped. Search the cellar, or browse what we have
        in stock.
      </p>
      <div className="mt-8 flex w-full justify-center">
        <SearchForm />
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/products"
          className="rounded-full bg-wine-800 px-6 py-3 font-semibold text-cream-50 transition hover:bg-wine-900"
        >
          Browse wines and spirits
        </Link>
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
