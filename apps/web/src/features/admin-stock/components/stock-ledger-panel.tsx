import { formatKampalaShortDateTime } from '@shop/contract/kampala-time';
import { STOCK_REASON_LABELS, stockCount } from '@shop/contract/stock';
import { useState } from 'react';
import { PagedDataTable } from '../../../components/data-table';
import { useStockLedger } from '../api/stock-ledger';
import { StockMovementForm } from './stock-movement-form';

/** Why a hamper's stock takes no movement: said once, on the product page and the Stock screen. */
export const HAMPER_STOCK_REASON =
  'A hamper: its stock is what its parts allow. Record deliveries and breakage on its parts.';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/**
 * A size's stock and its ledger (who, when, delta, reason, note, order, stock after), newest
 * first, with the form to record a movement. The product edit page composes one per size.
 */
export function StockLedgerPanel({
  variantId,
  variantName,
  packSize = 1,
  derivedStock,
}: {
  variantId: number;
  variantName: string;
  /** Bottles in the size: a pack's stock is counted in cases. */
  packSize?: number;
  /** A hamper's stock, what its parts allow (decision 0035): shown read-only, with no movement form. */
  derivedStock?: number | undefined;
}) {
  const [page, setPage] = useState(1);
  const query = useStockLedger(variantId, page);
  const { data } = query;
  const latest = page === 1 ? data?.results[0] : undefined;

  return (
    <section aria-label={`Stock of ${variantName}`} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-serif text-2xl text-wine-900">Stock: {variantName}</h2>
        {derivedStock !== undefined ? (
          <p className="text-sm font-semibold text-ink">In stock: {derivedStock}</p>
        ) : page === 1 && data ? (
          <p className="text-sm font-semibold text-ink">
            In stock: {stockCount(latest?.stock_after ?? 0, packSize)}
          </p>
        ) : null}
      </div>
      {derivedStock !== undefined ? (
        <p className="text-sm text-ink-soft">{HAMPER_STOCK_REASON}</p>
      ) : (
        <StockMovementForm
          variantId={variantId}
          variantName={variantName}
          packSize={packSize}
          onDone={() => setPage(1)}
        />
      )}
      <PagedDataTable
        caption={`Stock ledger of ${variantName}`}
        columns={[
          {
            header: 'When',
            cell: (movement) => (
              <time dateTime={movement.created_at}>{formatKampalaShortDateTime(movement.created_at)}</time>
            ),
          },
          { header: 'Who', cell: (movement) => movement.actor?.name ?? 'The shop' },
          {
            header: 'Change',
            cell: (movement) => (
              <span className={`font-semibold ${movement.delta > 0 ? 'text-green-800' : 'text-wine-700'}`}>
                {signed(movement.delta)}
              </span>
            ),
          },
          { header: 'Reason', cell: (movement) => STOCK_REASON_LABELS[movement.reason] },
          { header: 'Note', cell: (movement) => movement.note ?? '' },
          { header: 'Order', cell: (movement) => movement.order_number ?? '' },
          { header: 'Stock after', cell: (movement) => movement.stock_after },
        ]}
        rowKey={(movement) => movement.id}
        query={query}
        what="The ledger"
        loading="Loading the ledger…"
        empty="No stock movements yet."
        page={page}
        onPage={setPage}
        pagerLabel="Ledger pages"
        previousLabel="Newer"
        nextLabel="Older"
      />
    </section>
  );
}
