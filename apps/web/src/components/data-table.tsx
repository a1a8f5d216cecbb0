import {
  type ColumnDef,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Pager } from './pager';
import { QueryState } from './query-state';
import { stackedTable } from './stacked-table';

/** One column of a DataTable, declared once: its name, and what each row shows in it. */
export type DataColumn<Row> = {
  /** The column's name: its header on a desk, the label before each value on a phone. */
  header: string;
  /** A shorter name before each value on a phone, where the header is long ("URA"). */
  label?: string;
  /** The header is read by screen readers only (a column of row actions, say). */
  hideHeader?: boolean;
  /** These cells name their row (a `th scope="row"`), as a day names its opening hours. */
  rowHeader?: boolean;
  /** Extra classes of the column's cells (alignment, figures). */
  className?: string;
  cell: (row: Row, index: number) => ReactNode;
  /** The column's figure in the totals row under the table (see `totalsLabel`). */
  total?: ReactNode;
  /**
   * The column orders the list: the server's sort value for each direction (the API's own names,
   * "price" and "-price"), and whether its first press asks for the largest or newest first.
   */
  sort?: ColumnSortValues;
};

/** A sortable column's sort values, as the list's API takes them in its `sort` parameter. */
export type ColumnSortValues = { asc: string; desc: string; descFirst?: boolean };

type DataTableProps<Row> = {
  /** The table's name (its caption): "Audit trail", "Delivery zones". */
  caption: string;
  /** The caption is shown as the table's title, not only read out. */
  showCaption?: boolean;
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string | number;
  /** A row marked as the one open elsewhere on the page (aria-current). */
  isCurrent?: (row: Row) => boolean;
  /** Extra classes of a row (a retired size is greyed). */
  rowClassName?: (row: Row) => string;
  /** A full-width row under a row (the form that edits it), or null. */
  detail?: (row: Row) => ReactNode;
  /** Said instead of the table when there are no rows. */
  empty?: ReactNode;
  /**
   * A totals row under the rows, named by this ("Total") across the leading columns that have no
   * `total`; drawn when any column has one.
   */
  totalsLabel?: string;
  /**
   * Lines under the rows that sum them up one figure each ("Subtotal", "Delivery fee", "Total"):
   * the name across the leading columns, the figure in the last one.
   */
  footLines?: ReadonlyArray<FootLine>;
  /**
   * The list's order as its API names it (a column's `sort.asc` or `sort.desc`; another value, such
   * as a search's best match, marks no column), and what a press on a column's header asks for.
   */
  sort?: string | undefined;
  onSortChange?: (sort: string) => void;
};

/** A line of a table's `footLines`. */
export type FootLine = { label: ReactNode; value: ReactNode; key: string; strong?: boolean };

const captionClass = 'mb-2 text-left font-serif text-lg text-wine-900';

// Sorting's state and toggles are TanStack's; the rows come ordered by the server (`manualSorting`),
// as every list is paged there. Filtering and paging are the server's too.
const features = tableFeatures({ rowSortingFeature });

/** What a sorted header tells a screen reader. */
const ariaSortOf = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The back office's table (issue 36's kit), on TanStack Table: columns declared once, and a layout
 * that fits a phone (below `md` each row is a card of label/value lines, `stacked-table.ts`), so no
 * table pushes a page sideways.
 */
