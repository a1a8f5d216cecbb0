import { LOW_STOCK_SEARCH_MAX_LENGTH, type LowStockState } from '@shop/contract/stock';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { PagedDataTable } from '../../../components/data-table';
import { ListSearch } from '../../../components/list-search';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { useLowStock } from '../api/low-stock';
import { HAMPER_STOCK_REASON } from '../components/stock-ledger-panel';
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
  const [search, setSearch] = useState('');
  const query = useLowStock(tab === 'all' ? null : tab, page, true, search);

  return (
    <div className="space-y-6">
      <ListSearch
        name="Find a size"
        label="Product name or SKU"
        maxLength={LOW_STOCK_SEARCH_MAX_LENGTH}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
          setReceiving(null);
        }}
      />
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
        <PagedDataTable
          caption="Sizes low or out of stock"
          columns={[
            {
              header: 'Product',
              cell: (row) => (
                <Link
                  to="/products/$id"
                  params={{ id: row.product_slug }}
                  className="font-semibold underline"
                >
                  {row.product_name}
                </Link>
              ),
            },
            { header: 'Size', cell: (row) => row.variant_name },
            { header: 'SKU', cell: (row) => row.sku },
            {
              header: 'Stock',
              cell: (row) =>
                row.state === 'out' ? (
                  <span className="font-semibold text-wine-700">Out of stock</span>
                ) : (
                  <span className="font-semibold">{row.stock} left</span>
                ),
            },
            { header: 'Threshold', cell: (row) => row.low_stock_threshold },
            {
              header: 'Action',
              hideHeader: true,
              cell: (row) =>
                row.is_hamper ? (
                  <span className="text-sm text-ink-soft">{HAMPER_STOCK_REASON}</span>
                ) : (
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
                ),
            },
          ]}
          rowKey={(row) => row.variant_id}
          detail={(row) =>
            receiving === row.variant_id && !row.is_hamper ? (
              <StockMovementForm
                variantId={row.variant_id}
                variantName={`${row.product_name} (${row.variant_name})`}
                title="Receive stock"
                onDone={() => setReceiving(null)}
              />
            ) : null
          }
          query={query}
          what="The list"
          loading="Loading stock…"
          empty={
            search
              ? `No size in this list matches “${search}”.`
              : 'Every size is above its low-stock threshold.'
          }
          page={page}
          onPage={setPage}
        />
      </Tabs>
    </div>
  );
}

/**
 * /admin/stock, the back office's stock (staff and admins; the API refuses anyone else too):
 * the sizes at or below their low-stock threshold and the sold out, emptiest first, found by
 * product name or SKU, each with a quick "Receive" that records a delivery.
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
