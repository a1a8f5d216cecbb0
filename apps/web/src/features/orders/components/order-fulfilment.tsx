import { kampalaDayStart } from '@shop/contract/gifts';
import { formatKampalaWeekdayDate } from '@shop/contract/kampala-time';
import type { Order } from '@shop/contract/orders';
import { paymentMethodLabel } from '@shop/contract/orders';
import { preferredTimeLabel } from '@shop/contract/settings-values';
import type { ReactNode } from 'react';
import { usePickupLocation, useShopSettings } from '../../../lib/shop-settings';
import { contactPreferenceLabels, formatDateTime, networkLabels } from '../lib/order-display';
import { PaymentStatusBadge } from './order-status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-1.5">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

/** Where the order goes (or where to collect it), who to call and the instructions for the rider. */
export function OrderDeliveryDetails({ order }: { order: Order }) {
  const instructions = order.delivery_instructions;
  // The windows' hours are the shop's (a setting), as checkout showed them.
  const windows = useShopSettings().delivery_windows;
  const pickup = usePickupLocation();
  if (order.fulfilment === 'pickup') {
    return (
      <dl className="text-sm">
        <Row label="Pick-up at">
          {pickup.name}
          <br />
          {pickup.address}
        </Row>
        <Row label="Opening hours">{pickup.hours}</Row>
        <Row label="Contact">
          {order.contact_name}, {order.contact_phone}
        </Row>
      </dl>
    );
  }
  const gift = order.gift;
  return (
    <dl className="text-sm">
      {gift ? (
        <>
          <Row label="Gift for">
            {gift.recipient_name}, {gift.recipient_phone}
          </Row>
          <Row label="Gift day">{formatKampalaWeekdayDate(kampalaDayStart(gift.delivery_date))}</Row>
          {gift.message ? (
            <Row label="Message">
              <span className="whitespace-pre-wrap">{gift.message}</span>
            </Row>
          ) : null}
          {gift.recipient_instructions ? (
            <Row label="Recipient asks">{gift.recipient_instructions}</Row>
          ) : null}
        </>
      ) : (
        <Row label="Deliver to">
          {order.contact_name}, {order.contact_phone}
        </Row>
      )}
      {order.delivery_zone ? (
        <Row label="Area">
          {order.delivery_zone.name} ({order.delivery_zone.delivery_time_label})
        </Row>
      ) : null}
      {order.street ? <Row label="Street">{order.street}</Row> : null}
      {instructions?.landmark ? <Row label="Landmark">{instructions.landmark}</Row> : null}
      {instructions ? (
        <>
          <Row label="Preferred time">
            {preferredTimeLabel(instructions.preferred_delivery_time, windows)}
          </Row>
          <Row label="Contact by">{contactPreferenceLabels[instructions.contact_preference]}</Row>
          <Row label="At the door">
            {instructions.leave_at_door ? 'May be left at the door' : 'Hand to me in person'}
            {instructions.require_signature ? ', signature required' : ''}
          </Row>
          {instructions.access_instructions ? (
            <Row label="Access">{instructions.access_instructions}</Row>
          ) : null}
          {instructions.delivery_notes ? <Row label="Notes">{instructions.delivery_notes}</Row> : null}
          {instructions.special_instructions ? (
            <Row label="Special requests">{instructions.special_instructions}</Row>
          ) : null}
        </>
      ) : null}
      {order.estimated_delivery_time ? (
        <Row label="Expected">{formatDateTime(order.estimated_delivery_time)}</Row>
      ) : null}
    </dl>
  );
}

/** How the order is paid, and where the payment stands. */
export function OrderPaymentDetails({ order }: { order: Order }) {
  return (
    <dl className="text-sm">
      <Row label="Method">
        {paymentMethodLabel(order.payment_method, order.fulfilment)}
        {order.mobile_money_network ? ` (${networkLabels[order.mobile_money_network]})` : ''}
      </Row>
      {order.payment_phone ? <Row label="Paying number">{order.payment_phone}</Row> : null}
      <Row label="Status">
        <PaymentStatusBadge status={order.payment_status} />
      </Row>
      {order.invoice_number ? <Row label="Invoice">{order.invoice_number}</Row> : null}
    </dl>
  );
}
