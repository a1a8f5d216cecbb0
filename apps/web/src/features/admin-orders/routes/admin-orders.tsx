import { formatKampalaDayTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import {
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusLabel,
  orderStatusLabels,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentMethodLabel,
} from '@shop/contract/orders';
import {
  STAFF_ORDER_SEARCH_MAX_LENGTH,
  type StaffOrder,
  type StaffOrderSort,
} from '@shop/contract/staff-orders';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { type DataColumn, PagedDataTable } from '../../../components/data-table';
import { inputClass } from '../../../components/form-field';
import { ListSearch } from '../../../components/list-search';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { ordersCsvUrl } from '../../../lib/exports';
import { useSession } from '../../../lib/session/use-session';
import { type StaffOrderFilters, useStaffOrders } from '../api/staff-orders';
import { useStaffZones } from '../api/staff-zones';
import { StaffOrderCard } from '../components/staff-order-card';

type StatusTab = OrderStatus | 'all';
/** The desk's tabs: the working statuses first. */
const TABS: ReadonlyArray<StatusTab> = [
  'pending',
  'confirmed',
  'processing',
  'ready_for_delivery',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
  'all',
];

const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Unpaid',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

const EMPTY_FILTERS: StaffOrderFilters = {
  q: '',
  payment_status: '',
  payment_method: '',
  fulfilment: '',
  zone: '',
  date_from: '',
  date_to: '',
};

/**
 * Search and filters: typed freely, applied with "Search" (one request, not one per key). Days
 * are Kampala days; the server does the filtering and paging.
 */
function OrderFilters({ onApply }: { onApply: (filters: StaffOrderFilters) => void }) {
  const [draft, setDraft] = useState<StaffOrderFilters>(EMPTY_FILTERS);
  const zones = useStaffZones(true);
  const id = useId();
  const set = (key: keyof StaffOrderFilters) => (event: { currentTarget: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.currentTarget.value }));
  const field = (key: string, label: string, control: ReactNode) => (
    <div className="min-w-36 flex-1">
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {control}
    </div>
  );
  return (
    <ListSearch
      name="Find orders"
      label="Order number, name, e-mail or phone"
      maxLength={STAFF_ORDER_SEARCH_MAX_LENGTH}
      onSearch={(q) => onApply({ ...draft, q, zone: draft.zone === '' ? '' : Number(draft.zone) })}
      onClear={() => {
        setDraft(EMPTY_FILTERS);
        onApply(EMPTY_FILTERS);
      }}
    >
      {field(
        'payment_status',
        'Payment',
        <select
          id={`${id}-payment_status`}
          value={draft.payment_status}
          onChange={set('payment_status')}
          className={inputClass}
        >
          <option value="">Any</option>
          {PAYMENT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {paymentStatusLabels[value]}
            </option>
          ))}
        </select>,
      )}
      {field(
        'payment_method',
        'Method',
        <select
          id={`${id}-payment_method`}
          value={draft.payment_method}
          onChange={set('payment_method')}
          className={inputClass}
        >
          <option value="">Any</option>
          <option value="mobile_money">Mobile money</option>
          <option value="cash_on_delivery">Cash</option>
        </select>,
      )}
      {field(
        'fulfilment',
        'Delivery or pick-up',
        <select
          id={`${id}-fulfilment`}
          value={draft.fulfilment}
          onChange={set('fulfilment')}
          className={inputClass}
        >
          <option value="">Both</option>
          <option value="delivery">Delivery</option>
          <option value="pickup">Pick-up</option>
        </select>,
      )}
      {field(
        'zone',
        'Zone',
        <select
          id={`${id}-zone`}
          value={String(draft.zone ?? '')}
          onChange={set('zone')}
          className={inputClass}
        >
          <option value="">Any</option>
          {(zones.data?.results ?? []).map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.name}
            </option>
          ))}
        </select>,
      )}
      {field(
        'date_from',
        'From (day)',
        <input
          id={`${id}-date_from`}
          type="date"
          value={draft.date_from}
          onChange={set('date_from')}
          className={inputClass}
        />,
      )}
      {field(
        'date_to',
        'To (day)',
        <input
          id={`${id}-date_to`}
          type="date"
          value={draft.date_to}
          onChange={set('date_to')}
          className={inputClass}
        />,
      )}
    </ListSearch>
  );
}

