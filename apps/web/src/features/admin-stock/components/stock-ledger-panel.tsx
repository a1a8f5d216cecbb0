import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { STOCK_REASON_LABELS, stockCount } from '@shop/contract/stock';
import { useState } from 'react';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
import { useStockLedger } from '../api/stock-ledger';
import { StockMovementForm } from './stock-movement-form';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/**
 * A size's stock and its ledger (who, when, delta, reason, note, order, stock after), newest
 * first, with the form to record a movement. The product edit page composes one per size.
 */
export function StockLedgerPanel({
  variantId,
  variantName,
  packSize = 1,
}: {
  variantId: number;
  variantName: string;
  /** Bottles in the size: a pack's stock is counted in cases. */
  packSize?: number;
}) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useStockLedger(variantId, page);
  const latest = page === 1 ? data?.results[0] : undefined;

  return (
    <section aria-label={`Stock of ${variantName}`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-serif text-2xl text-wine-900">Stock: {variantName}</h2>
        {page === 1 && data ? (
          <p className="text-sm font-semibold text-ink">
            In stock: {stockCount(latest?.stock_after ?? 0, packSize)}
          </p>
        ) : null}
      </div>
      <StockMovementForm
        variantId={variantId}
        variantName={variantName}
        packSize={packSize}
        onDone={() => setPage(1)}
      />
      <QueryState
        query={{ isPending, isError, data, refetch }}
        what="The ledger"
        loading="Loading the ledger…"
        isEmpty={(page) => page.results.length === 0}
        empty="No stock movements yet."
      >
        {(data) => (
          <div className={stackedTable.frame}>
            <table className={stackedTable.table} aria-label={`Stock ledger of ${variantName}`}>
              <thead className={stackedTable.head}>
                <tr>
                  {['When', 'Who', 'Change', 'Reason', 'Note', 'Order', 'Stock after'].map((label) => (
                    <th key={label} scope="col" className={stackedTable.headerCell}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={stackedTable.body}>
                {data.results.map((movement) => (
                  <tr key={movement.id} className={stackedTable.row}>
                    <td data-label="When" className={stackedTable.cell}>
                      <time dateTime={movement.created_at}>
                        {formatKampalaShortDateTime(movement.created_at)}
                      </time>
                    </td>
                    <td data-label="Who" className={stackedTable.cell}>
                      {movement.actor?.name ?? 'The shop'}
                    </td>
                    <td
                      data-label="Change"
                      className={`${stackedTable.cell} font-semibold ${movement.delta > 0 ? 'text-green-800' : 'text-wine-700'}`}
                    >
                      {signed(movement.delta)}
                    </td>
                    <td data-label="Reason" className={stackedTable.cell}>
                      {STOCK_REASON_LABELS[movement.reason]}
                    </td>
                    <td data-label="Note" className={stackedTable.cell}>
                      {movement.note ?? ''}
                    </td>
                    <td data-label="Order" className={stackedTable.cell}>
                      {movement.order_number ?? ''}
                    </td>
                    <td data-label="Stock after" className={stackedTable.cell}>
                      {movement.stock_after}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {data ? (
        <Pager
          page={page}
          totalPages={data.total_pages}
          hasNext={data.next !== null}
          onPage={setPage}
          label="Ledger pages"
          previousLabel="Newer"
          nextLabel="Older"
        />
      ) : null}
    </section>
  );
}
