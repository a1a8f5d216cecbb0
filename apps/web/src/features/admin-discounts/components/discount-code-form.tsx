import {
  type AdminDiscountCode,
  createDiscountCodeRequestSchema,
  DISCOUNT_KINDS,
  type DiscountKind,
  updateDiscountCodeRequestSchema,
} from '@shop/contract/discounts';
import { KAMPALA_UTC_OFFSET } from '@shop/contract/kampala-time';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useDiscountCategories } from '../api/discount-categories';
import { useUpdateDiscountCode } from '../api/update-discount-code';

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
const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;
/** An instant as the datetime-local box shows it, in Kampala time. */
const localOf = (iso: string | null) =>
  iso === null ? '' : new Date(Date.parse(iso) + KAMPALA_OFFSET_MS).toISOString().slice(0, 16);
const textOf = (value: number | null) => (value === null ? '' : String(value));

/**
 * "New discount code", or the change of one (`editing`: its values filled in, the code itself
 * fixed). The contract's rules are checked before sending; the API's field messages (a taken code,
 * an unknown category, total uses below the orders holding it) are shown under their field.
 */
export function DiscountCodeForm({
  editing = null,
  onSaved,
}: {
  editing?: AdminDiscountCode | null;
  onSaved?: (code: AdminDiscountCode) => void;
}) {
  const id = useId();
  const [values, setValues] = useState(() => ({
    code: editing?.code ?? '',
    description: editing?.description ?? '',
    kind: editing?.kind ?? ('percentage' as DiscountKind),
    value: textOf(editing?.value ?? null),
    minimum_order: editing && editing.minimum_order > 0 ? String(editing.minimum_order) : '',
    starts_at: localOf(editing?.starts_at ?? null),
    ends_at: localOf(editing?.ends_at ?? null),
    max_uses: textOf(editing?.max_uses ?? null),
    max_uses_per_customer: textOf(editing?.max_uses_per_customer ?? null),
  }));
  const [categoryIds, setCategoryIds] = useState<number[]>(
    () => editing?.categories.map((category) => category.id) ?? [],
  );
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const create = useCreateDiscountCode();
  const update = useUpdateDiscountCode();
  const pending = create.isPending || update.isPending;
  const categories = useDiscountCategories(true);
  const title = editing ? `Change ${editing.code}` : 'New discount code';

  const set = (field: keyof typeof values) => (event: { currentTarget: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.currentTarget.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setSaved(null);
    const fields = {
      description: values.description.trim() === '' ? null : values.description,
      kind: values.kind,
      value: numberOf(values.value),
      minimum_order: numberOf(values.minimum_order) ?? 0,
      starts_at: momentOf(values.starts_at),
      ends_at: momentOf(values.ends_at),
      max_uses: limitOf(values.max_uses),
      max_uses_per_customer: limitOf(values.max_uses_per_customer),
      category_ids: categoryIds,
    };
    const updateParsed = editing ? updateDiscountCodeRequestSchema.safeParse(fields) : null;
    const createParsed = editing
      ? null
      : createDiscountCodeRequestSchema.safeParse({ code: values.code, ...fields });
    const issues = (updateParsed ?? createParsed)?.error?.issues ?? [];
    if (issues.length > 0) {
      const found: Errors = {};
      for (const issue of issues) {
        const field = String(issue.path[0] ?? 'form') as Field | 'form';
        found[FIELDS.includes(field as Field) ? field : 'form'] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      let result: AdminDiscountCode;
      if (editing && updateParsed?.success) {
        result = await update.mutateAsync({ id: editing.id, body: updateParsed.data });
      } else if (createParsed?.success) {
        result = await create.mutateAsync(createParsed.data);
      } else {
        return;
      }
      setSaved(`Saved: ${result.code}, ${result.label}.`);
      if (!editing) setValues((current) => ({ ...current, code: '', description: '' }));
      onSaved?.(result);
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
      aria-label={title}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-2xl border border-cream-300 bg-white p-4"
    >
      <h2 className="font-serif text-xl text-wine-900">{title}</h2>
      {errors.form ? <FormMessage kind="error">{errors.form}</FormMessage> : null}
      {saved ? <FormMessage kind="success">{saved}</FormMessage> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {editing ? null : box('code', 'Code', { autoCapitalize: 'characters', placeholder: 'e.g. CHEERS10' })}
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
                    event.currentTarget.checked
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
      <button type="submit" className={primaryButtonClass} disabled={pending}>
        {pending ? 'Saving…' : editing ? 'Save changes' : 'Create code'}
      </button>
    </form>
  );
}