/** The desk's columns; Placed and Total order the list on the server, largest and newest first. */
const orderColumns: ReadonlyArray<DataColumn<StaffOrder>> = [
  {
    header: 'Order',
    rowHeader: true,
    cell: (order) => (
      <Link to="/admin/orders/$id" params={{ id: order.id }} className="hover:underline">
        {order.order_number}
      </Link>
    ),
  },
  {
    header: 'Placed',
    sort: { asc: 'oldest', desc: 'newest', descFirst: true },
    cell: (order) => formatKampalaDayTime(order.created_at),
  },
  {
    header: 'Status',
    cell: (order) => (
      <span>
        <span className="font-semibold text-wine-800" data-testid="staff-order-status">
          {orderStatusLabel(order.status, order.fulfilment)}
        </span>{' '}
        · {order.fulfilment === 'pickup' ? 'Pick-up' : 'Delivery'}
      </span>
    ),
  },
  {
    header: 'Payment',
    cell: (order) =>
      `${paymentMethodLabel(order.payment_method, order.fulfilment)} (${paymentStatusLabels[order.payment_status]})`,
  },
  {
    header: 'Total',
    className: 'tabular-nums md:text-right',
    sort: { asc: 'total_asc', desc: 'total_desc', descFirst: true },
    cell: (order) => formatUGX(order.total),
  },
];

function OrdersDesk() {
  const [tab, setTab] = useState<StatusTab>('confirmed');
  const status = tab === 'all' ? null : tab;
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<StaffOrderFilters>({});
  const [sort, setSort] = useState<StaffOrderSort>('newest');
  const query = useStaffOrders(status, page, true, { ...filters, sort });
  const { data } = query;
  const counts = data?.status_counts;
  const total = counts ? ORDER_STATUSES.reduce((sum, key) => sum + counts[key], 0) : null;

  return (
    <div className="space-y-6">
      <OrderFilters
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {data && filters.q ? (
        <p role="status" className="text-sm text-ink-soft">
          {data.count === 1 ? '1 order found' : `${data.count} orders found`}
        </p>
      ) : null}
      <a
        // Every matching order, so neither the sort nor the page.
        href={ordersCsvUrl({ ...filters, status: status ?? undefined })}
        download
        className="inline-block text-sm font-semibold text-wine-800 underline"
      >
        Download these orders (CSV)
      </a>
      <Tabs
        label="Orders by status"
        tabs={TABS.map((value) => {
          const count = value === 'all' ? total : (counts?.[value] ?? null);
          const name = value === 'all' ? 'All' : orderStatusLabels[value];
          return { value, label: count === null ? name : `${name} (${count})` };
        })}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setPage(1);
        }}
        panelClassName="space-y-4"
      >
        <PagedDataTable
          caption="Orders"
          query={query}
          what="The orders"
          loading="Loading orders…"
          empty="No orders here."
          columns={orderColumns}
          rowKey={(order) => order.id}
          detail={(order) => <StaffOrderCard order={order} />}
          sort={sort}
          onSortChange={(next) => {
            setSort(next as StaffOrderSort);
            setPage(1);
          }}
          page={page}
          onPage={setPage}
        />
      </Tabs>
    </div>
  );
}

/**
 * /admin/orders, the back office's orders (staff and admins; the API refuses anyone else too):
 * orders by status, moved along the transition table or cancelled with a reason, riders
 * assigned, deliveries marked delivered.
 */
export function AdminOrdersPage() {
  const { user } = useSession();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return (
    <PageShell
      eyebrow="Back office"
      title="Orders"
      lead={
        isStaff ? (
          <Link to="/admin/cash" className="text-base font-semibold text-wine-800 underline">
            Cash on delivery: expected and collected per rider
          </Link>
        ) : undefined
      }
    >
      <StaffOnly>
        <OrdersDesk />
      </StaffOnly>
    </PageShell>
  );
}
