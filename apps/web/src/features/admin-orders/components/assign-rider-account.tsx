import type { StaffOrder } from '@shop/contract/staff-orders';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, inputClass, secondaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { assignRiderAccount, useRiders } from '../api/riders';
import { STAFF_ORDERS_KEY } from '../api/staff-orders';

/** Puts the order on one of the shop's riders' runs (issue 38); outside couriers keep the name and phone form. */
export function AssignRiderAccount({ order }: { order: StaffOrder }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { data: riders } = useRiders(true);
  const [riderId, setRiderId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!riders || riders.length === 0) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!riderId) return setProblem('Choose a rider');
    setBusy(true);
    setProblem(null);
    try {
      const saved = await assignRiderAccount(order.id, riderId);
      toast.success(`Order ${saved.order_number} is on ${saved.delivery?.rider_name ?? 'the rider'}’s run.`);
      await queryClient.invalidateQueries({ queryKey: STAFF_ORDERS_KEY });
    } catch (error) {
      setProblem(
        isApiError(error)
          ? (error.fields[0]?.message ?? error.userMessage)
          : 'The rider could not be assigned.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-label={`Shop rider of order ${order.order_number}`}
      className="mt-4 flex flex-wrap items-end gap-2 border-t border-cream-200 pt-4"
    >
      <div className="min-w-44 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          Shop rider
        </label>
        <select
          id={id}
          className={inputClass}
          value={riderId}
          onChange={(event) => setRiderId(event.currentTarget.value)}
        >
          <option value="">Choose a rider…</option>
          {riders.map((rider) => (
            <option key={rider.id} value={rider.id}>
              {rider.name}
              {rider.phone ? ` (${rider.phone})` : ''}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={secondaryButtonClass} disabled={busy}>
        Put on rider’s run
      </button>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
    </form>
  );
}