export function DataTable<Row extends RowData>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  isCurrent,
  rowClassName,
  detail,
  empty,
  totalsLabel = 'Total',
  footLines,
  sort,
  onSortChange,
}: DataTableProps<Row>) {
  const definitions = useMemo<Array<ColumnDef<typeof features, Row>>>(
    () =>
      columns.map((column, index) => ({
        id: String(index),
        header: column.header,
        cell: (info) => column.cell(info.row.original, info.row.index),
        enableSorting: column.sort !== undefined && onSortChange !== undefined,
        sortDescFirst: column.sort?.descFirst ?? false,
        // TanStack sorts only a column with a value to read; the server orders the rows, so the
        // value is never compared.
        accessorFn: () => null,
      })),
    [columns, onSortChange],
  );
  // TanStack keeps the rows it is given; a copy of a read-only list is what it asks for.
  const data = useMemo(() => [...rows], [rows]);
  const sorting = useMemo<SortingState>(() => {
    const index = columns.findIndex(
      (column) => column.sort !== undefined && (column.sort.asc === sort || column.sort.desc === sort),
    );
    return index === -1 ? [] : [{ id: String(index), desc: columns[index]!.sort!.desc === sort }];
  }, [columns, sort]);
  const table = useTable({
    features,
    columns: definitions,
    data,
    getRowId: (row) => String(rowKey(row)),
    state: { sorting },
    manualSorting: true,
    enableMultiSort: false,
    // A press flips the order; the list always has one, so a column's sort is never taken away.
    enableSortingRemoval: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      const values = next ? columns[Number(next.id)]?.sort : undefined;
      if (next && values) onSortChange?.(next.desc ? values.desc : values.asc);
    },
  });

  if (rows.length === 0 && empty !== undefined) {
    return (
      <div>
        {showCaption ? <p className={captionClass}>{caption}</p> : null}
        <p className="text-ink-soft">{empty}</p>
      </div>
    );
  }
  const columnOf = (id: string) => columns[Number(id)]!;
  const canSort = onSortChange !== undefined && columns.some((column) => column.sort !== undefined);
  const labelOf = (column: DataColumn<Row>) => (column.hideHeader ? '' : (column.label ?? column.header));
  // The totals' name spans the leading columns without a figure (day, rider…).
  const totalsSpan = columns.findIndex((column) => column.total !== undefined);
  return (
    <div className={stackedTable.frame}>
      <table className={stackedTable.table}>
        <caption className={showCaption ? `${captionClass} block px-4 pt-3 md:table-caption` : 'sr-only'}>
          {caption}
        </caption>
        {/* On a phone the headers are read out only, but those that sort stay in sight as a line of buttons. */}
        <thead className={canSort ? 'block md:table-header-group' : stackedTable.head}>
          {table.getHeaderGroups().map((group) => (
            <tr
              key={group.id}
              className={canSort ? 'flex flex-wrap gap-x-4 px-4 pt-2 md:table-row md:p-0' : undefined}
            >
              {group.headers.map((header) => {
                const column = columnOf(header.column.id);
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted ? ariaSortOf[sorted] : undefined}
                    className={`${stackedTable.headerCell} ${column.className ?? ''} ${
                      header.column.getCanSort() ? 'max-md:px-0 max-md:py-1' : canSort ? 'max-md:sr-only' : ''
                    }`}
                  >
                    {header.column.getCanSort() ? (
                      <SortButton
                        name={column.header}
                        sorted={sorted}
                        onClick={header.column.getToggleSortingHandler()}
                      />
                    ) : column.hideHeader ? (
                      <span className="sr-only">{column.header}</span>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={stackedTable.body}>
          {table.getRowModel().rows.map((row) => {
            const more = detail?.(row.original);
            return (
              <Fragment key={row.id}>
                <tr
                  aria-current={isCurrent?.(row.original) ? 'true' : undefined}
                  className={`${stackedTable.row} align-top aria-[current]:bg-cream-100 ${rowClassName?.(row.original) ?? ''}`}
                >
                  {row.getAllCells().map((cell) => {
                    const column = columnOf(cell.column.id);
                    const Cell = column.rowHeader ? 'th' : 'td';
                    return (
                      <Cell
                        key={cell.id}
                        scope={column.rowHeader ? 'row' : undefined}
                        data-label={labelOf(column)}
                        className={`${stackedTable.cell} ${column.rowHeader ? 'font-semibold' : ''} ${column.className ?? ''}`}
                      >
                        {column.cell(row.original, row.index)}
                      </Cell>
                    );
                  })}
                </tr>
                {more ? (
                  <tr className={stackedTable.row}>
                    <td colSpan={columns.length} className="block py-3 md:table-cell md:px-4">
                      {more}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
        {footLines?.length ? (
          <tfoot className="block border-t-2 border-cream-300 md:table-footer-group">
            {footLines.map((line) => (
              <tr
                key={line.key}
                className={`flex justify-between gap-4 px-4 py-1 md:table-row md:p-0 ${line.strong ? 'font-semibold' : ''}`}
              >
                <th
                  scope="row"
                  colSpan={columns.length - 1}
                  className={`text-left md:px-4 md:py-1.5 md:text-right ${line.strong ? '' : 'font-normal'}`}
                >
                  {line.label}
                </th>
                <td className="text-right tabular-nums md:px-4 md:py-1.5">{line.value}</td>
              </tr>
            ))}
          </tfoot>
        ) : null}
        {totalsSpan === -1 ? null : (
          <tfoot className="block border-t-2 border-cream-300 font-semibold md:table-footer-group">
            <tr className={stackedTable.row}>
              {totalsSpan > 0 ? (
                <th
                  scope="row"
                  colSpan={totalsSpan}
                  className={`${stackedTable.headerCell} block md:table-cell md:text-right`}
                >
                  {totalsLabel}
                </th>
              ) : null}
              {columns.slice(totalsSpan).map((column) => (
                <td
                  key={column.header}
                  data-label={column.total === undefined ? '' : labelOf(column)}
                  className={`${stackedTable.cell} ${column.className ?? ''}`}
                >
                  {column.total}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/**
 * A sortable column's header: a button (so Tab reaches it and Enter or Space presses it) named by
 * the column, with an arrow for the order; the order itself is read from the cell's `aria-sort`.
 */
function SortButton({
  name,
  sorted,
  onClick,
}: {
  name: string;
  sorted: false | 'asc' | 'desc';
  onClick: ((event: unknown) => void) | undefined;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1 font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-wine-700"
    >
      {name}
      <span aria-hidden="true" className={sorted ? 'text-wine-800' : 'text-ink-soft'}>
        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}

/** A page of a paged back-office list, as the API answers it. */
type ListPage = { results: RowData[]; total_pages: number; next: unknown };

/**
 * A paged list of the back office: QueryState while its page loads or failed, the `empty` wording
 * when it holds nothing, then the DataTable and, under it, the pager that asks the server for
 * another page.
 */
export function PagedDataTable<Page extends ListPage>({
  query,
  page,
  onPage,
  pagerLabel,
  previousLabel,
  nextLabel,
  what,
  loading,
  empty,
  summary,
  ...table
}: Omit<DataTableProps<Page['results'][number]>, 'rows' | 'empty'> & {
  query: { isPending: boolean; isError: boolean; data: Page | undefined; refetch: () => unknown };
  page: number;
  onPage: (page: number) => void;
  /** The pager's name and its buttons' words, where "Previous" and "Next" say less ("Newer", "Older"). */
  pagerLabel?: string;
  previousLabel?: string;
  nextLabel?: string;
  /** QueryState's wording: "The outbox" (could not be loaded), "Loading the outbox…". */
  what: string;
  loading: string;
  empty: ReactNode;
  /** A line above the table about the whole list ("1,204 entries"). */
  summary?: (answer: Page) => ReactNode;
}) {
  const { data } = query;
  return (
    <>
      <QueryState
        query={query}
        what={what}
        loading={loading}
        isEmpty={(answer) => answer.results.length === 0}
        empty={empty}
      >
        {(answer) => (
          <>
            {summary?.(answer)}
            <DataTable {...table} rows={answer.results} />
          </>
        )}
      </QueryState>
      {data ? (
        <Pager
          label={pagerLabel}
          previousLabel={previousLabel}
          nextLabel={nextLabel}
          page={page}
          totalPages={data.total_pages}
          hasNext={data.next !== null}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}
