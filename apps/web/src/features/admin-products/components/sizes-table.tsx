import type { AdminProduct, AdminVariant } from '@shop/contract/catalog-admin';
import { formatUGX } from '@shop/contract/money';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { toast } from '../../../lib/toast';
import { useCreateVariant } from '../api/create-variant';
import { useReorderVariants } from '../api/reorder-variants';
import { useUpdateVariant } from '../api/update-variant';
import { errorText } from '../lib/error-text';
import { SizeForm } from './size-form';

const actionClass =
  'rounded-full border border-cream-300 px-2.5 py-1 text-xs font-semibold text-wine-800 hover:bg-cream-100 disabled:opacity-40';

/**
 * A product's sizes: each with SKU, price, compare-at, stock and threshold; add, edit, move up or
 * down, make default, retire (no longer sold or shown; kept on old orders) or bring back.
 */
export function SizesTable({ product }: { product: AdminProduct }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateVariant(product.id);
  const update = useUpdateVariant();
  const reorder = useReorderVariants(product.id);
  const sizes = product.variants;

  const move = (index: number, by: -1 | 1) => {
    const ids = sizes.map((size) => size.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    setMessage(null);
    reorder.mutate(ids, {
      onSuccess: () => toast.success('Order of the sizes saved'),
      onError: (error) => setMessage(errorText(error)),
    });
  };
  const change = (size: AdminVariant, body: Parameters<typeof update.mutate>[0]['body']) => {
    setMessage(null);
    update.mutate(
      { variantId: size.id, body },
      {
        onSuccess: () => toast.success(`${size.name} saved`),
        onError: (error) => setMessage(errorText(error)),
      },
    );
  };

  return (
    <section aria-labelledby="sizes-heading" className="space-y-4">
      <h2 id="sizes-heading" className="font-serif text-2xl text-wine-900">
        Sizes
      </h2>
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      <DataTable
        caption="Sizes of the product"
        columns={[
          {
            header: 'Size',
            rowHeader: true,
            cell: (size) => (
              <span>
                {size.name}
                {size.is_default ? <span className="ml-1 text-xs font-normal">(default)</span> : null}
                {size.retired_at ? <span className="ml-1 text-xs font-normal">(retired)</span> : null}
              </span>
            ),
          },
          { header: 'SKU', className: 'font-mono text-xs', cell: (size) => size.sku },
          { header: 'Price', cell: (size) => formatUGX(size.price) },
          {
            header: 'Compare-at',
            cell: (size) => (size.compare_at_price === null ? '—' : formatUGX(size.compare_at_price)),
          },
          { header: 'Stock', cell: (size) => size.stock },
          { header: 'Low at', cell: (size) => size.low_stock_threshold },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (size, index) => (
              <div className="flex flex-wrap justify-end gap-1 md:justify-start">
                <button
                  type="button"
                  className={actionClass}
                  aria-expanded={editing === size.id}
                  onClick={() => setEditing((current) => (current === size.id ? null : size.id))}
                  aria-label={`Edit ${size.name}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className={actionClass}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${size.name} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={actionClass}
                  disabled={index === sizes.length - 1 || reorder.isPending}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${size.name} down`}
                >
                  ↓
                </button>
                {!size.is_default && !size.retired_at ? (
                  <button
                    type="button"
                    className={actionClass}
                    onClick={() => change(size, { is_default: true })}
                  >
                    Make default
                  </button>
                ) : null}
                {size.retired_at ? (
                  <button
                    type="button"
                    className={actionClass}
                    onClick={() => change(size, { retired: false })}
                  >
                    Bring back
                  </button>
                ) : (
                  <button
                    type="button"
                    className={actionClass}
                    onClick={() => change(size, { retired: true })}
                    aria-label={`Retire ${size.name}`}
                  >
                    Retire
                  </button>
                )}
              </div>
            ),
          },
        ]}
        rows={sizes}
        rowKey={(size) => size.id}
        rowClassName={(size) => (size.retired_at ? 'text-ink-soft' : '')}
        detail={(size) =>
          editing === size.id ? (
            <SizeForm
              size={size}
              pending={update.isPending}
              onCancel={() => setEditing(null)}
              onSubmit={(body) =>
                update.mutateAsync({ variantId: size.id, body }).then(() => {
                  setEditing(null);
                  toast.success(`${size.name} saved`);
                })
              }
            />
          ) : null
        }
        empty="No sizes yet. Add one below: the first size is the one the product is listed at."
      />
      <p className="text-sm text-ink-soft">
        A new size starts with no stock: record the bottles received in its stock ledger.
      </p>
      <SizeForm pending={create.isPending} onSubmit={(body) => create.mutateAsync(body)} />
    </section>
  );
}
