import {
  type AdminProduct,
  type ProductCreateRequest,
  productCreateSchema,
  productUpdateSchema,
  slugify,
} from '@shop/contract/catalog-admin';
import { PRODUCT_TYPES } from '@shop/contract/catalog-constants';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useCategoryOptions } from '../api/get-category-options';

type Values = {
  name: string;
  slug: string;
  category_id: string;
  product_type: string;
  country: string;
  region: string;
  varietal: string;
  vintage: string;
  abv: string;
  description: string;
  tasting_notes: string;
  food_pairing: string;
  awards: string;
  is_featured: boolean;
  is_new_arrival: boolean;
  is_active: boolean;
};
type Field = keyof Values;
const FIELDS: Field[] = [
  'name',
  'slug',
  'category_id',
  'product_type',
  'country',
  'region',
  'varietal',
  'vintage',
  'abv',
  'description',
  'tasting_notes',
  'food_pairing',
  'awards',
  'is_featured',
  'is_new_arrival',
  'is_active',
];

const EMPTY: Values = {
  name: '',
  slug: '',
  category_id: '',
  product_type: 'wine',
  country: '',
  region: '',
  varietal: '',
  vintage: '',
  abv: '',
  description: '',
  tasting_notes: '',
  food_pairing: '',
  awards: '',
  is_featured: false,
  is_new_arrival: false,
  is_active: true,
};

export function valuesOf(product: AdminProduct): Values {
  return {
    name: product.name,
    slug: product.slug,
    category_id: String(product.category_id),
    product_type: product.product_type,
    country: product.country ?? '',
    region: product.region ?? '',
    varietal: product.varietal ?? '',
    vintage: product.vintage === null ? '' : String(product.vintage),
    abv: product.abv === null ? '' : String(product.abv),
    description: product.description,
    tasting_notes: product.tasting_notes ?? '',
    food_pairing: product.food_pairing ?? '',
    awards: product.awards.join('\n'),
    is_featured: product.is_featured,
    is_new_arrival: product.is_new_arrival,
    is_active: product.is_active,
  };
}

/** A number field: empty is null, anything else a number (or the text, for the contract to refuse). */
const numberOrNull = (text: string): number | null | string => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : trimmed;
};

function bodyOf(values: Values, slugTouched: boolean) {
  return {
    name: values.name,
    ...(slugTouched && values.slug.trim() ? { slug: values.slug } : {}),
    category_id: values.category_id ? Number(values.category_id) : 0,
    product_type: values.product_type,
    country: values.country,
    region: values.region,
    varietal: values.varietal,
    vintage: numberOrNull(values.vintage),
    abv: numberOrNull(values.abv),
    description: values.description,
    tasting_notes: values.tasting_notes,
    food_pairing: values.food_pairing,
    awards: values.awards
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    is_featured: values.is_featured,
    is_new_arrival: values.is_new_arrival,
    is_active: values.is_active,
  } as ProductCreateRequest;
}

export type ProductFormProps = {
  /** The product being edited (with its version), or none to create one. */
  product?: AdminProduct | undefined;
  pending: boolean;
  /** Sends the body (with the version when editing); rejects with the API's error. */
  onSubmit: (body: ProductCreateRequest & { version?: number }) => Promise<unknown>;
  /** Loads the product again after a conflict (409). */
  onReload?: () => Promise<AdminProduct | undefined>;
};

function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-wine-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const textareaClass =
  'min-h-24 w-full rounded-lg border border-cream-300 bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-wine-600';

/**
 * The product form, for a new product or an existing one: every field the storefront shows or
 * searches. The contract checks it before sending; the API's 422 marks the fields it names; a
 * 409 (someone saved in between) says who and when and offers to reload.
 */
