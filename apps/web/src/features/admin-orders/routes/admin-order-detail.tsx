import { TOAST_DURATION_MS } from '@shop/contract/constants';
import { contactPreferenceLabels } from '@shop/contract/delivery';
import { deliveryStatusLabels } from '@shop/contract/delivery-tracking';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import {
  orderStatusLabel,
  orderStatusLabels,
  paymentMethodLabel,
  pickupLocation,
} from '@shop/contract/orders';
import { preferredTimeLabel } from '@shop/contract/settings-values';
import type { StaffOrderDetail } from '@shop/contract/staff-orders';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/button';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useShopSettings } from '../../../lib/shop-settings';
import { toast } from '../../../lib/toast';
import { downloadInvoice, downloadPackingSlip, useStaffOrderDetail } from '../api/staff-order-detail';
import { OrderContact } from '../components/order-contact';
import { StaffDoorSection } from '../components/staff-door-section';
import { StaffGiftSection } from '../components/staff-gift-section';
import { StaffOrderActions } from '../components/staff-order-card';

const route = getRouteApi('/admin/orders/$id');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Printing the page prints the order alone (the packing view): the shop's header, footer and
 * the buttons are left off the paper.
 */
const PRINT_STYLES = `
@media print {
  body * { visibility: hidden; }
  #staff-order-print, #staff-order-print * { visibility: visible; }
  #staff-order-print { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0; }
  #staff-order-print [data-print='hide'] { display: none !important; }
  #staff-order-print section { break-inside: avoid; border: 0; box-shadow: none; }
}`;

/** The cash the rider or the counter collects: an unpaid cash order's total. */
const cashToCollect = (order: StaffOrderDetail) =>
  order.payment_method === 'cash_on_delivery' && order.payment_status === 'pending' ? order.total : 0;

