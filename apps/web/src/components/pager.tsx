const pageButtonClass =
  'rounded-full border border-wine-800 px-3 py-1.5 font-semibold text-wine-800 disabled:opacity-40';

/**
 * Previous / "Page N of M" / Next under a paged list of the back office (the API's
 * `{ total_pages, next }`). Nothing when everything fits on one page.
 */
export function Pager({
  page,
  totalPages,
  hasNext,
  onPage,
  detail,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
}: {
  page: number;
  totalPages: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  /** Said after "Page N of M", in brackets: "1,250 deliveries, 5 a page". */
  detail?: string;
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={pageButtonClass}>
        {previousLabel}
      </button>
      <span className="text-ink-soft">
        Page {page} of {totalPages}
        {detail ? ` (${detail})` : null}
      </span>
      <button type="button" disabled={!hasNext} onClick={() => onPage(page + 1)} className={pageButtonClass}>
        {nextLabel}
      </button>
    </nav>
  );
}
