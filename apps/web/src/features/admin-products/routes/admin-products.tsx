import type { AdminProductRow } from '@shop/contract/catalog-admin';
import {
  ADMIN_PRODUCT_DEFAULT_SORT,
  ADMIN_PRODUCT_SEARCH_MAX_LENGTH,
  ADMIN_PRODUCT_SORT_LABELS,
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCT_STATUS_LABELS,
  ADMIN_PRODUCT_STATUSES,
  ADMIN_STOCK_STATE_LABELS,
  ADMIN_STOCK_STATES,
  type AdminProductSort,
} from '@shop/contract/catalog-admin-constants';
import { formatUGX } from '@shop/contract/money';
import { stockCount } from '@shop/contract/stock';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { type DataColumn, PagedDataTable } from '../../../components/data-table';
import { primaryButtonClass } from '../../../components/form-field';
import { ListSearch } from '../../../components/list-search';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { useAdminProducts } from '../api/get-admin-products';
import { useCategoryOptions } from '../api/get-category-options';
import { SizeInlineEdit } from '../components/size-inline-edit';
import type { AdminProductsSearch } from '../lib/admin-products-search';

const route = getRouteApi('/admin/products');
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

const selectClass = 'h-11 rounded-lg border border-cream-300 bg-white px-3 text-base text-ink';

/** A product's stock size by size, each in its unit: bottles and cases are never added up. */
const stockOf = (product: AdminProductRow) =>
  product.variants.length === 0
    ? 'No size'
    : product.variants.map((size) => `${size.name} ${stockCount(size.stock, size.pack_size)}`).join(', ');

/** The list's columns; Product, Price and Stock order the list on the server. */
const productColumns: ReadonlyArray<DataColumn<AdminProductRow>> = [
  {
    header: 'Product',
    rowHeader: true,
    sort: { asc: 'name', desc: '-name' },
    cell: (product) => (
      <Link to="/admin/products/$id" params={{ id: String(product.id) }} className="hover:underline">
        {product.name}
        {product.vintage ? ` ${product.vintage}` : ''}
      </Link>
    ),
  },
  { header: 'Category', cell: (product) => product.category.name },
  {
    header: 'Status',
    cell: (product) =>
      `${ADMIN_PRODUCT_STATUS_LABELS[product.status]}${product.is_featured ? ' · Featured' : ''}`,
  },
  {
    header: 'Price',
    className: 'tabular-nums',
    sort: { asc: 'price', desc: '-price' },
    cell: (product) => (product.price === null ? '—' : formatUGX(product.price)),
  },
  { header: 'Stock', sort: { asc: 'stock', desc: '-stock' }, cell: stockOf },
];

/** Under each product, its sizes' price and stock, edited in place. */
function ProductSizes({ product }: { product: AdminProductRow }) {
  return product.variants.length > 0 ? (
    <ul aria-label={`Sizes of ${product.name}`}>
      {product.variants.map((size) => (
        <SizeInlineEdit key={size.id} size={size} />
      ))}
    </ul>
  ) : (
    <p className="text-sm text-ink-soft">No sizes yet: add one to list it.</p>
  );
}

function ProductsDesk() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const { data, isPending, isError, refetch } = useAdminProducts(
    { ...search, page, page_size: ADMIN_PRODUCTS_PAGE_SIZE },
    true,
  );
  const categories = useCategoryOptions().data?.results ?? [];

  const go = (changes: Partial<AdminProductsSearch>) =>
    void navigate({ to: '/admin/products', search: { ...search, page: undefined, ...changes } });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1">
          <ListSearch
            name="Product search"
            label="Name, grape, region or SKU"
            maxLength={ADMIN_PRODUCT_SEARCH_MAX_LENGTH}
            initial={search.q ?? ''}
            onSearch={(text) => go({ q: text || undefined })}
          />
        </div>
        <Link to="/admin/products/new" className={primaryButtonClass}>
          New product
        </Link>
      </div>
      <fieldset className="flex flex-wrap gap-3">
        <legend className="sr-only">Filters</legend>
        <label className="flex flex-col text-sm font-semibold">
          Category
          <select
            className={selectClass}
            value={search.category ?? ''}
            onChange={(event) =>
              go({ category: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })
            }
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.is_active ? category.name : `${category.name} (hidden)`}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Status
          <select
            className={selectClass}
            value={search.status ?? ''}
            onChange={(event) =>
              go({ status: (event.currentTarget.value || undefined) as AdminProductsSearch['status'] })
            }
          >
            <option value="">Any status</option>
            {ADMIN_PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ADMIN_PRODUCT_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Stock
          <select
            className={selectClass}
            value={search.stock ?? ''}
            onChange={(event) =>
              go({ stock: (event.currentTarget.value || undefined) as AdminProductsSearch['stock'] })
            }
          >
            <option value="">Any stock</option>
            {ADMIN_STOCK_STATES.map((state) => (
              <option key={state} value={state}>
                {ADMIN_STOCK_STATE_LABELS[state]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Sort
          <select
            className={selectClass}
            value={search.sort === ADMIN_PRODUCT_DEFAULT_SORT && !search.q ? '' : (search.sort ?? '')}
            onChange={(event) =>
              go({ sort: (event.currentTarget.value || undefined) as AdminProductsSearch['sort'] })
            }
          >
            {/* Without a search the list's own order is "Recently edited": offered once, as the default. */}
            <option value="">
              {search.q ? 'Best match' : ADMIN_PRODUCT_SORT_LABELS[ADMIN_PRODUCT_DEFAULT_SORT]}
            </option>
            {ADMIN_PRODUCT_SORTS.filter((sort) => search.q || sort !== ADMIN_PRODUCT_DEFAULT_SORT).map(
              (sort) => (
                <option key={sort} value={sort}>
                  {ADMIN_PRODUCT_SORT_LABELS[sort]}
                </option>
              ),
            )}
          </select>
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={search.on_sale === 'true'}
            onChange={(event) => go({ on_sale: event.currentTarget.checked ? 'true' : undefined })}
          />
          On sale
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={search.featured === 'true'}
            onChange={(event) => go({ featured: event.currentTarget.checked ? 'true' : undefined })}
          />
          Featured
        </label>
      </fieldset>

      <PagedDataTable
        caption="Products"
        query={{ isPending, isError, data, refetch }}
        what="The products"
        loading="Loading products…"
        empty="No products match."
        summary={(answer) => (
          <p className="mb-3 text-sm text-ink-soft" role="status">
            {answer.count === 1 ? '1 product' : `${answer.count.toLocaleString('en-UG')} products`}
          </p>
        )}
        columns={productColumns}
        rowKey={(product) => product.id}
        detail={(product) => <ProductSizes product={product} />}
        // A search's best match, or "Recently edited" without one, is an order no column gives.
        sort={search.sort}
        onSortChange={(sort) => go({ sort: sort as AdminProductSort })}
        page={page}
        onPage={(next) => go({ page: next > 1 ? next : undefined })}
      />
    </div>
  );
}

/**
 * /admin/products, the back office's catalog (staff and admins): every product, listed, hidden
 * or archived, searched (typos forgiven), filtered, sorted and paged by the URL; each size's
 * price and stock edited in place (stock through a stock movement).
 */
export function AdminProductsPage() {
  return (
    <PageShell eyebrow="Back office" title="Products">
      <StaffOnly>
        <ProductsDesk />
      </StaffOnly>
    </PageShell>
  );
}
