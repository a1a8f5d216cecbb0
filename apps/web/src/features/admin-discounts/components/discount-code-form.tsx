import {
  type AdminDiscountCode,
  createDiscountCodeRequestSchema,
  DISCOUNT_KINDS,
  type DiscountKind,
} from '@shop/contract/discounts';
import { KAMPALA_UTC_OFFSET } from '@shop/contract/kampala-time';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useDiscountCategories } from '../api/discount-categories';

const FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'minimum_order',
  'starts_at',
  'ends_at',
  'max_uses',
  'max_uses_per_customer',
  'category_ids',
] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | 'form', string>>;

const KIND_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percentage off the bottles',
  fixed: 'Fixed amount off (UGX)',
};

/** A number box: blank is "not given" (the contract's message or no limit), else the number typed. */
const numberOf = (text: string) =>
  text.trim() === '' ? undefined : Number(text.trim().replace(/[, ]/g, ''));
const limitOf = (text: string) => (text.trim() === '' ? null : numberOf(text));
/** A datetime-local value is Kampala time (the shop's clock, UTC+3 all year). */
const momentOf = (text: string) => (text === '' ? null : `${text}:00${KAMPALA_UTC_OFFSET}`);

/**
 * "New discount code": the contract's rules are checked before sending; the API's field messages
 * (a taken code, an unknown category) are shown under their field.
 */
export function DiscountCodeForm({ onCreated }: { onCreated?: (code: AdminDiscountCode) => void }) {
  const id = useId();
  const [values, setValues] = useState({
    code: '',
    description: '',
    kind: 'percentage' as DiscountKind,
    value: '',
    minimum_order: '',
    starts_at: '',
    ends_at: '',
    max_uses: '',
    max_uses_per_customer: '',
  });
  const [categoryIds, setCategoryIds] = useState<number[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const mutation = useCreateDiscountCode();
  const categories = useDiscountCategories(true);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    setSaved(null);
    const parsed = createDiscountCodeRequestSchema.safeParse({
      code: values.code,
      description: values.description.trim() === '' ? null : values.description,
      kind: values.kind,
      value: numberOf(values.value),
      minimum_order: numberOf(values.minimum_order) ?? 0,
      starts_at: momentOf(values.starts_at),
      ends_at: momentOf(values.ends_at),
      max_uses: limitOf(values.max_uses),
      max_uses_per_customer: limitOf(values.max_uses_per_customer),
      category_ids: categoryIds,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form') as Field | 'form';
        found[FIELDS.includes(field as Field) ? field : 'form'] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await mutation.mutateAsync(parsed.data);
      setSaved(`Saved: ${created.code}, ${created.label}.`);
      setValues((current) => ({ ...current, code: '', description: '' }));
      onCreated?.(created);
    } catch (error) {
      const fromApi: Errors = {};
      if (isApiError(error)) {
        for (const item of error.fields) {
          const field = (FIELDS.includes(item.field as Field) ? item.field : 'form') as Field | 'form';
          fromApi[field] ??= item.message;
        }
      }
      if (!fromApi.form && Object.keys(fromApi).length === 0) fromApi.form = formErrorMessage(error);
      setErrors(fromApi);
    }
  }

  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
        {errors[field]}
      </p>
    ) : null;
  const box = (field: keyof typeof values & Field, label: string, props: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`${id}-${field}`} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        value={values[field]}
        onChange={set(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        className={inputClass}
        {...props}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <form
      aria-label="New discount code"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-2xl border border-cream-300 bg-white p-4"
    >
      <h2 className="font-serif text-xl text-wine-900">New discount code</h2>
      {errors.form ? <FormMessage kind="error">{errors.form}</FormMessage> : null}
      {saved ? <FormMessage kind="success">{saved}</FormMessage> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {box('code', 'Code', { autoCapitalize: 'characters', placeholder: 'e.g. CHEERS10' })}
        {box('description', 'Description (for staff)')}
        <div>
          <label htmlFor={`${id}-kind`} className="mb-1.5 block text-sm font-semibold text-ink">
            Kind
          </label>
          <select
            id={`${id}-kind`}
            value={values.kind}
            onChange={set('kind')}
            aria-invalid={errors.kind ? true : undefined}
            aria-describedby={describedBy('kind')}
            className={inputClass}
          >
            {DISCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          {fieldError('kind')}
        </div>
        {box('value', values.kind === 'percentage' ? 'Percentage (1–100)' : 'Amount off (UGX)', {
          inputMode: 'numeric',
        })}
        {box('minimum_order', 'Minimum order (UGX, bottles only)', {
          inputMode: 'numeric',
          placeholder: '0',
        })}
        {box('max_uses', 'Total uses (empty: no limit)', { inputMode: 'numeric' })}
        {box('max_uses_per_customer', 'Uses per customer (empty: no limit)', { inputMode: 'numeric' })}
        {box('starts_at', 'Starts (Kampala time)', { type: 'datetime-local' })}
        {box('ends_at', 'Ends (Kampala time)', { type: 'datetime-local' })}
      </div>
      <fieldset aria-describedby={describedBy('category_ids')}>
        <legend className="mb-1.5 text-sm font-semibold text-ink">
          Only for these categories (none: every bottle)
        </legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {(categories.data?.results ?? []).map((category) => (
            <label key={category.id} className="inline-flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={categoryIds.includes(category.id)}
                onChange={(event) =>
                  setCategoryIds((current) =>
                    event.target.checked
                      ? [...current, category.id]
                      : current.filter((other) => other !== category.id),
                  )
                }
              />
              {category.name}
            </label>
          ))}
        </div>
        {categories.isError ? (
          <p className="text-sm text-ink-soft">The categories could not be loaded.</p>
        ) : null}
        {fieldError('category_ids')}
      </fieldset>
      <button type="submit" className={primaryButtonClass} disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving…' : 'Create code'}
      </button>
    </form>
  );
}
