import { describeCreditNoteFiscal } from '@shop/contract/efris';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { type PaymentPurpose, paymentProviderLabels } from '@shop/contract/payments';
import {
  type Refund,
  type RefundableTransaction,
  type RefundRequest,
  refundForReturn,
  refundMessages,
  refundRequestSchema,
  refundStatusLabels,
} from '@shop/contract/refunds';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormMessage, inputClass, primaryButtonClass, textLinkClass } from '../../../components/form-field';
import { KeptFee } from '../../../components/kept-fee';
import { QueryStatus } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { formErrorMessage } from '../../../lib/form-errors';
import { useBackOffice } from '../../../lib/session/use-back-office';
import { useRefundSubject } from '../api/refund-subject';
import { useRequestRefund } from '../api/request-refund';

/** An order line that may come back in stock with a refund. */
export type RestockableLine = { id: number; label: string; quantity: number; unitPrice: number };

/** What an order took besides its bottles: a refund counts them only as chosen. */
export type OrderCharges = { discount: number; deliveryFee: number };

const NO_CHARGES: OrderCharges = { discount: 0, deliveryFee: 0 };

type Field = 'amount' | 'reason' | 'restock_lines' | 'form';
type Errors = Partial<Record<Field, string>>;

const newKey = () => `refund-${crypto.randomUUID()}`;

