import { EFRIS_ENVIRONMENTS, type EfrisSettings, efrisSettingsUpdateSchema } from '@shop/contract/efris';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { type FormEvent, useId, useState } from 'react';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useSaveEfrisSettings, useTestEfrisConnection, useUploadEfrisKey } from '../api/efris';

type Draft = {
  enabled: boolean;
  environment: 'test' | 'production';
  tin: string;
  device_no: string;
  commodity_code: string;
};

const draftOf = (settings: EfrisSettings): Draft => ({
  enabled: settings.enabled,
  environment: settings.environment,
  tin: settings.tin ?? '',
  device_no: settings.device_no ?? '',
  commodity_code: settings.commodity_code ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Field errors by name: the contract's on the way out, the API's on the way back. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(error.fields.map((field) => [field.field, field.message]));
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (id: string) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {children(id)}
      {error ? (
        <p className="text-sm text-red-800" role="alert">
          {label}: {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The EFRIS connection (admins): environment, TIN, device number, commodity code, the private key
 * (uploaded once, shown only by its fingerprint), and a test that shows URA's registration of the
 * taxpayer for confirmation before EFRIS is switched on.
 */
export function EfrisSettingsPanel({ settings }: { settings: EfrisSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [keyText, setKeyText] = useState('');
  const save = useSaveEfrisSettings();
  const upload = useUploadEfrisKey();
  const test = useTestEfrisConnection();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      enabled: draft.enabled,
      environment: draft.environment,
      tin: orNull(draft.tin),
      device_no: orNull(draft.device_no),
      commodity_code: orNull(draft.commodity_code),
    };
    const checked = efrisSettingsUpdateSchema.safeParse(body);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      onError: (error) => setErrors(fieldErrorsOf(error)),
      onSuccess: (saved) => setDraft(draftOf(saved)),
    });
  };

  const uploadKey = (event: FormEvent) => {
    event.preventDefault();
    upload.mutate(keyText, { onSuccess: () => setKeyText('') });
  };

  const keyErrors = fieldErrorsOf(upload.error);
  const registration = test.data?.registration ?? settings.registration;

  return (
    <div className="space-y-8">
      <form onSubmit={submit} noValidate className="max-w-xl space-y-4" aria-label="EFRIS connection">
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })}
          />
          Fiscalise paid tax invoices with EFRIS
        </label>
        {errors.enabled ? <FormMessage kind="error">{errors.enabled}</FormMessage> : null}
        <Field label="Environment" error={errors.environment}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={draft.environment}
              onChange={(event) =>
                setDraft({ ...draft, environment: event.currentTarget.value as Draft['environment'] })
              }
            >
              {EFRIS_ENVIRONMENTS.map((environment) => (
                <option key={environment} value={environment}>
                  {environment === 'test' ? 'URA’s test environment' : 'Production'}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="text-sm text-ink-soft [overflow-wrap:anywhere]">Endpoint: {settings.endpoint}</p>
        <Field label="TIN" error={errors.tin}>
          {(id) => (
            <input
              id={id}
              className={inputClass}
              inputMode="numeric"
              value={draft.tin}
              onChange={(event) => setDraft({ ...draft, tin: event.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="Device number" error={errors.device_no}>
          {(id) => (
            <input
              id={id}
              className={inputClass}
              value={draft.device_no}
              onChange={(event) => setDraft({ ...draft, device_no: event.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="Commodity code" error={errors.commodity_code}>
          {(id) => (
            <input
              id={id}
              className={inputClass}
              inputMode="numeric"
              value={draft.commodity_code}
              onChange={(event) => setDraft({ ...draft, commodity_code: event.currentTarget.value })}
            />
          )}
        </Field>
        {save.isError && Object.keys(errors).length === 0 ? (
          <FormMessage kind="error">{formErrorMessage(save.error)}</FormMessage>
        ) : null}
        {save.isSuccess ? <FormMessage kind="success">Saved.</FormMessage> : null}
        <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
          Save
        </button>
      </form>

      <form onSubmit={uploadKey} className="max-w-xl space-y-3" aria-label="Private key">
        <h3 className="font-display text-xl">Private key</h3>
        <p className="text-ink-soft">
          {settings.key_on_file
            ? `A key is on file (fingerprint ${settings.key_fingerprint?.slice(0, 16) ?? ''}…, uploaded ${settings.key_uploaded_at ? formatKampalaDateTime(settings.key_uploaded_at) : ''}). It is stored encrypted and never shown again; uploading another replaces it.`
            : 'No key yet. Paste the unencrypted PEM of the key registered with URA; it is stored encrypted and never shown again.'}
        </p>
        <Field label="Private key (PEM)" error={keyErrors.private_key}>
          {(id) => (
            <textarea
              id={id}
              className={`${inputClass} h-32 font-mono text-xs`}
              value={keyText}
              autoComplete="off"
              spellcheck={false}
              onChange={(event) => setKeyText(event.currentTarget.value)}
            />
          )}
        </Field>
        {upload.isError && !keyErrors.private_key ? (
          <FormMessage kind="error">{formErrorMessage(upload.error)}</FormMessage>
        ) : null}
        {upload.isSuccess ? <FormMessage kind="success">Key stored.</FormMessage> : null}
        <button
          type="submit"
          className={secondaryButtonClass}
          disabled={upload.isPending || keyText.trim() === ''}
        >
          Upload the key
        </button>
      </form>

      <section className="max-w-xl space-y-3" aria-label="Connection test">
        <h3 className="font-display text-xl">Test the connection</h3>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? 'Asking URA…' : 'Test connection'}
        </button>
        {test.isError ? <FormMessage kind="error">{formErrorMessage(test.error)}</FormMessage> : null}
        {test.data && !test.data.ok ? <FormMessage kind="error">{test.data.error}</FormMessage> : null}
        {settings.clock_offset_seconds !== null ? (
          <p className="text-sm text-ink-soft">
            Clock offset from URA: {settings.clock_offset_seconds} s (at most ±600 s).
          </p>
        ) : null}
        {registration ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">TIN</dt>
            <dd>{registration.tin}</dd>
            <dt className="font-semibold">Legal name</dt>
            <dd>{registration.legal_name}</dd>
            <dt className="font-semibold">Business name</dt>
            <dd>{registration.business_name}</dd>
            <dt className="font-semibold">Address</dt>
            <dd>{registration.address}</dd>
            <dt className="font-semibold">Device</dt>
            <dd>{registration.device_no}</dd>
          </dl>
        ) : null}
        {registration ? (
          <p className="text-sm text-ink-soft">
            As URA holds it: check it is the shop before switching EFRIS on.
          </p>
        ) : null}
      </section>
    </div>
  );
}
