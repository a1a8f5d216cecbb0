import type { Order } from '@shop/contract/orders';
import { doorOutcomeLabels, refusalReasonLabels } from '@shop/contract/rider';
import { useHandover } from '../api/get-handover';

const AT_THE_DOOR = new Set(['out_for_delivery', 'cancelled']);

/**
 * The handover at the door (issue 38): while the order is out, the code to give the rider; after a
 * refusal, what became of the order.
 */
export function OrderHandover({ order }: { order: Pick<Order, 'order_number' | 'status' | 'fulfilment'> }) {
  const enabled = order.fulfilment === 'delivery' && AT_THE_DOOR.has(order.status);
  const { data } = useHandover(order.order_number, enabled);
  if (!enabled || !data) return null;
  if (data.code) {
    return (
      <section
        aria-labelledby="handover-heading"
        className="rounded-lg border-2 border-wine-700 bg-white px-4 py-3"
      >
        <h2 id="handover-heading" className="text-xl">
          Your handover code
        </h2>
        <p className="mt-1">Give this code to the rider at the door. Never share it before they arrive.</p>
        <p className="mt-2 font-mono text-3xl tracking-[0.3em]" data-testid="handover-code">
          {data.code}
        </p>
        {data.door_outcome === 'failed_retry' ? (
          <p className="mt-2 text-sm">
            {doorOutcomeLabels.failed_retry}
            {data.refusal_reason ? ` (${refusalReasonLabels[data.refusal_reason].toLowerCase()})` : ''}.
          </p>
        ) : null}
      </section>
    );
  }
  if (data.door_outcome === 'returned_to_shop') {
    return (
      <p className="rounded-lg border border-cream-300 bg-cream-100 px-4 py-3 text-sm">
        {doorOutcomeLabels.returned_to_shop}
        {data.refusal_reason ? `: ${refusalReasonLabels[data.refusal_reason].toLowerCase()}` : ''}.
      </p>
    );
  }
  return null;
}
