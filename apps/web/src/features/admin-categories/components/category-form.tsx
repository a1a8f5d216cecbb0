import {
  type AdminCategory,
  createCategoryRequestSchema,
  slugFromName,
  updateCategoryRequestSchema,
} from '@shop/contract/categories-admin';
import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { ADMIN_CATEGORIES_KEY } from '../api/admin-categories';
import { createCategory } from '../api/create-category';
import { updateCategory } from '../api/update-category';

type Values = { name: string; slug: string; description: string; image: string; is_active: boolean };
type TextField = Exclude<keyof Values, 'is_active'>;
type Errors = Partial<Record<keyof Values | 'form', string>>;

const EMPTY: Values = { name: '', slug: '', description: '', image: '', is_active: true };

const valuesOf = (category: AdminCategory): Values => ({
  name: category.name,
  slug: category.slug,
  description: category.description ?? '',
  image: category.image ?? '',
  is_active: category.is_active,
});

const labels: Record<TextField, string> = {
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  image: 'Image (a /media/… path or https:// address)',
};

function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form') as keyof Errors;
    errors[field] ??= issue.message;
  }
  return errors;
}

function Field({
  field,
  value,
  error,
  hint,
  multiline,
  onChange,
}: {
  field: TextField;
  value: string;
  error: string | undefined;
  hint?: string;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    className: inputClass,
  };
  return (
    <div className={multiline ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {labels[field]}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.currentTarget.value)} />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Creates a category (no `category`) or edits one; the contract's rules are checked before sending. */
export function CategoryForm({ category, onDone }: { category?: AdminCategory; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(category ? valuesOf(category) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const title = category ? `Edit ${category.name}` : 'Add a category';
  const set = (field: keyof Values, value: string | boolean) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const body = {
      name: values.name,
      slug: values.slug,
      description: values.description,
      image: values.image,
      is_active: values.is_active,
    };
    // An edit sends only what changed.
    const changes = category
      ? Object.fromEntries(
          Object.entries(body).filter(([key, value]) => valuesOf(category)[key as keyof Values] !== value),
        )
      : body;
    const parsed = category
      ? updateCategoryRequestSchema.safeParse(changes)
      : createCategoryRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = category
        ? await updateCategory(category.id, changes)
        : await createCategory(parsed.data as Parameters<typeof createCategory>[0]);
      toast.success(`${saved.name} saved`, { duration: TOAST_DURATION_MS });
      await queryClient.invalidateQueries({ queryKey: ADMIN_CATEGORIES_KEY });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        setErrors(errorsOf(error.fields.map((item) => ({ path: [item.field], message: item.message }))));
      } else {
        setErrors({
          form: isApiError(error)
            ? (error.envelope?.message ?? error.userMessage)
            : 'The category was not saved.',
        });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      aria-label={title}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-2xl border border-cream-300 bg-white p-5"
    >
      <h2 className="text-xl">{title}</h2>
      {errors.form ? <FormMessage kind="error">{errors.form}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          field="name"
          value={values.name}
          error={errors.name}
          onChange={(value) => set('name', value)}
        />
        <Field
          field="slug"
          value={values.slug}
          error={errors.slug}
          hint={
            values.slug
              ? undefined
              : `Left empty, it is made from the name${values.name ? `: ${slugFromName(values.name)}` : ''}.`
          }
          onChange={(value) => set('slug', value)}
        />
        <Field
          field="description"
          value={values.description}
          error={errors.description}
          multiline
          onChange={(value) => set('description', value)}
        />
        <Field
          field="image"
          value={values.image}
          error={errors.image}
          onChange={(value) => set('image', value)}
        />
        <label className="flex items-center gap-2 self-end pb-3 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            checked={values.is_active}
            onChange={(event) => set('is_active', event.currentTarget.checked)}
          />
          Shown in the shop
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={saving} className={primaryButtonClass}>
          {saving ? 'Saving…' : 'Save category'}
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
