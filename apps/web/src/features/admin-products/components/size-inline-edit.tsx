import { type AdminVariant, variantUpdateSchema } from '@shop/contract/catalog-admin';
import { formatUGX } from '@shop/contract/money';
import { STOCK_REASON_LABELS, stockCount, stockUnitLabel } from '@shop/contract/stock';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { useRecordStockMovement } from '../api/record-stock-movement';
import { useUpdateVariant } from '../api/update-variant';
import { errorText, fieldsText } from '../lib/error-text';

const smallInput =
  'h-9 w-28 rounded-md border border-cream-300 bg-white px-2 text-sm text-ink aria-[invalid=true]:border-wine-600';
/** The price of a size, edited in place: a small form whose answer is the API's message. */
function PriceEdit({ size }: { size: AdminVariant }) {
  const id = useId();
  const [value, setValue] = useState(String(size.price));
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateVariant();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const price = Number(value);
    // The contract's rule, so a typed price is refused in the words the API and the size form use.
    const checked = variantUpdateSchema.safeParse({ price });
    if (!checked.success) {
      setMessage(
        fieldsText(
          checked.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
        ),
      );
      return;
    }
    if (price === size.price) return;
    setMessage(null);
    update.mutate(
      { variantId: size.id, body: { price } },
      {
        onSuccess: () => setMessage('Saved'),
        onError: (error) => setMessage(errorText(error)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex items-center gap-2" aria-label={`Price of ${size.name}`}>
      <label htmlFor={id} className="sr-only">
        Price of {size.name} (Shs)
      </label>
      <input
        id={id}
        inputMode="numeric"
        className={smallInput}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        aria-invalid={message !== null && message !== 'Saved' ? true : undefined}
      />
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={update.isPending}>
        Save price
      </button>
      {message ? (
        <span role="status" className="text-xs text-ink-soft">
          {message}
        </span>
      ) : null}
    </form>
  );
}

/**
 * The stock of a size, corrected in place: staff type the count they see, and a stock movement
 * (received or count correction) of new − shown is recorded. Stock is never written directly.
 */
function StockEdit({ size }: { size: AdminVariant }) {
  const id = useId();
  const [value, setValue] = useState(String(size.stock));
  const [reason, setReason] = useState<'count_correction' | 'received'>('count_correction');
  const [message, setMessage] = useState<string | null>(null);
  const record = useRecordStockMovement();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(value);
    if (!Number.isInteger(count) || count < 0) {
      setMessage(`Enter the number of ${stockUnitLabel(size.pack_size).toLowerCase()} (0 or more)`);
      return;
    }
    const delta = count - size.stock;
    if (delta === 0) return;
    if (reason === 'received' && delta < 0) {
      setMessage('Received stock only adds bottles: choose Count correction');
      return;
    }
    setMessage(null);
    record.mutate(
      { variantId: size.id, body: { delta, reason } },
      {
        onSuccess: (answer) => setMessage(`Saved: ${stockCount(answer.stock, size.pack_size)} in stock`),
        onError: (error) => setMessage(errorText(error)),
      },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      className="flex flex-wrap items-center gap-2"
      aria-label={`Stock of ${size.name}`}
    >
      <label htmlFor={id} className="sr-only">
        Stock of {size.name}
      </label>
      <input
        id={id}
        inputMode="numeric"
        className={`${smallInput} w-20`}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      <span aria-hidden="true" className="text-sm text-ink-soft">
        {stockUnitLabel(size.pack_size).toLowerCase()}
      </span>
      <label className="sr-only" htmlFor={`${id}-reason`}>
        Reason
      </label>
      <select
        id={`${id}-reason`}
        className="h-9 rounded-md border border-cream-300 bg-white px-2 text-sm"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value as typeof reason)}
      >
        <option value="count_correction">{STOCK_REASON_LABELS.count_correction}</option>
        <option value="received">{STOCK_REASON_LABELS.received}</option>
      </select>
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={record.isPending}>
        Save stock
      </button>
      {message ? (
        <span role="status" className="text-xs text-ink-soft">
          {message}
        </span>
      ) : null}
    </form>
  );
}

/** One size of a product in the staff list: name, SKU, price and stock, the last two editable. */
export function SizeInlineEdit({ size }: { size: AdminVariant }) {
  const low = size.stock <= size.low_stock_threshold;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-cream-200 py-2 text-sm">
      <span className="min-w-40 font-semibold text-ink">
        {size.name}
        {size.is_default ? <span className="ml-1 text-xs font-normal text-ink-soft">(default)</span> : null}
      </span>
      <span className="min-w-28 font-mono text-xs text-ink-soft">{size.sku}</span>
      {size.compare_at_price !== null ? (
        <span className="text-xs text-ink-soft">
          was <s>{formatUGX(size.compare_at_price)}</s>
        </span>
      ) : null}
      <PriceEdit key={`price-${size.price}`} size={size} />
      <StockEdit key={`stock-${size.stock}`} size={size} />
      <span className={low ? 'font-semibold text-wine-700' : 'text-ink-soft'}>
        {size.stock === 0 ? 'Out of stock' : low ? `Low (threshold ${size.low_stock_threshold})` : 'In stock'}
      </span>
    </li>
  );
}
