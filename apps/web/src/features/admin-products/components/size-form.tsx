import {
  type AdminVariant,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type VariantCreateRequest,
  variantCreateSchema,
  variantUpdateSchema,
} from '@shop/contract/catalog-admin';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, primaryButtonClass, secondaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';

type Values = Record<
  'sku' | 'name' | 'volume_ml' | 'pack_size' | 'price' | 'compare_at_price' | 'low_stock_threshold',
  string
>;
type Field = keyof Values;
const LABELS: Record<Field, string> = {
  name: 'Size name',
  sku: 'SKU',
  volume_ml: 'Volume (ml)',
  pack_size: 'Bottles per pack',
  price: 'Price (Shs)',
  compare_at_price: 'Compare-at price (Shs)',
  low_stock_threshold: 'Low-stock threshold',
};
const FIELDS = Object.keys(LABELS) as Field[];

function valuesOf(size?: AdminVariant): Values {
  return {
    name: size?.name ?? '',
    sku: size?.sku ?? '',
    volume_ml: size ? String(size.volume_ml) : '750',
    pack_size: size ? String(size.pack_size) : '1',
    price: size ? String(size.price) : '',
    compare_at_price: size?.compare_at_price == null ? '' : String(size.compare_at_price),
    low_stock_threshold: String(size?.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD),
  };
}

const number = (text: string): number | string =>
  text.trim() && Number.isFinite(Number(text)) ? Number(text) : text;

function bodyOf(values: Values) {
  return {
    sku: values.sku,
    name: values.name,
    volume_ml: number(values.volume_ml),
    pack_size: number(values.pack_size),
    price: number(values.price),
    compare_at_price: values.compare_at_price.trim() ? number(values.compare_at_price) : null,
    low_stock_threshold: number(values.low_stock_threshold),
  } as VariantCreateRequest;
}

/**
 * A size's form (new or edited): name, SKU, volume, pack, price, compare-at price (above the
 * price, or empty) and low-stock threshold. Stock is not here: it changes through movements.
 */
export function SizeForm({
  size,
  pending,
  onSubmit,
  onCancel,
}: {
  size?: AdminVariant | undefined;
  pending: boolean;
  onSubmit: (body: VariantCreateRequest) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(valuesOf(size));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);

  const mark = (fields: Array<{ field: string; message: string }>) => {
    const next: Partial<Record<Field, string>> = {};
    for (const { field, message: text } of fields) {
      if ((FIELDS as string[]).includes(field) && !next[field as Field]) next[field as Field] = text;
    }
    setErrors(next);
    return Object.keys(next).length;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const body = bodyOf(values);
    const checked = (size ? variantUpdateSchema : variantCreateSchema).safeParse(body);
    if (!checked.success) {
      mark(checked.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })));
      return;
    }
    try {
      await onSubmit(body);
      setErrors({});
      if (!size) setValues(valuesOf());
    } catch (error) {
      const marked = isApiError(error) ? mark(error.fields) : 0;
      if (marked === 0) setMessage(formErrorMessage(error));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={size ? `Edit size ${size.name}` : 'Add a size'}
      className="space-y-3 rounded-lg border border-cream-200 bg-cream-50 p-4"
    >
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      <div className="grid gap-3 sm:grid-cols-4">
        {FIELDS.map((field) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className="mb-1 block text-sm font-semibold text-ink">
              {LABELS[field]}
            </label>
            <input
              id={`${id}-${field}`}
              className="h-10 w-full rounded-md border border-cream-300 bg-white px-2 text-sm aria-[invalid=true]:border-wine-600"
              value={values[field]}
              inputMode={field === 'name' || field === 'sku' ? undefined : 'numeric'}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              onChange={(event) => {
                setValues((current) => ({ ...current, [field]: event.currentTarget.value }));
                setErrors((current) => ({ ...current, [field]: undefined }));
              }}
            />
            {errors[field] ? (
              <p id={`${id}-${field}-error`} className="mt-1 text-xs font-medium text-wine-700">
                {errors[field]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={pending}>
          {size ? 'Save size' : 'Add size'}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
