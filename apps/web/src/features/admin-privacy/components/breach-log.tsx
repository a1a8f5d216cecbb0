import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import type { CreateBreachRequest } from '@shop/contract/privacy';
import { type FormEvent, useState } from 'react';
import { FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useBreaches, useRecordBreach } from '../api/privacy';

type Field = keyof CreateBreachRequest;
const FIELDS: { name: Field; label: string; kind: 'text' | 'when' }[] = [
  { name: 'what', label: 'What happened', kind: 'text' },
  { name: 'data_affected', label: 'Which data, whose', kind: 'text' },
  { name: 'occurred_at', label: 'When it happened', kind: 'when' },
  { name: 'discovered_at', label: 'When we found out', kind: 'when' },
  { name: 'who_was_told', label: 'Who was told, and how', kind: 'text' },
  { name: 'people_told_at', label: 'When they were told', kind: 'when' },
  { name: 'pdpo_told_at', label: 'When the PDPO was told', kind: 'when' },
];
const OPTIONAL = new Set<Field>(['who_was_told', 'people_told_at', 'pdpo_told_at']);

/** A datetime-local value (Kampala, UTC+3) as ISO 8601 with its offset. */
const kampalaIso = (value: string) => (value ? `${value}:00+03:00` : '');

function BreachForm() {
  const record = useRecordBreach();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((field) => [field.name, ''])) as Record<Field, string>,
  );
  const fieldError = (name: string) =>
    isApiError(record.error) ? record.error.fields.find((field) => field.field === name)?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(
      FIELDS.map(({ name, kind }) => {
        const raw = kind === 'when' ? kampalaIso(values[name]) : values[name].trim();
        return [name, raw === '' && OPTIONAL.has(name) ? null : raw];
      }),
    ) as CreateBreachRequest;
    record.mutate(body, {
      onSuccess: () =>
        setValues(Object.fromEntries(FIELDS.map((field) => [field.name, ''])) as Record<Field, string>),
    });
  };
  return (
    <form aria-label="Record a breach" className="space-y-3" onSubmit={submit} noValidate>
      {FIELDS.map(({ name, label, kind }) => {
        const id = `breach-${name}`;
        const error = fieldError(name);
        return (
          <div key={name}>
            <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
              {label}
              {OPTIONAL.has(name) ? ' (when known)' : ''}
            </label>
            <input
              id={id}
              type={kind === 'when' ? 'datetime-local' : 'text'}
              value={values[name]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [name]: value }));
              }}
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
      })}
      {record.error ? <FormMessage kind="error">{formErrorMessage(record.error)}</FormMessage> : null}
      {record.isSuccess ? (
        <FormMessage kind="success">The breach is recorded (and in the audit trail).</FormMessage>
      ) : null}
      <button type="submit" className={primaryButtonClass} disabled={record.isPending}>
        Record the breach
      </button>
    </form>
  );
}

const whenText = (value: string | null) => (value ? formatKampalaDateTime(value) : 'not yet');

/** The breach log (admins): what, when, who was told and when, when the PDPO was told. */
export function BreachLog() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useBreaches(page);
  return (
    <section aria-labelledby="breaches-heading" className="space-y-3">
      <h2 id="breaches-heading" className="font-serif text-2xl text-wine-900">
        Breach log
      </h2>
      {isPending || isError ? (
        <QueryStatus pending={isPending} onRetry={refetch} what="The breach log" loading="Loading…" />
      ) : data.results.length === 0 ? (
        <p className="text-ink-soft">No breach recorded.</p>
      ) : (
        <ul aria-label="Breaches" className="space-y-3">
          {data.results.map((breach) => (
            <li key={breach.id} className="rounded-lg border border-cream-200 p-3 text-sm">
              <p className="font-semibold">{breach.what}</p>
              <p>Data: {breach.data_affected}</p>
              <p>
                Happened {formatKampalaDateTime(breach.occurred_at)}; found{' '}
                {formatKampalaDateTime(breach.discovered_at)}
              </p>
              <p>
                Told: {breach.who_was_told ?? 'nobody yet'} ({whenText(breach.people_told_at)}); PDPO:{' '}
                {whenText(breach.pdpo_told_at)}
              </p>
              <p className="text-ink-soft">Recorded by {breach.recorded_by}</p>
            </li>
          ))}
        </ul>
      )}
      {data ? (
        <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
      ) : null}
      <BreachForm />
    </section>
  );
}
