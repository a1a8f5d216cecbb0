import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { contactPreferencePhrases } from '@shop/contract/delivery';
import { deliveryStatusLabels } from '@shop/contract/delivery-tracking';
import { type OrderStatus, orderStatusLabel, orderStatusLabels } from '@shop/contract/orders';
import { preferredTimeLabel } from '@shop/contract/settings-values';
import type { StaffOrder } from '@shop/contract/staff-orders';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage, inputClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useShopSettings } from '../../../lib/shop-settings';
import { toast } from '../../../lib/toast';
import { assignRider, moveOrder, STAFF_ORDERS_KEY } from '../api/staff-orders';
import { AssignRiderAccount } from './assign-rider-account';
import { OrderContact } from './order-contact';

/** What the button that moves an order to a status says. */
export function actionLabel(to: OrderStatus, order: Pick<StaffOrder, 'fulfilment'>): string {
  switch (to) {
    case 'confirmed':
      return 'Confirm';
    case 'processing':
      return 'Start preparing';
    case 'ready_for_delivery':
      return order.fulfilment === 'pickup' ? 'Ready to collect' : 'Mark ready for delivery';
    case 'out_for_delivery':
      return 'Send out for delivery';
    case 'delivered':
      return order.fulfilment === 'pickup' ? 'Mark collected' : 'Mark delivered';
    case 'refunded':
      return 'Mark refunded';
    case 'cancelled':
      return 'Cancel order…';
    default:
      return orderStatusLabels[to];
  }
}

/** The server's reason: each bad field's message, or the envelope's (a refused move, no rider…). */
function problemOf(error: unknown): string {
  if (isApiError(error) && error.fields.length > 0)
    return error.fields.map((field) => field.message).join('. ');
  return formErrorMessage(error);
}

const primary = buttonClass('primary', 'sm');
const secondary = buttonClass('secondary', 'sm');

/**
 * The moves an order may make next, the cancel form (with its reason) and the rider form: on the
 * desk's cards and on the order's own page. Marking a cash order delivered records the cash the
 * rider (or the counter) collected: the total unless staff enter what was actually taken.
 */