export function RefundList({ refunds }: { refunds: Refund[] }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (refunds.length === 0) return <p className="text-sm text-ink-soft">No refunds yet.</p>;
  return (
    <>
      {failed ? <FormMessage kind="error">{failed}</FormMessage> : null}
      <ul aria-label="Refunds" className="space-y-1 text-sm">
        {refunds.map((refund) => (
          <li key={refund.id}>
            {formatKampalaDateTime(refund.created_at)}: {formatUGX(refund.amount)} —{' '}
            <span className="font-semibold">{refundStatusLabels[refund.status]}</span>
            {refund.failure_reason ? ` (${refund.failure_reason})` : ''} — {refund.reason}
            {refund.created_by ? `, by ${refund.created_by}` : ''}
            {refund.credit_note ? (
              <>
                {' '}
                <button
                  type="button"
                  className={textLinkClass}
                  onClick={() => {
                    const note = refund.credit_note;
                    if (!note) return;
                    setFailed(null);
                    downloadFile(note.pdf_url, `${note.number}.pdf`, 'application/pdf').catch(() =>
                      setFailed(`We could not download credit note ${note.number}. Please try again.`),
                    );
                  }}
                >
                  Credit note {refund.credit_note.number}
                </button>
                {refund.credit_note.efris ? (
                  <span className="block text-ink-soft [overflow-wrap:anywhere]">
                    {describeCreditNoteFiscal(refund.credit_note.efris)}
                  </span>
                ) : null}
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The refund form of one payment: amount, a reason, and for an order the bottles that come back
 * in stock. An order's amount follows the bottles back (refundForReturn), the delivery fee and
 * the whole payment each by an explicit tick (issue 36); a ticket's or a double payment's starts
 * at the whole refundable. The idempotency key is made once per refund: a
 * double click or a retry after a network error refunds once; a new key after a success.
 */
export function RefundForm({
  payment,
  lines = [],
  charges = NO_CHARGES,
  onDone,
}: {
  payment: RefundableTransaction;
  lines?: RestockableLine[];
  charges?: OrderCharges;
  onDone?: (refund: Refund) => void;
}) {
  const id = useId();
  const canRestock = payment.purpose === 'order' && !payment.refund_due && lines.length > 0;
  const [amount, setAmount] = useState(canRestock ? '0' : String(payment.refundable));
  const [withDelivery, setWithDelivery] = useState(false);
  const [wholePayment, setWholePayment] = useState(false);
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState<Record<number, string>>({});
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  // The checked refund, waiting for staff to confirm it in the dialog.
  const [toConfirm, setToConfirm] = useState<RefundRequest | null>(null);
  const mutation = useRequestRefund();

  /** The amount again, after the bottles back or a tick changed (staff may still type another). */
  function follow(change: {
    restock?: Record<number, string>;
    withDelivery?: boolean;
    wholePayment?: boolean;
  }) {
    const next = { restock, withDelivery, wholePayment, ...change };
    const returned = Object.fromEntries(
      Object.entries(next.restock).map(([lineId, count]) => [Number(lineId), Number(count) || 0]),
    );
    const worked = refundForReturn({
      lines,
      returned,
      ...charges,
      withDelivery: next.withDelivery,
      refundable: payment.refundable,
    });
    setRestock(next.restock);
    setWithDelivery(next.withDelivery);
    setWholePayment(next.wholePayment);
    setAmount(String(next.wholePayment ? payment.refundable : worked));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    setDone(null);
    const restockLines = canRestock
      ? lines
          .map((line) => ({ line_id: line.id, quantity: Number(restock[line.id] ?? 0) }))
          .filter((line) => line.quantity > 0)
      : [];
    const parsed = refundRequestSchema.safeParse({
      transaction_id: payment.id,
      amount: amount.trim() === '' ? undefined : Number(amount),
      reason,
      restock_lines: restockLines,
      idempotency_key: key,
    });
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        const known: Field =
          field === 'amount' || field === 'reason' || field === 'restock_lines' ? field : 'form';
        found[known] ??= issue.message;
      }
    } else if (parsed.data.amount > payment.refundable) {
      found.amount = refundMessages.amountTooLarge(formatUGX(payment.refundable));
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    setToConfirm(parsed.data);
  }

  async function send(request: RefundRequest) {
    if (mutation.isPending) return;
    try {
      const refund = await mutation.mutateAsync(request);
      setKey(newKey());
      setAmount(canRestock ? '0' : '');
      setReason('');
      setRestock({});
      setWithDelivery(false);
      setWholePayment(false);
      setDone(
        refund.status === 'succeeded'
          ? `Refunded ${formatUGX(refund.amount)}; credit note ${refund.credit_note?.number ?? ''}.`
          : refund.status === 'pending'
            ? `Refund of ${formatUGX(refund.amount)} asked: waiting for the provider.`
            : `The refund failed: ${refund.failure_reason ?? 'the provider refused it'}.`,
      );
      onDone?.(refund);
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        const fromApi: Errors = {};
        for (const item of error.fields) {
          const field = item.field.split('.')[0];
          const known: Field =
            field === 'amount' || field === 'reason' || field === 'restock_lines' ? field : 'form';
          fromApi[known] ??= item.message;
        }
        setErrors(fromApi);
      } else {
        setErrors({ form: formErrorMessage(error) });
      }
    }
  }

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
        {errors[field]}
      </p>
    ) : null;

  const summary = (
    <>
      <p className="text-sm">
        {formatUGX(payment.paid)} paid by {payment.phone}
        {payment.refund_due ? ' (to be refunded)' : ''}; {formatUGX(payment.refunded)} refunded or pending;{' '}
        <span className="font-semibold">{formatUGX(payment.refundable)} refundable</span>.
      </p>
      {payment.withheld > 0 && payment.withheld_reason ? (
        <KeptFee amount={payment.withheld} reason={payment.withheld_reason} refundDue={payment.refundable} />
      ) : null}
    </>
  );
  if (payment.refundable <= 0) {
    return (
      <div className="space-y-2 rounded-2xl border border-cream-300 bg-white p-4">
        {summary}
        {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      </div>
    );
  }
  return (
    <form
      aria-label={`Refund ${payment.reference}`}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-2xl border border-cream-300 bg-white p-4"
    >
      {summary}
      {errors.form ? <FormMessage kind="error">{errors.form}</FormMessage> : null}
      {done ? <FormMessage kind="success">{done}</FormMessage> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-amount`} className="mb-1.5 block text-sm font-semibold text-ink">
            Amount (UGX)
          </label>
          <input
            id={`${id}-amount`}
            inputMode="numeric"
            className={inputClass}
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
          />
          {fieldError('amount')}
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-semibold text-ink">
            Reason
          </label>
          <input
            id={`${id}-reason`}
            className={inputClass}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          />
          {fieldError('reason')}
        </div>
      </div>
      {canRestock ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Bottles back in stock</legend>
          {lines.map((line) => (
            <div key={line.id} className="flex items-center gap-3 text-sm">
              <input
                id={`${id}-line-${line.id}`}
                type="number"
                min={0}
                max={line.quantity}
                className={`${inputClass} w-24`}
                value={restock[line.id] ?? '0'}
                onChange={(event) =>
                  follow({ restock: { ...restock, [line.id]: event.currentTarget.value } })
                }
              />
              <label htmlFor={`${id}-line-${line.id}`}>
                {line.label} (ordered {line.quantity})
              </label>
            </div>
          ))}
          {fieldError('restock_lines')}
          {charges.deliveryFee > 0 ? (
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={withDelivery}
                onChange={(event) => follow({ withDelivery: event.currentTarget.checked })}
              />
              Refund the delivery fee ({formatUGX(charges.deliveryFee)})
            </label>
          ) : null}
          <label className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              checked={wholePayment}
              onChange={(event) => follow({ wholePayment: event.currentTarget.checked })}
            />
            Refund the whole payment ({formatUGX(payment.refundable)})
          </label>
          <p className="text-sm text-ink-soft">
            The amount follows the bottles back, at the price paid for them; type another if needed.
          </p>
        </fieldset>
      ) : null}
      <button type="submit" className={primaryButtonClass} disabled={mutation.isPending}>
        {mutation.isPending ? 'Refunding…' : 'Refund'}
      </button>
      <ConfirmDialog
        open={toConfirm !== null}
        onOpenChange={(open) => {
          if (!open) setToConfirm(null);
        }}
        title="Send this refund?"
        confirmLabel={toConfirm ? `Refund ${formatUGX(toConfirm.amount)}` : 'Refund'}
        onConfirm={() => {
          if (toConfirm) void send(toConfirm);
        }}
      >
        {toConfirm ? <RefundSummary payment={payment} request={toConfirm} lines={lines} /> : null}
      </ConfirmDialog>
    </form>
  );
}

/** What a refund will do, said before it is sent: the amount, to whom and how, the bottles back. */
function RefundSummary({
  payment,
  request,
  lines,
}: {
  payment: RefundableTransaction;
  request: RefundRequest;
  lines: RestockableLine[];
}) {
  const restock = request.restock_lines ?? [];
  const bottles = restock.reduce((sum, line) => sum + line.quantity, 0);
  const labelOf = (lineId: number) => lines.find((line) => line.id === lineId)?.label ?? `line ${lineId}`;
  return (
    <>
      <p>
        <span className="font-semibold">{formatUGX(request.amount)}</span> goes back to {payment.phone} by{' '}
        {paymentProviderLabels[payment.provider]}, for {payment.subject_label}. A refund cannot be taken back.
      </p>
      {bottles > 0 ? (
        <p>
          {`Back in stock: ${restock.map((line) => `${line.quantity} × ${labelOf(line.line_id)}`).join(', ')}.`}
        </p>
      ) : null}
    </>
  );
}

export const REFUNDS_BY_ADMINS = 'Refunds are made by an admin.';

/**
 * The refunds of an order or an RSVP (for those who may refund): its payments with what may still be refunded, a refund
 * form for each, and every refund with its state and credit note.
 */
export function RefundPanel({
  purpose,
  subjectId,
  lines,
  charges,
}: {
  purpose: PaymentPurpose;
  subjectId: string;
  lines?: RestockableLine[];
  charges?: OrderCharges;
}) {
  const backOffice = useBackOffice();
  const mayRefund = backOffice.mayUse('refunds');
  // Asked only by those who may refund: the API refuses the others.
  const query = useRefundSubject(purpose, subjectId, mayRefund);
  if (backOffice.status === 'ready' && !mayRefund) {
    return <p className="text-sm text-ink-soft">{REFUNDS_BY_ADMINS}</p>;
  }
  if (!query.data) {
    return (
      <QueryStatus
        pending={!query.isError}
        onRetry={query.refetch}
        what="The refunds"
        loading="Loading refunds…"
      />
    );
  }
  const { transactions } = query.data;
  return (
    <div className="space-y-4">
      {transactions.length === 0 ? (
        <p className="text-sm text-ink-soft">No payment took money: there is nothing to refund.</p>
      ) : (
        transactions.map((payment) => (
          <RefundForm key={payment.id} payment={payment} lines={lines} charges={charges} />
        ))
      )}
      <RefundList refunds={query.data.refunds} />
    </div>
  );
}
