import type { OrderExportQuery } from '@shop/contract/dashboard';
import {
  FULFILMENT_METHODS,
  ON_ACCOUNT,
  ORDER_STATUSES,
  orderStatusLabels,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from '@shop/contract/orders';
import { useId, useState } from 'react';
import { inputClass } from '../../../components/form-field';
import { invoicesCsvUrl, ordersCsvUrl } from '../../../lib/exports';

const PAYMENT_METHOD_LABELS = {
  mobile_money: 'Mobile money',
  cash_on_delivery: 'Cash',
  on_account: ON_ACCOUNT,
} as const;
const FULFILMENT_LABELS = { delivery: 'Delivery', pickup: 'Pick-up' } as const;
const PAYMENT_STATUS_LABELS = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
} as const;

const downloadClass =
  'inline-flex h-11 items-center rounded-full bg-wine-800 px-5 text-sm font-semibold text-cream-50 hover:bg-wine-900';

type Filters = Record<keyof OrderExportQuery, string>;

/**
 * The accountant's CSV files: the orders with the desk's filters and the invoices, for the days
 * chosen (Kampala days, both included; empty: from the first or to today).
 */
export function ExportsForm() {
  const id = useId();
  const [filters, setFilters] = useState<Filters>({
    q: '',
    status: '',
    payment_status: '',
    payment_method: '',
    fulfilment: '',
    zone: '',
    date_from: '',
    date_to: '',
  });
  const set = (key: keyof Filters) => (event: { currentTarget: { value: string } }) =>
    setFilters((current) => ({ ...current, [key]: event.currentTarget.value }));
  const days = { date_from: filters.date_from, date_to: filters.date_to };
  const rangeInvalid = Boolean(filters.date_from && filters.date_to && filters.date_from > filters.date_to);

  const select = (key: keyof Filters, label: string, options: ReadonlyArray<readonly [string, string]>) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <select id={`${id}-${key}`} value={filters[key]} onChange={set(key)} className={inputClass}>
        <option value="">All</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form aria-label="Exports" className="space-y-4" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-semibold">
            From (day)
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.date_from}
            onChange={set('date_from')}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-semibold">
            To (day)
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.date_to}
            onChange={set('date_to')}
            aria-invalid={rangeInvalid || undefined}
            aria-describedby={rangeInvalid ? `${id}-range-error` : undefined}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-semibold">
            Order number, name, e-mail or phone
          </label>
          <input id={`${id}-q`} type="search" value={filters.q} onChange={set('q')} className={inputClass} />
        </div>
        {select(
          'status',
          'Status',
          ORDER_STATUSES.map((status) => [status, orderStatusLabels[status]] as const),
        )}
        {select(
          'payment_status',
          'Payment',
          PAYMENT_STATUSES.map((status) => [status, PAYMENT_STATUS_LABELS[status]] as const),
        )}
        {select(
          'payment_method',
          'Method',
          PAYMENT_METHODS.map((method) => [method, PAYMENT_METHOD_LABELS[method]] as const),
        )}
        {select(
          'fulfilment',
          'Delivery or pick-up',
          FULFILMENT_METHODS.map((method) => [method, FULFILMENT_LABELS[method]] as const),
        )}
      </div>
      {rangeInvalid ? (
        <p id={`${id}-range-error`} role="alert" className="text-sm font-semibold text-wine-800">
          The last day must be on or after the first.
        </p>
      ) : (
        <div className="flex flex-wrap gap-3">
          <a href={ordersCsvUrl(filters)} download className={downloadClass}>
            Download orders (CSV)
          </a>
          <a href={invoicesCsvUrl(days)} download className={downloadClass}>
            Download invoices (CSV)
          </a>
        </div>
      )}
      <p className="text-sm text-ink-soft">
        Invoices are chosen by the day they were issued; the other filters apply to orders only.
      </p>
    </form>
  );
}
