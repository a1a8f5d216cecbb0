import { TOAST_DURATION_MS } from '@shop/contract/constants';
import {
  createDeliveryZoneRequestSchema,
  type DeliveryZone,
  updateDeliveryZoneRequestSchema,
} from '@shop/contract/delivery';
import { formatUGX } from '@shop/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  createDeliveryZone,
  STAFF_DELIVERY_ZONES_KEY,
  updateDeliveryZone,
  useStaffDeliveryZones,
} from '../api/staff-delivery-zones';

type Values = {
  name: string;
  slug: string;
  areas: string;
  fee: string;
  delivery_time_minutes: string;
  delivery_time_label: string;
  sort_order: string;
  is_active: boolean;
};
type Field = keyof Values;

const EMPTY: Values = {
  name: '',
  slug: '',
  areas: '',
  fee: '',
  delivery_time_minutes: '',
  delivery_time_label: '',
  sort_order: '0',
  is_active: true,
};

function valuesOf(zone: DeliveryZone): Values {
  return {
    name: zone.name,
    slug: zone.slug,
    areas: zone.areas,
    fee: String(zone.fee),
    delivery_time_minutes: String(zone.delivery_time_minutes),
    delivery_time_label: zone.delivery_time_label,
    sort_order: String(zone.sort_order ?? 0),
    is_active: zone.is_active ?? true,
  };
}

/** A number typed in a box: blank stays blank (the contract then says it is required). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

function bodyOf(values: Values) {
  return {
    name: values.name,
    slug: values.slug,
    areas: values.areas,
    fee: numberOf(values.fee),
    delivery_time_minutes: numberOf(values.delivery_time_minutes),
    delivery_time_label: values.delivery_time_label,
    sort_order: numberOf(values.sort_order),
    is_active: values.is_active,
  };
}

/** What changed against the zone as it is (PATCH sends only that). */
function changesOf(zone: DeliveryZone, values: Values): Record<string, unknown> {
  const before = bodyOf(valuesOf(zone));
  const after = bodyOf(values);
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof typeof before] !== value),
  );
}

type Errors = Partial<Record<Field | 'form', string>>;

function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form') as Field | 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

const labels: Record<Exclude<Field, 'is_active'>, string> = {
  name: 'Name',
  slug: 'Slug',
  areas: 'Areas covered',
  fee: 'Delivery fee (Shs)',
  delivery_time_minutes: 'Delivery time (minutes)',
  delivery_time_label: 'Delivery time shown',
  sort_order: 'Position in the list',
};

function TextInput({
  field,
  values,
  errors,
  onChange,
  numeric,
}: {
  field: Exclude<Field, 'is_active'>;
  values: Values;
  errors: Errors;
  onChange: (field: Exclude<Field, 'is_active'>, value: string) => void;
  numeric?: boolean;
}) {
  const id = useId();
  const error = errors[field];
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {labels[field]}
      </label>
      <input
        id={id}
        value={values[field]}
        inputMode={numeric ? 'numeric' : undefined}
        onChange={(event) => onChange(field, event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Adds a zone (no `zone`) or changes one; the contract's rules are checked before sending. */
function ZoneForm({ zone, onDone }: { zone?: DeliveryZone; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(zone ? valuesOf(zone) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const title = zone ? `Change ${zone.name}` : 'Add a zone';

  const onChange = (field: Exclude<Field, 'is_active'>, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = zone
      ? updateDeliveryZoneRequestSchema.safeParse(changesOf(zone, values))
      : createDeliveryZoneRequestSchema.safeParse(bodyOf(values));
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = zone
        ? await updateDeliveryZone(zone.id, parsed.data)
        : await createDeliveryZone(parsed.data as Parameters<typeof createDeliveryZone>[0]);
      toast.success(`${saved.name} saved`, { duration: TOAST_DURATION_MS });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: STAFF_DELIVERY_ZONES_KEY }),
        // The checkout's list of areas follows.
        queryClient.invalidateQueries({ queryKey: ['delivery-zones'] }),
      ]);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        setErrors(errorsOf(error.fields.map((item) => ({ path: [item.field], message: item.message }))));
      } else {
        setErrors({
          form: isApiError(error)
            ? (error.envelope?.message ?? error.userMessage)
            : 'The zone was not saved.',
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
        <TextInput field="name" values={values} errors={errors} onChange={onChange} />
        <TextInput field="slug" values={values} errors={errors} onChange={onChange} />
        <TextInput field="areas" values={values} errors={errors} onChange={onChange} />
        <TextInput field="fee" values={values} errors={errors} onChange={onChange} numeric />
        <TextInput
          field="delivery_time_minutes"
          values={values}
          errors={errors}
          onChange={onChange}
          numeric
        />
        <TextInput field="delivery_time_label" values={values} errors={errors} onChange={onChange} />
        <TextInput field="sort_order" values={values} errors={errors} onChange={onChange} numeric />
        <label className="flex items-center gap-2 self-end pb-3 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            checked={values.is_active}
            onChange={(event) =>
              setValues((current) => ({ ...current, is_active: event.currentTarget.checked }))
            }
          />
          Offered at checkout
        </label>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={saving} className={primaryButtonClass}>
          {saving ? 'Saving…' : 'Save zone'}
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ZonesDesk() {
  const { data, isPending, isError, refetch } = useStaffDeliveryZones(true);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  if (isPending || isError) {
    return <QueryStatus pending={isPending} onRetry={refetch} what="The zones" loading="Loading zones…" />;
  }
  const current = typeof editing === 'number' ? data.results.find((zone) => zone.id === editing) : undefined;
  return (
    <div className="space-y-6">
      <DataTable
        caption="Delivery zones"
        columns={[
          { header: 'Zone', className: 'font-semibold', cell: (zone) => zone.name },
          { header: 'Areas', cell: (zone) => zone.areas },
          { header: 'Fee', cell: (zone) => formatUGX(zone.fee) },
          { header: 'Time', cell: (zone) => zone.delivery_time_label },
          { header: 'At checkout', cell: (zone) => (zone.is_active === false ? 'Withdrawn' : 'Offered') },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (zone) => (
              <button type="button" className={buttonClass('link')} onClick={() => setEditing(zone.id)}>
                Change <span className="sr-only">{zone.name}</span>
              </button>
            ),
          },
        ]}
        rows={data.results}
        rowKey={(zone) => zone.id}
        isCurrent={(zone) => zone.id === editing}
        empty="No delivery zones yet: checkout offers none until one is added."
      />
      {editing === 'new' ? (
        <ZoneForm onDone={() => setEditing(null)} />
      ) : current ? (
        <ZoneForm key={current.id} zone={current} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
          Add a zone
        </button>
      )}
    </div>
  );
}

/**
 * /admin/delivery-zones, the back office's delivery areas (staff and admins; the API refuses
 * anyone else too): their fees, delivery times and whether checkout offers them. Orders already
 * placed keep the zone, fee and time they were placed with.
 */
export function AdminDeliveryZonesPage() {
  return (
    <PageShell eyebrow="Back office" title="Delivery zones">
      <StaffOnly>
        <ZonesDesk />
      </StaffOnly>
    </PageShell>
  );
}
