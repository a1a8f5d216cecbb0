import { zodResolver } from '@hookform/resolvers/zod';
import { formatUGX } from '@shop/contract/money';
import { handinRequestSchema, type RiderCashRow } from '@shop/contract/rider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '../../../components/button';
import { FormField, FormMessage, inputClass } from '../../../components/form-field';
import { QueryStatus } from '../../../components/query-state';
import { stackedTable } from '../../../components/stacked-table';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import { countCashIn, downloadRiderCashCsv, kampalaToday, useRiderCash } from '../api/door';
import { STAFF_ORDERS_KEY } from '../api/staff-orders';

const signed = (amount: number) =>
  amount > 0 ? `+${formatUGX(amount)}` : amount < 0 ? `−${formatUGX(-amount)}` : formatUGX(0);

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
  const { data, isPending, isError, refetch } = useRiderCash(day, true);
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
      {isPending || isError ? (
        <QueryStatus pending={isPending} onRetry={refetch} what="The riders’ cash" loading="Loading…" />
      ) : data.rows.length === 0 ? (
        <p>No rider collected cash on this day.</p>
      ) : (
        <>
          <div className={stackedTable.frame}>
            <table className={stackedTable.table}>
              <caption className="sr-only">Riders’ cash on {data.date_from}</caption>
              <thead className={stackedTable.head}>
                <tr>
                  {['Rider', 'Expected', 'Collected', 'Handed in', 'Difference'].map((name) => (
                    <th key={name} scope="col" className={stackedTable.headerCell}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={stackedTable.body}>
                {data.rows.map((row) => (
                  <tr key={row.rider_id} className={stackedTable.row}>
                    <th scope="row" data-label="Rider" className={`${stackedTable.cell} font-semibold`}>
                      {row.rider_name}
                    </th>
                    <td data-label="Expected" className={`${stackedTable.cell} tabular-nums`}>
                      {formatUGX(row.expected)}
                    </td>
                    <td data-label="Collected" className={`${stackedTable.cell} tabular-nums`}>
                      {formatUGX(row.collected)}
                    </td>
                    <td data-label="Handed in" className={`${stackedTable.cell} tabular-nums`}>
                      {formatUGX(row.handed_in)}
                    </td>
                    <td
                      data-label="Difference"
                      className={`${stackedTable.cell} tabular-nums ${row.difference < 0 ? 'font-semibold text-red-700' : ''}`}
                    >
                      {signed(row.difference)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {day === today ? (
            <div className="space-y-4">
              {data.rows.map((row) => (
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
    </section>
  );
}
