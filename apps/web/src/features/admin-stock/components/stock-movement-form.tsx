import {
  STAFF_STOCK_REASONS,
  STOCK_REASON_LABELS,
  type StaffStockReason,
  type StockMovementResponse,
  stockCount,
  stockMovementRequestSchema,
  stockReasonSignIssue,
  stockUnitLabel,
} from '@shop/contract/stock';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { useRecordStockMovement } from '../api/record-stock-movement';

type Field = 'reason' | 'delta' | 'note';
type Errors = Partial<Record<Field | 'form', string>>;

/** What staff type: the delta stays text until sent, so a blank box gets the contract's message. */
const deltaOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * "Record a movement" of one size: a reason, the bottles added (positive) or taken away
 * (negative) and a note. The contract's rules are checked before sending; the API's field
 * messages (below zero, a sign the reason refuses) are shown under their field.
 */
export function StockMovementForm({
  variantId,
  variantName,
  packSize = 1,
  initialReason = 'received',
  title = 'Record a movement',
  onDone,
}: {
  variantId: number;
  variantName: string;
  /** Bottles in the size: a pack's movements are counted in cases. */
  packSize?: number;
  initialReason?: StaffStockReason;
  title?: string;
  onDone?: (result: StockMovementResponse) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<StaffStockReason>(initialReason);
  const [delta, setDelta] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const mutation = useRecordStockMovement(variantId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    setSaved(null);
    const parsed = stockMovementRequestSchema.safeParse({
      reason,
      delta: deltaOf(delta),
      note: note.trim() === '' ? undefined : note,
    });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form') as Field | 'form';
        found[field] ??= issue.message;
      }
    } else {
      const sign = stockReasonSignIssue(parsed.data.reason, parsed.data.delta);
      if (sign) found.delta = sign;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    try {
      const result = await mutation.mutateAsync(parsed.data);
      setDelta('');
      setNote('');
      const confirmation = `Saved: ${variantName} now has ${stockCount(result.stock, packSize)} in stock.`;
      setSaved(confirmation);
      // Also as a toast: the Stock screen closes its form on a save, and the message with it.
      toast.success(confirmation);
      onDone?.(result);
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        const fromApi: Errors = {};
        for (const item of error.fields) {
          const field = (['reason', 'delta', 'note'].includes(item.field) ? item.field : 'form') as
            | Field
            | 'form';
          fromApi[field] ??= item.message;
        }
        if (!fromApi.form && isApiError(error) && error.status !== 422)
          fromApi.form = formErrorMessage(error);
        setErrors(fromApi);
      } else {
        setErrors({ form: formErrorMessage(error) });
      }
    }
  }

  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      aria-label={`${title}: ${variantName}`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-2xl border border-cream-300 bg-white p-4"
    >
      <h3 className="font-serif text-lg text-wine-900">{title}</h3>
      {errors.form ? <FormMessage kind="error">{errors.form}</FormMessage> : null}
      {saved ? <FormMessage kind="success">{saved}</FormMessage> : null}
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-semibold text-ink">
            Reason
          </label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value as StaffStockReason)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy('reason')}
            className={inputClass}
          >
            {STAFF_STOCK_REASONS.map((value) => (
              <option key={value} value={value}>
                {STOCK_REASON_LABELS[value]}
              </option>
            ))}
          </select>
          {fieldError('reason')}
        </div>
        <div>
          <label htmlFor={`${id}-delta`} className="mb-1.5 block text-sm font-semibold text-ink">
            {stockUnitLabel(packSize)} (+ added, − taken away)
          </label>
          <input
            id={`${id}-delta`}
            value={delta}
            inputMode="numeric"
            onChange={(event) => setDelta(event.currentTarget.value)}
            aria-invalid={errors.delta ? true : undefined}
            aria-describedby={describedBy('delta')}
            className={inputClass}
          />
          {fieldError('delta')}
        </div>
        <div>
          <label htmlFor={`${id}-note`} className="mb-1.5 block text-sm font-semibold text-ink">
            Note
          </label>
          <input
            id={`${id}-note`}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy('note')}
            className={inputClass}
          />
          {fieldError('note')}
        </div>
      </div>
      <button type="submit" disabled={mutation.isPending} className={primaryButtonClass}>
        {mutation.isPending ? 'Saving…' : 'Save movement'}
      </button>
    </form>
  );
}
