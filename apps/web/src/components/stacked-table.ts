/**
 * Class names for a table that fits a phone: below the `md` breakpoint each row becomes a card of
 * label/value lines (the label comes from the cell's `data-label`, drawn by CSS, so the text and
 * the table's semantics stay the same), and from `md` up it is an ordinary table. Lists with many
 * columns (invoices, payments) use it instead of a table scrolling sideways inside its card.
 */
export const stackedTable = {
  /** The rounded frame around the table; scrolls sideways only on wide screens, if ever. */
  frame: 'rounded-2xl border border-cream-200 bg-white shadow-sm md:overflow-x-auto',
  table: 'block w-full text-left text-sm md:table',
  /** Column headers: read by screen readers everywhere, shown from `md` up. */
  head: 'max-md:sr-only',
  body: 'block divide-y divide-cream-200 md:table-row-group',
  row: 'block px-4 py-3 md:table-row md:p-0',
  /**
   * Every th/td of a row; give each `data-label` (its column's name) and its vertical alignment.
   * Long unbroken values (an e-mail address, a reference) wrap anywhere rather than widen a phone's page.
   */
  cell: [
    'flex items-start justify-between gap-4 py-1 [overflow-wrap:anywhere] max-md:text-right md:table-cell md:px-4 md:py-3',
    'before:shrink-0 before:text-xs before:font-normal before:tracking-[0.1em] before:text-ink-soft before:uppercase before:content-[attr(data-label)] md:before:content-none',
  ].join(' '),
  headerCell: 'px-4 py-3',
} as const;