export function ProductForm({ product, pending, onSubmit, onReload }: ProductFormProps) {
  const [values, setValues] = useState<Values>(product ? valuesOf(product) : EMPTY);
  const [slugTouched, setSlugTouched] = useState(Boolean(product));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const categories = useCategoryOptions().data?.results ?? [];
  const categoryChoices =
    product && !categories.some((category) => category.id === product.category_id)
      ? [...categories, { id: product.category_id, name: product.category_name }]
      : categories;

  const set = <K extends Field>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const markFields = (fields: Array<{ field: string; message: string }>) => {
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
    setConflict(null);
    const body = bodyOf(values, slugTouched);
    const checked = product
      ? productUpdateSchema.safeParse({ ...body, version: product.version })
      : productCreateSchema.safeParse(body);
    if (!checked.success) {
      markFields(
        checked.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message })),
      );
      setMessage({ kind: 'error', text: 'Please check the marked fields.' });
      return;
    }
    try {
      await onSubmit(product ? { ...body, version: product.version } : body);
      setErrors({});
      setMessage({ kind: 'success', text: 'Saved.' });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setConflict(
          error.envelope?.message ?? 'Someone else saved this product. Reload to see their changes.',
        );
        return;
      }
      const marked = isApiError(error) ? markFields(error.fields) : 0;
      setMessage({
        kind: 'error',
        text: marked > 0 ? 'Please check the marked fields.' : formErrorMessage(error),
      });
    }
  };

  const reload = async () => {
    const fresh = await onReload?.();
    if (!fresh) return;
    setValues(valuesOf(fresh));
    setErrors({});
    setConflict(null);
    setMessage({ kind: 'success', text: 'Reloaded: the form shows the latest saved version.' });
  };

  const input = (
    field: Exclude<Field, 'is_featured' | 'is_new_arrival' | 'is_active'>,
    label: string,
    hint?: string,
  ) => (
    <Field label={label} error={errors[field]} {...(hint ? { hint } : {})}>
      {(props) => (
        <input
          {...props}
          className={inputClass}
          value={values[field]}
          onChange={(event) => set(field, event.currentTarget.value)}
        />
      )}
    </Field>
  );
  const textarea = (
    field: 'description' | 'tasting_notes' | 'food_pairing' | 'awards',
    label: string,
    hint?: string,
  ) => (
    <Field label={label} error={errors[field]} {...(hint ? { hint } : {})}>
      {(props) => (
        <textarea
          {...props}
          className={textareaClass}
          value={values[field]}
          onChange={(event) => set(field, event.currentTarget.value)}
        />
      )}
    </Field>
  );
  const checkbox = (field: 'is_featured' | 'is_new_arrival' | 'is_active', label: string) => (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input
        type="checkbox"
        checked={values[field]}
        onChange={(event) => set(field, event.currentTarget.checked)}
      />
      {label}
    </label>
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Product details"
      className="space-y-5"
    >
      {conflict ? (
        <FormMessage kind="error">
          <p>{conflict}</p>
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void reload()}>
            Reload
          </button>
        </FormMessage>
      ) : null}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              value={values.name}
              onChange={(event) => {
                set('name', event.currentTarget.value);
                if (!slugTouched)
                  setValues((current) => ({ ...current, slug: slugify(event.currentTarget.value) }));
              }}
            />
          )}
        </Field>
        <Field
          label="Slug"
          error={errors.slug}
          hint={
            product
              ? 'The old address keeps working: it redirects to the new one.'
              : 'Made from the name unless you change it.'
          }
        >
          {(props) => (
            <input
              {...props}
              className={inputClass}
              value={values.slug}
              onChange={(event) => {
                setSlugTouched(true);
                set('slug', event.currentTarget.value);
              }}
            />
          )}
        </Field>
        <Field label="Category" error={errors.category_id}>
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={values.category_id}
              onChange={(event) => set('category_id', event.currentTarget.value)}
            >
              <option value="">Choose a category</option>
              {categoryChoices.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Type" error={errors.product_type}>
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={values.product_type}
              onChange={(event) => set('product_type', event.currentTarget.value)}
            >
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </Field>
        {input('country', 'Country')}
        {input('region', 'Region')}
        {input('varietal', 'Grape or base')}
        {input('vintage', 'Vintage', 'A year, or empty for NV (non-vintage).')}
        {input('abv', 'ABV (%)')}
      </div>
      {textarea('description', 'Description')}
      {textarea('tasting_notes', 'Tasting notes')}
      {textarea('food_pairing', 'Food pairing')}
      {textarea('awards', 'Awards', 'One per line.')}
      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-2 text-sm font-semibold text-ink">Shown on the storefront</legend>
        {checkbox('is_active', 'Listed (untick to hide)')}
        {checkbox('is_featured', 'Featured')}
        {checkbox('is_new_arrival', 'New arrival')}
      </fieldset>
      <button type="submit" className={primaryButtonClass} disabled={pending}>
        {product ? 'Save product' : 'Create product'}
      </button>
    </form>
  );
}
