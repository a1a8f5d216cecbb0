import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import {
  type AdminShopSettings,
  HIGHEST_MINIMUM_AGE,
  LEGAL_MINIMUM_AGE,
  type OpeningDay,
  REFUSED_ORDER_FEES,
  REVIEW_POLICIES,
  type RefusedOrderFee,
  type ReviewPolicy,
  refusedOrderFeeLabels,
  reviewPolicyLabels,
  updateShopSettingsRequestSchema,
  weekdayLabels,
} from '@shop/contract/settings';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useSaveShopSettings } from '../api/save-shop-settings';

type Windows = 'morning' | 'afternoon' | 'evening';
const WINDOWS: readonly Windows[] = ['morning', 'afternoon', 'evening'];
const windowLabels: Record<Windows, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};

/** What the boxes hold: numbers as typed, so a half-typed value is kept until it is checked. */
type Draft = {
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  opening_hours: OpeningDay[];
  free_delivery_threshold: string;
  minimum_age: string;
  delivery_hours: { from: string; to: string };
  delivery_windows: Record<Windows, { from: string; to: string }>;
  vat_tin: string;
  prices_include_vat: boolean;
  review_policy: ReviewPolicy;
  refused_order_fee: RefusedOrderFee;
};

const range = (value: { from: number; to: number }) => ({ from: String(value.from), to: String(value.to) });

function draftOf(settings: AdminShopSettings): Draft {
  return {
    phone: settings.phone,
    whatsapp: settings.whatsapp,
    email: settings.email,
    address: settings.address,
    opening_hours: settings.opening_hours.map((day) => ({ ...day })),
    free_delivery_threshold: String(settings.free_delivery_threshold),
    minimum_age: String(settings.minimum_age),
    delivery_hours: range(settings.delivery_hours),
    delivery_windows: {
      morning: range(settings.delivery_windows.morning),
      afternoon: range(settings.delivery_windows.afternoon),
      evening: range(settings.delivery_windows.evening),
    },
    vat_tin: settings.vat_tin ?? '',
    prices_include_vat: settings.prices_include_vat,
    review_policy: settings.review_policy,
    refused_order_fee: settings.refused_order_fee,
  };
}

/** A number box: what was typed, as a number when it is one (else the text, for the contract's message). */
const numberOf = (text: string): number | string => {
  const clean = text.trim().replace(/[, ]/g, '');
  return clean !== '' && Number.isFinite(Number(clean)) ? Number(clean) : text;
};
const rangeOf = (value: { from: string; to: string }) => ({
  from: numberOf(value.from),
  to: numberOf(value.to),
});

function requestOf(draft: Draft, version: number) {
  return {
    version,
    phone: draft.phone,
    whatsapp: draft.whatsapp,
    email: draft.email,
    address: draft.address,
    opening_hours: draft.opening_hours,
    free_delivery_threshold: numberOf(draft.free_delivery_threshold),
    minimum_age: numberOf(draft.minimum_age),
    delivery_hours: rangeOf(draft.delivery_hours),
    delivery_windows: {
      morning: rangeOf(draft.delivery_windows.morning),
      afternoon: rangeOf(draft.delivery_windows.afternoon),
      evening: rangeOf(draft.delivery_windows.evening),
    },
    vat_tin: draft.vat_tin.trim() === '' ? null : draft.vat_tin.trim(),
    prices_include_vat: draft.prices_include_vat,
    review_policy: draft.review_policy,
    refused_order_fee: draft.refused_order_fee,
  };
}

type Errors = Record<string, string>;

/**
 * The shop's settings (admins): contact details, opening hours, free delivery, minimum age,
 * delivery hours and windows, VAT and the review policy. Checked against the contract before
 * sending; the API's field messages are shown under their field, and a save over someone else's
 * (409) says who changed the settings and when.
 */
