import {
  RETENTION_KIND_NAMES,
  RETENTION_KINDS,
  type RetentionFields,
  type RetentionSettings,
} from '@shop/contract/privacy';
import { type FormEvent, useState } from 'react';
import { FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useRetention, useSaveRetention } from '../api/privacy';

function RetentionEditor({ settings }: { settings: RetentionSettings }) {
  const save = useSaveRetention();
  const [values, setValues] = useState<Record<keyof RetentionFields, string>>(
    () =>
      Object.fromEntries(RETENTION_KIND_NAMES.map((kind) => [kind, String(settings[kind])])) as Record<
        keyof RetentionFields,
        string
      >,
  );
  const fieldError = (kind: string) =>
    isApiError(save.error) ? save.error.fields.find((field) => field.field === kind)?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(RETENTION_KIND_NAMES.map((kind) => [kind, Number(values[kind])]));
    save.mutate({ ...(body as RetentionFields), version: settings.version });
  };
  return (
    <form aria-label="Retention periods" className="space-y-4" onSubmit={submit} noValidate>
      {RETENTION_KIND_NAMES.map((kind) => {
        const id = `retention-${kind}`;
        const error = fieldError(kind);
        return (
          <div key={kind}>
            <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
              {RETENTION_KINDS[kind].label} (days)
            </label>
            <input
              id={id}
              inputMode="numeric"
              value={values[kind]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [kind]: value }));
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} max-w-40`}
            />
            {error ? (
              <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {save.error ? <FormMessage kind="error">{formErrorMessage(save.error)}</FormMessage> : null}
      {save.isSuccess ? (
        <FormMessage kind="success">Saved: the hourly job keeps to these periods.</FormMessage>
      ) : null}
      <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
        Save retention periods
      </button>
    </form>
  );
}

/** How long each kind of data is kept (admins): the hourly job and the privacy page read it. */
export function RetentionSection() {
  const { data, isPending, isError, refetch } = useRetention();
  return (
    <section aria-labelledby="retention-heading" className="space-y-3">
      <h2 id="retention-heading" className="font-serif text-2xl text-wine-900">
        How long we keep data
      </h2>
      {isPending || isError ? (
        <QueryStatus pending={isPending} onRetry={refetch} what="The retention periods" loading="Loading…" />
      ) : (
        <RetentionEditor settings={data} />
      )}
    </section>
  );
}
