import { zodResolver } from '@hookform/resolvers/zod';
import { formatUGX } from '@shop/contract/money';
import { handinRequestSchema, type RiderCashRow } from '@shop/contract/rider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { FormField, FormMessage, inputClass } from '../../../components/form-field';
import { QueryState } from '../../../components/query-state';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { countCashIn, downloadRiderCashCsv, kampalaToday, useRiderCash } from '../api/door';
import { STAFF_ORDERS_KEY } from '../api/staff-orders';
import { SignedAmount } from './signed-amount';

// The amount's rules are the API's; an empty reason is "none" (the API asks for one when the count differs).
const countInFormSchema = handinRequestSchema.extend({
  reason: z.string().trim().max(300, { error: 'Use at most 300 characters' }),
});

/** The cashier counts one rider's cash in (today only); the rider then confirms on their screen. */
function CountInForm({ row }: { row: RiderCashRow }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const outstanding = row.collected - row.handed_in;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(countInFormSchema),
    defaultValues: { amount: outstanding, reason: '' },
  });

  const onSubmit = handleSubmit(async ({ amount, reason }) => {
    setFormError(null);
    try {
      await countCashIn(row.rider_id, { amount, reason: reason || null });
      toast.success(
        `${formatUGX(amount)} counted in from ${row.rider_name}; they confirm it on their screen.`,
      );
      reset({ amount: 0, reason: '' });
      await queryClient.invalidateQueries({ queryKey: STAFF_ORDERS_KEY });
    } catch (error) {
      applyFieldErrors(error, ['amount', 'reason'] as const, setError);
      setFormError(formErrorMessage(error));
    }
  });

  return (
    <form
      aria-label={`Count in ${row.rider_name}’s cash`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start"
    >
      {formError ? (
        <div className="sm:col-span-3">
          <FormMessage kind="error">{formError}</FormMessage>
        </div>
      ) : null}
      <FormField
        label="Cash counted (UGX)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        registration={register('amount', { valueAsNumber: true })}
        error={errors.amount?.message}
      />
      <FormField
        label="Reason (when it differs)"
        registration={register('reason')}
        error={errors.reason?.message}
        autoComplete="off"
      />
      <button type="submit" className={`${buttonClass('primary', 'sm')} sm:mt-7`} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Count in'}
      </button>
    </form>
  );
}

/**
 * The shop's riders' cash on one Kampala day (issue 38): expected, collected at the door, handed
 * in to a cashier and confirmed by the rider, the difference; today's counts are made here.
 */
export function RiderCashDay() {
  const dayId = useId();
  const today = kampalaToday();
  const [day, setDay] = useState(today);
  const report = useRiderCash(day, true);
  const csv = useMutation({
    mutationFn: () => downloadRiderCashCsv(day),
    onError: () => toast.error('We could not download the CSV. Please try again.'),
  });

  return (
    <section aria-label="Riders’ cash" className="space-y-4">
      <h2 className="font-serif text-2xl text-wine-900">Riders’ cash</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={dayId} className="mb-1 block text-sm font-semibold">
            Day
          </label>
          <input
            id={dayId}
            type="date"
            value={day}
            max={today}
            onChange={(event) => setDay(event.currentTarget.value || today)}
            className={inputClass}
          />
        </div>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={csv.isPending}
          onClick={() => csv.mutate()}
        >
          {csv.isPending ? 'Downloading…' : 'Download CSV'}
        </button>
      </div>
      <QueryState query={report} what="The riders’ cash" loading="Loading…">
        {(answer) => (
          <>
            <DataTable
              caption={`Riders’ cash on ${answer.date_from}`}
              columns={[
                { header: 'Rider', rowHeader: true, cell: (row) => row.rider_name },
                { header: 'Expected', className: 'tabular-nums', cell: (row) => formatUGX(row.expected) },
                { header: 'Collected', className: 'tabular-nums', cell: (row) => formatUGX(row.collected) },
                { header: 'Handed in', className: 'tabular-nums', cell: (row) => formatUGX(row.handed_in) },
                {
                  header: 'Difference',
                  className: 'tabular-nums',
                  cell: (row) => <SignedAmount amount={row.difference} />,
                },
              ]}
              rows={answer.rows}
              rowKey={(row) => row.rider_id}
              empty="No rider collected cash on this day."
            />
            {day === today && answer.rows.length > 0 ? (
              <div className="space-y-4">
                {answer.rows.map((row) => (
                  <div
                    key={row.rider_id}
                    className="rounded-2xl border border-cream-200 bg-white p-4 shadow-sm"
                  >
                    <h3 className="mb-2 font-semibold">{row.rider_name}</h3>
                    <CountInForm row={row} />
                  </div>
                ))}
              </div>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}