export function SettingsForm({ settings }: { settings: AdminShopSettings }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [version, setVersion] = useState(settings.version);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const save = useSaveShopSettings();

  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const updateDay = (index: number, changes: Partial<OpeningDay>) =>
    setDraft((current) => ({
      ...current,
      opening_hours: current.opening_hours.map((day, at) => (at === index ? { ...day, ...changes } : day)),
    }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const parsed = updateShopSettingsRequestSchema.safeParse(requestOf(draft, version));
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      setMessage({ kind: 'error', text: 'Please check the settings marked below.' });
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setVersion(saved.version);
        setDraft(draftOf(saved));
        setMessage({ kind: 'success', text: 'Settings saved. The shop uses them from now on.' });
      },
      onError: (error) => {
        if (isApiError(error) && error.fields.length > 0) {
          const found: Errors = {};
          for (const field of error.fields) found[field.field] ??= field.message;
          setErrors(found);
        }
        setMessage({ kind: 'error', text: formErrorMessage(error) });
      },
    });
  };

  const errorId = (path: string) => `${id}-${path.replace(/\./g, '-')}-error`;
  const fieldError = (path: string) =>
    errors[path] ? (
      <p id={errorId(path)} className="mt-1 text-sm font-medium text-wine-700">
        {errors[path]}
      </p>
    ) : null;
  const aria = (path: string) => ({
    'aria-invalid': errors[path] ? true : undefined,
    'aria-describedby': errors[path] ? errorId(path) : undefined,
  });
  /** A day's opening or closing time, with its error under it. */
  const timeField = (day: OpeningDay, index: number, edge: 'opens' | 'closes') => (
    <div>
      <input
        type="time"
        aria-label={`${weekdayLabels[day.day]} ${edge}`}
        className={`${inputClass} w-32`}
        value={day[edge]}
        disabled={!day.open}
        onChange={(event) => updateDay(index, { [edge]: event.currentTarget.value })}
        {...aria(`opening_hours.${index}.${edge}`)}
      />
      {fieldError(`opening_hours.${index}.${edge}`)}
    </div>
  );

  const text = (
    path: 'phone' | 'whatsapp' | 'email' | 'address' | 'vat_tin',
    label: string,
    hint?: string,
  ) => (
    <div>
      <label htmlFor={`${id}-${path}`} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={`${id}-${path}`}
        className={inputClass}
        value={draft[path]}
        onChange={(event) => update({ [path]: event.currentTarget.value })}
        {...aria(path)}
      />
      {hint ? <p className="mt-1 text-sm text-ink-soft">{hint}</p> : null}
      {fieldError(path)}
    </div>
  );

  const hourBox = (path: string, label: string, value: string, onChange: (value: string) => void) => (
    <div>
      <label htmlFor={`${id}-${path}`} className="mb-1 block text-sm text-ink">
        {label}
      </label>
      <input
        id={`${id}-${path}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={24}
        className={`${inputClass} w-24`}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...aria(path)}
      />
      {fieldError(path)}
    </div>
  );

  return (
    <form aria-label="Shop settings" noValidate onSubmit={onSubmit} className="space-y-10">
      {settings.updated_at && settings.updated_by ? (
        <p className="text-sm text-ink-soft">
          Last saved by {settings.updated_by} on {formatKampalaDateTime(settings.updated_at)}.
        </p>
      ) : (
        <p className="text-sm text-ink-soft">
          The shop uses its default settings: nobody has saved them yet.
        </p>
      )}

      <Section title="Contact details">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('phone', 'Phone')}
          {text('whatsapp', 'WhatsApp number', 'The number the WhatsApp buttons open a chat with.')}
          {text('email', 'E-mail')}
          {text('address', 'Address')}
        </div>
      </Section>

      <Section title="Opening hours" lead="Kampala time. Shown in the footer and on the contact page.">
        <DataTable
          caption="Opening hours"
          columns={[
            { header: 'Day', rowHeader: true, cell: (day) => weekdayLabels[day.day] },
            {
              header: 'Open',
              cell: (day, index) => (
                <input
                  type="checkbox"
                  aria-label={`Open on ${weekdayLabels[day.day]}`}
                  checked={day.open}
                  onChange={(event) => updateDay(index, { open: event.currentTarget.checked })}
                />
              ),
            },
            { header: 'Opens', cell: (day, index) => timeField(day, index, 'opens') },
            { header: 'Closes', cell: (day, index) => timeField(day, index, 'closes') },
          ]}
          rows={draft.opening_hours}
          rowKey={(day) => day.day}
        />
      </Section>

      <Section title="Delivery">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-threshold`} className="mb-1.5 block text-sm font-semibold text-ink">
              Free delivery from (UGX)
            </label>
            <input
              id={`${id}-threshold`}
              inputMode="numeric"
              className={inputClass}
              value={draft.free_delivery_threshold}
              onChange={(event) => update({ free_delivery_threshold: event.currentTarget.value })}
              {...aria('free_delivery_threshold')}
            />
            <p className="mt-1 text-sm text-ink-soft">Orders of this much or more are delivered free.</p>
            {fieldError('free_delivery_threshold')}
          </div>
        </div>
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-ink">Delivery hours (every day, Kampala time)</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {hourBox('delivery_hours.from', 'Riders go out from (hour)', draft.delivery_hours.from, (from) =>
              update({ delivery_hours: { ...draft.delivery_hours, from } }),
            )}
            {hourBox('delivery_hours.to', 'until (hour)', draft.delivery_hours.to, (to) =>
              update({ delivery_hours: { ...draft.delivery_hours, to } }),
            )}
          </div>
        </fieldset>
        {WINDOWS.map((window) => (
          <fieldset key={window} className="mt-4">
            <legend className="text-sm font-semibold text-ink">{windowLabels[window]} delivery window</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {hourBox(
                `delivery_windows.${window}.from`,
                `${windowLabels[window]} from (hour)`,
                draft.delivery_windows[window].from,
                (from) =>
                  update({
                    delivery_windows: {
                      ...draft.delivery_windows,
                      [window]: { ...draft.delivery_windows[window], from },
                    },
                  }),
              )}
              {hourBox(
                `delivery_windows.${window}.to`,
                `${windowLabels[window]} until (hour)`,
                draft.delivery_windows[window].to,
                (to) =>
                  update({
                    delivery_windows: {
                      ...draft.delivery_windows,
                      [window]: { ...draft.delivery_windows[window], to },
                    },
                  }),
              )}
            </div>
          </fieldset>
        ))}
      </Section>

      <Section
        title="Minimum age"
        lead={`The law in Uganda sets ${LEGAL_MINIMUM_AGE}; the shop may ask for more.`}
      >
        <label htmlFor={`${id}-age`} className="mb-1.5 block text-sm font-semibold text-ink">
          Minimum age (years)
        </label>
        <input
          id={`${id}-age`}
          type="number"
          inputMode="numeric"
          min={LEGAL_MINIMUM_AGE}
          max={HIGHEST_MINIMUM_AGE}
          className={`${inputClass} w-28`}
          value={draft.minimum_age}
          onChange={(event) => update({ minimum_age: event.currentTarget.value })}
          {...aria('minimum_age')}
        />
        {fieldError('minimum_age')}
      </Section>

      <Section title="VAT">
        <div className="grid gap-4 sm:grid-cols-2">
          {text(
            'vat_tin',
            'TIN (VAT registration)',
            'Ten digits; leave empty if the shop is not registered.',
          )}
        </div>
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.prices_include_vat}
            onChange={(event) => update({ prices_include_vat: event.currentTarget.checked })}
          />
          Prices include VAT
        </label>
      </Section>

      <Section title="Reviews">
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Who may review a product</legend>
          <div className="mt-2 space-y-2">
            {REVIEW_POLICIES.map((policy) => (
              <label key={policy} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-review-policy`}
                  value={policy}
                  checked={draft.review_policy === policy}
                  onChange={() => update({ review_policy: policy })}
                />
                {reviewPolicyLabels[policy]}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>

      <Section
        title="Refused at the door"
        lead="When a customer refuses a paid order at the door, or it is refused for them (under age, no ID, intoxicated), the refund due is the payment less this fee. Nobody home costs nothing."
      >
        <fieldset>
          <legend className="text-sm font-semibold text-ink">What the customer is charged</legend>
          <div className="mt-2 space-y-2">
            {REFUSED_ORDER_FEES.map((fee) => (
              <label key={fee} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${id}-refused-order-fee`}
                  value={fee}
                  checked={draft.refused_order_fee === fee}
                  onChange={() => update({ refused_order_fee: fee })}
                />
                {refusedOrderFeeLabels[fee]}
              </label>
            ))}
          </div>
          {fieldError('refused_order_fee')}
        </fieldset>
      </Section>

      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <button type="submit" className={primaryButtonClass} disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="font-serif text-2xl text-wine-900">{title}</h2>
      {lead ? <p className="text-sm text-ink-soft">{lead}</p> : null}
      {children}
    </section>
  );
}
