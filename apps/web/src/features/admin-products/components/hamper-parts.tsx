import type { AdminVariant } from '@shop/contract/catalog-admin';
import type { Hamper } from '@shop/contract/hampers';
import { HAMPER_MAX_QUANTITY } from '@shop/contract/hampers';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { FormMessage, inputClass } from '../../../components/form-field';
import { ListSearch } from '../../../components/list-search';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAdminProducts } from '../api/get-admin-products';
import { useHamper, useSaveHamper } from '../api/hamper';
import { errorText } from '../lib/error-text';

type Part = { variant_id: number; quantity: string; product_name: string; variant_name: string; sku: string };

const partsOf = (hamper: Hamper): Part[] =>
  hamper.parts.map((part) => ({
    variant_id: part.variant_id,
    quantity: String(part.quantity),
    product_name: part.product_name,
    variant_name: part.variant_name,
    sku: part.sku,
  }));

/** The API's 422 by where it is shown: a row's field (`parts.N.quantity`), or the whole list. */
function problemsOf(error: unknown) {
  const rows = new Map<string, string>();
  const general: string[] = [];
  if (!isApiError(error) || error.fields.length === 0)
    return error ? { rows, general: [errorText(error)] } : null;
  for (const field of error.fields) {
    if (/^parts\.\d+\.(variant_id|quantity)$/.test(field.field)) rows.set(field.field, field.message);
    else general.push(field.message);
  }
  return { rows, general };
}

/** Sizes found by product name or SKU (the products list's search), each one click from the hamper. */
function PartSearch({
  size,
  taken,
  onAdd,
}: {
  size: AdminVariant;
  taken: number[];
  onAdd: (part: Part) => void;
}) {
  const [text, setText] = useState('');
  const query = useAdminProducts({ q: text, page_size: 10 }, text !== '');
  const found = (query.data?.results ?? []).flatMap((product) =>
    product.variants
      .filter((variant) => variant.id !== size.id && !taken.includes(variant.id))
      .map((variant) => ({ product: product.name, variant })),
  );
  return (
    <div className="space-y-3">
      <ListSearch
        name={`Find a part for ${size.name}`}
        label="Add a part: product name or SKU"
        maxLength={200}
        onSearch={setText}
      />
      {text && query.isError ? <FormMessage kind="error">{errorText(query.error)}</FormMessage> : null}
      {text && query.data ? (
        <DataTable
          caption={`Sizes matching “${text}”`}
          showCaption
          columns={[
            { header: 'Product', rowHeader: true, cell: (hit) => hit.product },
            { header: 'Size', cell: (hit) => hit.variant.name },
            { header: 'SKU', className: 'font-mono text-xs', cell: (hit) => hit.variant.sku },
            { header: 'Stock', cell: (hit) => hit.variant.stock },
            {
              header: 'Add',
              hideHeader: true,
              cell: (hit) => (
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  aria-label={`Add ${hit.product} (${hit.variant.name})`}
                  onClick={() =>
                    onAdd({
                      variant_id: hit.variant.id,
                      quantity: '1',
                      product_name: hit.product,
                      variant_name: hit.variant.name,
                      sku: hit.variant.sku,
                    })
                  }
                >
                  Add
                </button>
              ),
            },
          ]}
          rows={found}
          rowKey={(hit) => hit.variant.id}
          empty={`No other size matches “${text}”.`}
        />
      ) : null}
    </div>
  );
}

/**
 * A size's hamper parts (decision 0035): the sizes of other products it holds and how many of each,
 * added by search, saved all at once. Its stock is then what its parts allow, shown read-only.
 */
export function HamperParts({ size }: { size: AdminVariant }) {
  const query = useHamper(size.id);
  const save = useSaveHamper(size.id);
  const [parts, setParts] = useState<Part[]>([]);
  const headingId = useId();
  const saved = query.data;
  useEffect(() => {
    if (saved) setParts(partsOf(saved));
  }, [saved]);

  const problems = problemsOf(save.error);
  const change = (next: Part[]) => {
    save.reset();
    setParts(next);
  };
  const onSave = () =>
    save.mutate(
      { parts: parts.map((part) => ({ variant_id: part.variant_id, quantity: Number(part.quantity) })) },
      {
        onSuccess: (hamper) =>
          toast.success(
            hamper.parts.length > 0
              ? `Hamper parts of ${size.name} saved`
              : `${size.name} is no longer a hamper`,
          ),
      },
    );

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-cream-300 p-4">
      <h3 id={headingId} className="font-serif text-xl text-wine-900">
        Hamper parts: {size.name}
      </h3>
      {query.isError ? <FormMessage kind="error">The hamper parts could not be loaded.</FormMessage> : null}
      {!saved && !query.isError ? (
        <p role="status" className="text-ink-soft">
          Loading hamper parts…
        </p>
      ) : null}
      {saved ? (
        <>
          {saved.parts.length > 0 ? (
            <p className="text-sm">
              <span className="font-semibold text-ink">Stock: {saved.stock}</span>{' '}
              <span className="text-ink-soft">
                (what its parts allow: record deliveries on the parts, not on the hamper)
              </span>
            </p>
          ) : null}
          {problems?.general.map((message) => (
            <FormMessage key={message} kind="error">
              {message}
            </FormMessage>
          ))}
          <DataTable
            caption={`Parts of ${size.name}`}
            columns={[
              { header: 'Product', rowHeader: true, cell: (part) => part.product_name },
              { header: 'Size', cell: (part) => part.variant_name },
              {
                header: 'SKU',
                cell: (part, index) => {
                  const problem = problems?.rows.get(`parts.${index}.variant_id`);
                  return (
                    <>
                      <span className="font-mono text-xs">{part.sku}</span>
                      {problem ? <p className="mt-1 text-sm font-medium text-wine-700">{problem}</p> : null}
                    </>
                  );
                },
              },
              {
                header: 'Quantity',
                cell: (part, index) => {
                  const problem = problems?.rows.get(`parts.${index}.quantity`);
                  const errorId = `${headingId}-${part.variant_id}-error`;
                  return (
                    <div>
                      <input
                        type="number"
                        min={1}
                        max={HAMPER_MAX_QUANTITY}
                        inputMode="numeric"
                        aria-label={`Quantity of ${part.product_name} (${part.variant_name})`}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? errorId : undefined}
                        value={part.quantity}
                        onChange={(event) => {
                          const quantity = event.currentTarget.value;
                          change(parts.map((each, at) => (at === index ? { ...each, quantity } : each)));
                        }}
                        className={`${inputClass} max-w-24`}
                      />
                      {problem ? (
                        <p id={errorId} className="mt-1 text-sm font-medium text-wine-700">
                          {problem}
                        </p>
                      ) : null}
                    </div>
                  );
                },
              },
              {
                header: 'Remove',
                hideHeader: true,
                cell: (part, index) => (
                  <button
                    type="button"
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Remove ${part.product_name} (${part.variant_name})`}
                    onClick={() => change(parts.filter((_, at) => at !== index))}
                  >
                    Remove
                  </button>
                ),
              },
            ]}
            rows={parts}
            rowKey={(part) => part.variant_id}
            empty="Not a hamper: add the sizes it holds to make it one."
          />
          <PartSearch
            size={size}
            taken={parts.map((part) => part.variant_id)}
            onAdd={(part) => change([...parts, part])}
          />
          <button type="button" className={buttonClass('primary')} disabled={save.isPending} onClick={onSave}>
            Save hamper parts
          </button>
        </>
      ) : null}
    </section>
  );
}
