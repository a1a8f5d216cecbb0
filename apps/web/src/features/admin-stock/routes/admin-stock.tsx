import type { LowStockState } from '@shop/contract/stock';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { useLowStock } from '../api/low-stock';
import { StockMovementForm } from '../components/stock-movement-form';

type StockTab = LowStockState | 'all';
const TABS: ReadonlyArray<{ value: StockTab; label: string }> = [
  { value: 'all', label: 'Low and out' },
  { value: 'low', label: 'Low' },
  { value: 'out', label: 'Out of stock' },
];

function LowStockDesk() {
  const [tab, setTab] = useState<StockTab>('all');
  const [page, setPage] = useState(1);
  const [receiving, setReceiving] = useState<number | null>(null);
  const { data, isPending, isError, refetch } = useLowStock(tab === 'all' ? null : tab, page, true);

  return (
    <div className="space-y-6">
      <Tabs
        label="Sizes by stock"
        tabs={TABS}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
          setReceiving(null);
        }}
      >
        <QueryState
          query={{ isPending, isError, data, refetch }}
          what="The list"
          loading="Loading stock…"
          isEmpty={(page) => page.results.length === 0}
          empty="Every size is above its low-stock threshold."
        >
          {(data) => (
            <div className={stackedTable.frame}>
              <table className={stackedTable.table} aria-label="Sizes low or out of stock">
                <thead className={stackedTable.head}>
                  <tr>
                    {['Product', 'Size', 'SKU', 'Stock', 'Threshold', ''].map((label) => (
                      <th key={label || 'action'} scope="col" className={stackedTable.headerCell}>
                        {label || <span className="sr-only">Action</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={stackedTable.body}>
                  {data.results.map((row) => (
                    <Fragment key={row.variant_id}>
                      <tr className={stackedTable.row}>
                        <td data-label="Product" className={stackedTable.cell}>
                          <Link
                            to="/products/$id"
                            params={{ id: row.product_slug }}
                            className="font-semibold underline"
                          >
                            {row.product_name}
                          </Link>
                        </td>
                        <td data-label="Size" className={stackedTable.cell}>
                          {row.variant_name}
                        </td>
                        <td data-label="SKU" className={stackedTable.cell}>
                          {row.sku}
                        </td>
                        <td data-label="Stock" className={stackedTable.cell}>
                          {row.state === 'out' ? (
                            <span className="font-semibold text-wine-700">Out of stock</span>
                          ) : (
                            <span className="font-semibold">{row.stock} left</span>
                          )}
                        </td>
                        <td data-label="Threshold" className={stackedTable.cell}>
                          {row.low_stock_threshold}
                        </td>
                        <td data-label="" className={stackedTable.cell}>
                          <button
                            type="button"
                            className={buttonClass('secondary', 'sm')}
                            aria-expanded={receiving === row.variant_id}
                            aria-label={`Receive ${row.product_name} (${row.variant_name})`}
                            onClick={() =>
                              setReceiving((current) => (current === row.variant_id ? null : row.variant_id))
                            }
                          >
                            Receive
                          </button>
                        </td>
                      </tr>
                      {receiving === row.variant_id ? (
                        <tr className={stackedTable.row}>
                          <td colSpan={6} className="block py-3 md:table-cell md:px-4">
                            <StockMovementForm
                              variantId={row.variant_id}
                              variantName={`${row.product_name} (${row.variant_name})`}
                              title="Receive stock"
                              onDone={() => setReceiving(null)}
                            />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
        {data ? (
          <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
        ) : null}
      </Tabs>
    </div>
  );
}

/**
 * /admin/stock, the back office's stock (staff and admins; the API refuses anyone else too):
 * the sizes at or below their low-stock threshold and the sold out, emptiest first, each with a
 * quick "Receive" that records a delivery.
 */
export function AdminStockPage() {
  return (
    <PageShell eyebrow="Back office" title="Stock">
      <StaffOnly>
        <LowStockDesk />
      </StaffOnly>
    </PageShell>
  );
}
