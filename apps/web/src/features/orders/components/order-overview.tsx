import type { Order } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { itemCountText } from '../lib/order-display';
import { OrderDeliveryDetails, OrderPaymentDetails } from './order-fulfilment';
import { OrderItems } from './order-items';
import { OrderTotals } from './order-totals';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** An order's items and totals beside its delivery (or pick-up) and payment details. */
export function OrderOverview({ order }: { order: Order }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[1fr_24rem]">
      <Panel title={`Items (${itemCountText(order.item_count)})`}>
        <OrderItems items={order.items} />
        <div className="mt-4 border-t border-cream-200 pt-4">
          <OrderTotals
            subtotal={order.subtotal}
            deliveryFee={order.delivery_fee}
            discount={order.discount}
            discountCode={order.discount_code}
            vatAdded={order.vat_added}
            total={order.total}
            fulfilment={order.fulfilment}
          />
        </div>
      </Panel>
      <div className="flex flex-col gap-6">
        <Panel title={order.fulfilment === 'pickup' ? 'Pick-up' : 'Delivery'}>
          <OrderDeliveryDetails order={order} />
        </Panel>
        <Panel title="Payment">
          <OrderPaymentDetails order={order} />
        </Panel>
        {order.vat_invoice ? (
          <Panel title="VAT invoice">
            <p className="text-sm text-ink">
              Made out to {order.vat_invoice.business_name}, TIN {order.vat_invoice.tin}.
            </p>
          </Panel>
        ) : null}
        {order.customer_note ? (
          <Panel title="Your note">
            <p className="text-sm text-ink">{order.customer_note}</p>
          </Panel>
        ) : null}
      </div>
    </div>
  );
}
