import type { CatalogImportRow } from '@shop/contract/categories-admin';
import { useState } from 'react';
import { type DataColumn, PagedDataTable } from '../../../components/data-table';
import { useImportRows } from '../api/import-rows';

const OUTCOME_LABELS: Record<CatalogImportRow['outcome'], string> = {
  created: 'New',
  updated: 'Changed',
  unchanged: 'Unchanged',
  error: 'Error',
};

/** An updated row's fields, before → after; a new or failed row's own words. */
function RowChanges({ row }: { row: CatalogImportRow }) {
  if (row.changes.length === 0) return <span className="text-ink-soft">{row.message}</span>;
  return (
    <ul className="space-y-0.5">
      {row.changes.map((change) => (
        <li key={change.field}>
          <span className="font-semibold">{change.field}</span>: {change.before || '(empty)'} →{' '}
          {change.after || '(empty)'}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: ReadonlyArray<DataColumn<CatalogImportRow>> = [
  { header: 'Line', className: 'tabular-nums', cell: (row) => row.line },
  { header: 'SKU', rowHeader: true, cell: (row) => row.sku || row.product_slug },
  { header: 'Outcome', cell: (row) => OUTCOME_LABELS[row.outcome] },
  { header: 'What changes', label: 'Changes', cell: (row) => <RowChanges row={row} /> },
];

/** The import's rows page by page: new, changed (each field before → after), unchanged or an error. */
export function ImportRows({ id, status }: { id: number; status: string }) {
  const [page, setPage] = useState(1);
  const query = useImportRows(id, page, status);
  return (
    <PagedDataTable
      caption="Rows of the file"
      showCaption
      columns={COLUMNS}
      rowKey={(row) => row.line}
      query={query}
      page={page}
      onPage={setPage}
      pagerLabel="Rows of the file, pages"
      what="The file's rows"
      loading="Loading the rows…"
      empty="The file has no rows."
    />
  );
}