const figure = 'tabular-nums md:text-right';
const ITEM_COLUMNS: ReadonlyArray<DataColumn<StaffOrderDetail['items'][number]>> = [
  {
    header: 'Item',
    cell: (item) => (
      <span>
        <span className="font-semibold">{item.product_name}</span>{' '}
        <span className="text-xs text-ink-soft">{item.sku}</span>
      </span>
    ),
  },
  { header: 'Size', cell: (item) => item.variant_name },
  { header: 'Qty', className: figure, cell: (item) => item.quantity },
  { header: 'Unit price', className: figure, cell: (item) => formatUGX(item.unit_price) },
  { header: 'Line total', className: figure, cell: (item) => formatUGX(item.line_total) },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-cream-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 font-serif text-xl text-wine-900">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{label}:</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Parts of the order page that other features own, composed by its route in src/app. */
export type OrderPageSlots = {
  /** The order's refunds (the admin-refunds feature), under its payments. */
  refunds?: (order: StaffOrderDetail) => ReactNode;
};

function OrderView({ order, slots }: { order: StaffOrderDetail; slots: OrderPageSlots }) {
  const slip = useMutation({
    mutationFn: () => downloadPackingSlip(order),
    onError: () =>
      toast.error(`We could not download the packing slip of ${order.order_number}. Please try again.`, {
        duration: TOAST_DURATION_MS,
      }),
  });
  const invoice = useMutation({
    mutationFn: () => downloadInvoice(order),
    onError: () =>
      toast.error(`We could not download the invoice of ${order.order_number}. Please try again.`, {
        duration: TOAST_DURATION_MS,
      }),
  });
  const instructions = order.delivery_instructions;
  const settings = useShopSettings();
  const windows = settings.delivery_windows;
  const counter = pickupLocation(settings);
  const cash = cashToCollect(order);
  const bottles = order.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <div id="staff-order-print" className="space-y-6">
      <style>{PRINT_STYLES}</style>
      <div className="flex flex-wrap items-center gap-3" data-print="hide">
        <Link
          to="/admin/orders"
          className="inline-flex items-center gap-1 text-sm font-semibold text-wine-800"
        >
          <ChevronLeft aria-hidden className="size-4" /> All orders
        </Link>
        <button type="button" className={buttonClass('primary', 'sm')} onClick={() => window.print()}>
          Print
        </button>
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={slip.isPending}
          onClick={() => slip.mutate()}
        >
          {slip.isPending ? 'Downloading…' : 'Packing slip (PDF)'}
        </button>
      </div>

      <p className="text-lg">
        <span className="font-semibold text-wine-800" data-testid="staff-order-status">
          {orderStatusLabel(order.status, order.fulfilment)}
        </span>{' '}
        · {order.fulfilment === 'pickup' ? 'Pick-up' : 'Delivery'} · placed{' '}
        {formatKampalaDateTime(order.created_at)}
        {order.cancel_reason ? ` · cancelled: ${order.cancel_reason}` : ''}
      </p>

      {cash > 0 ? (
        <p className="rounded-xl border-2 border-wine-800 px-4 py-3 text-lg font-semibold text-wine-900">
          Cash to collect: {formatUGX(cash)}
        </p>
      ) : null}

      <StaffDoorSection order={order} />

      {order.gift ? <StaffGiftSection orderNumber={order.order_number} gift={order.gift} /> : null}

      <Section title="Items">
        <DataTable
          caption={`Items of ${order.order_number}`}
          columns={ITEM_COLUMNS}
          rows={order.items}
          rowKey={(item) => item.id}
          footLines={[
            {
              key: 'subtotal',
              label: `Subtotal (${bottles} ${bottles === 1 ? 'bottle' : 'bottles'})`,
              value: formatUGX(order.subtotal),
            },
            { key: 'delivery', label: 'Delivery fee', value: formatUGX(order.delivery_fee) },
            {
              key: 'discount',
              label: `Discount${order.discount_code ? ` (code ${order.discount_code})` : ''}`,
              value: order.discount > 0 ? `−${formatUGX(order.discount)}` : formatUGX(0),
            },
            ...(order.vat_added > 0
              ? [{ key: 'vat', label: 'VAT added', value: formatUGX(order.vat_added) }]
              : []),
            { key: 'total', label: 'Total', value: formatUGX(order.total), strong: true },
          ]}
        />
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Customer and contact">
          <dl className="space-y-1 text-sm">
            <Row label="Contact">
              <OrderContact name={order.contact_name} phone={order.contact_phone} />
            </Row>
            {order.vat_invoice ? (
              <Row label="VAT invoice to">
                {order.vat_invoice.business_name}, TIN {order.vat_invoice.tin}
              </Row>
            ) : null}
            {instructions ? (
              <Row label="Contact by">{contactPreferenceLabels[instructions.contact_preference]}</Row>
            ) : null}
            <Row label="Account">
              {order.customer.name}, <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
            </Row>
            {order.customer_note ? <Row label="Customer note">{order.customer_note}</Row> : null}
          </dl>
        </Section>

        <Section title={order.fulfilment === 'pickup' ? 'Pick-up' : 'Delivery'}>
          <dl className="space-y-1 text-sm">
            {order.fulfilment === 'pickup' ? (
              <Row label="Collect at">
                {counter.name}, {counter.address}
              </Row>
            ) : (
              <Row label="Address">{[order.street, order.delivery_zone].filter(Boolean).join(', ')}</Row>
            )}
            {instructions?.landmark ? <Row label="Landmark">{instructions.landmark}</Row> : null}
            {instructions ? (
              <Row label="When">{preferredTimeLabel(instructions.preferred_delivery_time, windows)}</Row>
            ) : null}
            {instructions?.access_instructions ? (
              <Row label="Access">{instructions.access_instructions}</Row>
            ) : null}
            {instructions?.security_code ? <Row label="Code">{instructions.security_code}</Row> : null}
            {instructions?.leave_at_door ? <Row label="Door">May be left at the door</Row> : null}
            {instructions?.require_signature ? <Row label="Signature">Required</Row> : null}
            {instructions?.delivery_notes ? <Row label="Notes">{instructions.delivery_notes}</Row> : null}
            {instructions?.special_instructions ? (
              <Row label="Special">{instructions.special_instructions}</Row>
            ) : null}
            {order.delivery ? (
              <Row label="Delivery">
                {deliveryStatusLabels[order.delivery.status]}
                {order.delivery.rider_name
                  ? `, rider ${order.delivery.rider_name} (${order.delivery.rider_phone})`
                  : ', no rider yet'}
              </Row>
            ) : null}
          </dl>
        </Section>
      </div>

      <Section title="Payments">
        <dl className="space-y-1 text-sm">
          <Row label="Method">
            {paymentMethodLabel(order.payment_method, order.fulfilment)}
            {order.mobile_money_network
              ? ` (${order.mobile_money_network}, ${order.payment_phone ?? ''})`
              : ''}
          </Row>
          <Row label="Payment status">{order.payment_status}</Row>
          {order.invoice_number ? (
            <Row label="Invoice">
              {order.invoice_number}{' '}
              {order.invoice_pdf_url ? (
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  data-print="hide"
                  disabled={invoice.isPending}
                  onClick={() => invoice.mutate()}
                >
                  {invoice.isPending ? 'Downloading…' : 'Invoice (PDF)'}
                </button>
              ) : null}
            </Row>
          ) : null}
          {order.cash_collection ? (
            <Row label="Cash collected">
              {formatUGX(order.cash_collection.amount)} of {formatUGX(order.cash_collection.expected)}
              {order.cash_collection.rider_name
                ? ` by ${order.cash_collection.rider_name}`
                : ' at the counter'}
              , {formatKampalaDateTime(order.cash_collection.collected_at)}
              {order.cash_collection.recorded_by ? ` (recorded by ${order.cash_collection.recorded_by})` : ''}
            </Row>
          ) : null}
        </dl>
        {order.payments.length > 0 ? (
          <ul aria-label="Payment attempts" className="mt-3 space-y-1 text-sm">
            {order.payments.map((payment) => (
              <li key={payment.id}>
                {formatKampalaDateTime(payment.created_at)}: {formatUGX(payment.amount)} by {payment.network}{' '}
                {payment.phone_masked} — <span className="font-semibold">{payment.status}</span>
                {payment.refund_due ? ' (to be refunded)' : ''}
                {payment.failure_reason ? ` — ${payment.failure_reason}` : ''}{' '}
                <span className="text-xs text-ink-soft">{payment.reference}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-ink-soft">No mobile-money payments.</p>
        )}
      </Section>

      {slots.refunds ? (
        <div data-print="hide">
          <Section title="Refunds">{slots.refunds(order)}</Section>
        </div>
      ) : null}

      <Section title="Status history">
        <ol className="space-y-1 text-sm">
          {order.history.map((change) => (
            <li key={`${change.created_at}-${change.status}`}>
              <span className="font-semibold">{orderStatusLabels[change.status]}</span>,{' '}
              {formatKampalaDateTime(change.created_at)}, by{' '}
              {change.changed_by ? `${change.changed_by.name} (${change.changed_by.role})` : 'the shop'}
              {change.note ? ` — ${change.note}` : ''}
            </li>
          ))}
        </ol>
      </Section>

      <div data-print="hide">
        <Section title="Actions">
          <StaffOrderActions order={order} />
        </Section>
      </div>
    </div>
  );
}

/**
 * /admin/orders/{id}: one order for the staff (the API refuses anyone else too): what to pack,
 * who and where, money, the history with who moved it, the moves it may make, and its packing
 * slip (PDF) or this page printed.
 */
export function AdminOrderDetailPage({ slots = {} }: { slots?: OrderPageSlots } = {}) {
  const { id } = route.useParams();
  const { status, user } = useSession();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  const valid = UUID.test(id);
  const query = useStaffOrderDetail(id, isStaff && valid);
  const order = query.data;
  const missing = !valid || (query.isError && isApiError(query.error) && query.error.status === 404);

  return (
    <PageShell eyebrow="Back office · Orders" title={order ? `Order ${order.order_number}` : 'Order'}>
      {status === 'loading' ? (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      ) : !isStaff ? (
        <FormMessage kind="error">{STAFF_ONLY_MESSAGE}</FormMessage>
      ) : missing ? (
        <FormMessage kind="error">There is no such order.</FormMessage>
      ) : order ? (
        <OrderView order={order} slots={slots} />
      ) : (
        <QueryStatus
          pending={!query.isError}
          onRetry={query.refetch}
          what="The order"
          loading="Loading the order…"
        />
      )}
    </PageShell>
  );
}