export function StaffOrderActions({ order }: { order: StaffOrder }) {
  const queryClient = useQueryClient();
  const ids = { reason: useId(), riderName: useId(), riderPhone: useId(), cash: useId() };
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  // What staff typed, else the order's own (null: untouched, so a newer order shows its rider).
  const [typedRiderName, setRiderName] = useState<string | null>(null);
  const [typedRiderPhone, setRiderPhone] = useState<string | null>(null);
  const riderName = typedRiderName ?? order.delivery?.rider_name ?? '';
  const riderPhone = typedRiderPhone ?? order.delivery?.rider_phone ?? '';
  const [cash, setCash] = useState(String(order.total));

  /** True once saved and the orders read again. */
  const run = async (work: () => Promise<StaffOrder>, done: (saved: StaffOrder) => string) => {
    setBusy(true);
    setProblem(null);
    try {
      const saved = await work();
      toast.success(done(saved), { duration: TOAST_DURATION_MS });
      setCancelling(false);
      await queryClient.invalidateQueries({ queryKey: STAFF_ORDERS_KEY });
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  // Cash is counted when a cash order reaches its customer: from the road, or at the counter.
  const takesCash =
    order.payment_method === 'cash_on_delivery' &&
    order.payment_status !== 'paid' &&
    order.allowed_transitions.includes('delivered') &&
    (order.status === 'out_for_delivery' || order.fulfilment === 'pickup');

  const move = (to: OrderStatus, note?: string) => {
    let cashCollected: number | undefined;
    if (to === 'delivered' && takesCash) {
      const amount = Number(cash.replace(/[\s,]/g, ''));
      if (!/^\d[\d\s,]*$/.test(cash.trim()) || !Number.isSafeInteger(amount)) {
        setProblem('Enter the cash collected in whole shillings');
        return;
      }
      cashCollected = amount;
    }
    return run(
      () =>
        moveOrder(order.id, {
          status: to,
          ...(note ? { note } : {}),
          ...(cashCollected === undefined ? {} : { cash_collected: cashCollected }),
        }),
      (saved) =>
        `Order ${saved.order_number}: ${orderStatusLabel(saved.status, saved.fulfilment).toLowerCase()}.`,
    );
  };

  const onCancel = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('Give the reason for cancelling');
      return;
    }
    void move('cancelled', reason.trim());
  };

  const onRider = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => assignRider(order.id, { rider_name: riderName, rider_phone: riderPhone }),
      (saved) => `Rider ${saved.delivery?.rider_name ?? ''} assigned to order ${saved.order_number}.`,
    ).then((saved) => {
      // Saved: the fields show the rider as the server keeps them (the phone in +256 form).
      if (saved) {
        setRiderName(null);
        setRiderPhone(null);
      }
    });
  };

  const moves = order.allowed_transitions.filter((to) => to !== 'cancelled');
  const canCancel = order.allowed_transitions.includes('cancelled');
  const riderOpen =
    order.delivery !== null && order.delivery.status !== 'delivered' && order.delivery.status !== 'cancelled';

  return (
    <div data-print="hide">
      {problem ? (
        <div className="mt-3">
          <FormMessage kind="error">{problem}</FormMessage>
        </div>
      ) : null}

      {takesCash ? (
        <div className="mt-4 max-w-60">
          <label htmlFor={ids.cash} className="mb-1 block text-sm font-semibold">
            Cash collected (Shs)
          </label>
          <input
            id={ids.cash}
            inputMode="numeric"
            value={cash}
            onChange={(event) => setCash(event.currentTarget.value)}
            autoComplete="off"
            className={inputClass}
          />
        </div>
      ) : null}

      {moves.length > 0 || canCancel ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {moves.map((to) => (
            <button key={to} type="button" className={primary} disabled={busy} onClick={() => void move(to)}>
              {actionLabel(to, order)}
            </button>
          ))}
          {canCancel && !cancelling ? (
            <button type="button" className={secondary} disabled={busy} onClick={() => setCancelling(true)}>
              {actionLabel('cancelled', order)}
            </button>
          ) : null}
        </div>
      ) : null}
      {cancelling ? (
        <form
          onSubmit={onCancel}
          aria-label={`Cancel order ${order.order_number}`}
          className="mt-3 flex flex-wrap items-end gap-2"
        >
          <div className="min-w-60 flex-1">
            <label htmlFor={ids.reason} className="mb-1 block text-sm font-semibold">
              Reason (shown to the customer)
            </label>
            <input
              id={ids.reason}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              className={inputClass}
            />
          </div>
          <button type="submit" className={primary} disabled={busy}>
            Cancel order
          </button>
          <button type="button" className={secondary} onClick={() => setCancelling(false)}>
            Keep it
          </button>
        </form>
      ) : null}

      {riderOpen ? <AssignRiderAccount order={order} /> : null}
      {riderOpen ? (
        <form
          onSubmit={onRider}
          aria-label={`Rider of order ${order.order_number}`}
          className="mt-4 flex flex-wrap items-end gap-2 border-t border-cream-200 pt-4"
        >
          <div className="min-w-44 flex-1">
            <label htmlFor={ids.riderName} className="mb-1 block text-sm font-semibold">
              Rider name
            </label>
            <input
              id={ids.riderName}
              value={riderName}
              onChange={(event) => setRiderName(event.currentTarget.value)}
              autoComplete="off"
              className={inputClass}
            />
          </div>
          <div className="min-w-44 flex-1">
            <label htmlFor={ids.riderPhone} className="mb-1 block text-sm font-semibold">
              Rider phone
            </label>
            <input
              id={ids.riderPhone}
              type="tel"
              inputMode="tel"
              placeholder="0772 123456"
              value={riderPhone}
              onChange={(event) => setRiderPhone(event.currentTarget.value)}
              autoComplete="off"
              className={inputClass}
            />
          </div>
          <button type="submit" className={secondary} disabled={busy}>
            {order.delivery?.rider_name ? 'Change rider' : 'Assign rider'}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** What to pack, as the card and the page list it: "2 × Kololo Red (750 ml)". */
export function StaffOrderLines({ order }: { order: Pick<StaffOrder, 'lines'> }) {
  if (order.lines.length === 0) return null;
  return (
    <ul aria-label="Items" className="mt-3 space-y-0.5 text-sm">
      {order.lines.map((line) => (
        <li key={line.id}>
          <span className="font-semibold tabular-nums">{line.quantity} ×</span> {line.product_name}{' '}
          <span className="text-ink-soft">({line.variant_name})</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One order's work on the staff's desk, under its row of the orders table (which says its number,
 * status, payment and total): who, what, where, and the moves it may make next.
 */
export function StaffOrderCard({ order }: { order: StaffOrder }) {
  const instructions = order.delivery_instructions;
  const windows = useShopSettings().delivery_windows;

  return (
    <article aria-label={order.order_number} data-status={order.status}>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Customer: </dt>
          <dd className="inline">
            <OrderContact name={order.contact_name} phone={order.contact_phone} />
          </dd>
        </div>
        {order.delivery_zone ? (
          <div>
            <dt className="inline font-semibold">Deliver to: </dt>
            <dd className="inline">{[order.street, order.delivery_zone].filter(Boolean).join(', ')}</dd>
          </div>
        ) : null}
        {instructions ? (
          <div className="sm:col-span-2">
            <dt className="inline font-semibold">Instructions: </dt>
            <dd className="inline">
              {preferredTimeLabel(instructions.preferred_delivery_time, windows)},{' '}
              {contactPreferencePhrases[instructions.contact_preference]}
              {instructions.leave_at_door ? ', may be left at the door' : ''}
              {instructions.require_signature ? ', signature required' : ''}
              {instructions.landmark ? `; landmark: ${instructions.landmark}` : ''}
              {instructions.access_instructions ? `; access: ${instructions.access_instructions}` : ''}
              {instructions.security_code ? `; code: ${instructions.security_code}` : ''}
              {instructions.delivery_notes ? `; ${instructions.delivery_notes}` : ''}
              {instructions.special_instructions ? `; ${instructions.special_instructions}` : ''}
            </dd>
          </div>
        ) : null}
        {order.delivery ? (
          <div>
            <dt className="inline font-semibold">Delivery: </dt>
            <dd className="inline">
              {deliveryStatusLabels[order.delivery.status]}
              {order.delivery.rider_name
                ? `, rider ${order.delivery.rider_name} (${order.delivery.rider_phone})`
                : ', no rider yet'}
            </dd>
          </div>
        ) : null}
        {order.customer_note ? (
          <div className="sm:col-span-2">
            <dt className="inline font-semibold">Note: </dt>
            <dd className="inline">{order.customer_note}</dd>
          </div>
        ) : null}
        {order.cancel_reason ? (
          <div className="sm:col-span-2">
            <dt className="inline font-semibold">Cancelled: </dt>
            <dd className="inline">{order.cancel_reason}</dd>
          </div>
        ) : null}
      </dl>

      <StaffOrderLines order={order} />

      <StaffOrderActions order={order} />
    </article>
  );
}
