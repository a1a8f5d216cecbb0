import { ORDER_NUMBER_FORMAT, trackingMessages } from '@shop/contract/delivery-tracking';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, inputClass, primaryButtonClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { useTrackedDelivery } from '../api/track-delivery';
import { DeliveryCard } from './delivery-card';

/** What to say when tracking failed: the server's words for "not yours / no delivery yet". */
function trackingProblem(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 422) return error.fields[0]?.message ?? trackingMessages.orderNumberFormat;
    if (error.envelope?.message && (error.status === 404 || error.status === 409))
      return error.envelope.message;
    return error.userMessage;
  }
  return 'Something went wrong. Please try again.';
}

/** Search one of the customer's orders by its number (docs/product.md section 7's track_by_order_number). */
export function TrackOrder({ userId }: { userId: string }) {
  const inputId = useId();
  const errorId = useId();
  const [typed, setTyped] = useState('');
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  const [formatError, setFormatError] = useState<string | null>(null);
  const tracked = useTrackedDelivery(userId, orderNumber);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim().toUpperCase();
    if (!value) {
      setFormatError(trackingMessages.orderNumberRequired);
      return;
    }
    if (!ORDER_NUMBER_FORMAT.test(value)) {
      setFormatError(trackingMessages.orderNumberFormat);
      return;
    }
    setFormatError(null);
    setOrderNumber(value);
    if (value === orderNumber) void tracked.refetch();
  };

  return (
    <div className="space-y-4">
      <form
        aria-label="Track an order"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-wrap items-end gap-3"
      >
        <div className="min-w-60 flex-1">
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-ink">
            Order number
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            placeholder="ORD-20261122-7KQ2M"
            autoComplete="off"
            spellcheck={false}
            aria-invalid={formatError ? true : undefined}
            aria-describedby={formatError ? errorId : undefined}
            className={inputClass}
          />
        </div>
        <button type="submit" className={`${primaryButtonClass} gap-2`}>
          <Search aria-hidden="true" className="size-4" />
          Track
        </button>
        {formatError ? (
          <p id={errorId} className="w-full text-sm font-medium text-wine-700">
            {formatError}
          </p>
        ) : null}
      </form>
      {orderNumber && tracked.isError ? (
        <FormMessage kind="error">{trackingProblem(tracked.error)}</FormMessage>
      ) : null}
      {orderNumber && tracked.isPending ? (
        <p role="status" className="text-sm text-ink-soft">
          Looking for {orderNumber}…
        </p>
      ) : null}
      {orderNumber && tracked.data ? <DeliveryCard delivery={tracked.data} /> : null}
    </div>
  );
}
