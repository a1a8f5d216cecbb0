import { deliveryStatusLabels } from '@shop/contract/delivery-tracking';
import { formatUGX } from '@shop/contract/money';
import {
  ORDER_LIST_COLUMNS,
  ORDER_LIST_MAX_ROWS,
  type OrderList,
  type OrderListPreview,
  orderListPreviewSchema,
  orderListSchema,
} from '@shop/contract/order-lists';
import { MOBILE_MONEY_NETWORKS, type MobileMoneyNetwork, orderStatusLabels } from '@shop/contract/orders';
import { networkLabels, type Transaction, transactionSchema } from '@shop/contract/payments';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api, apiUrl, isApiError } from '../lib/api-client';
import { DataTable } from './data-table';
import { FormMessage, inputClass, primaryButtonClass, textLinkClass } from './form-field';

/**
 * A company's list of recipients (issue 39, decision 0036), for its buyer on /company and for
 * staff on the company's page: choose the CSV, see each row priced and every problem by row and
 * column, place one delivery per recipient, pay once by mobile money, follow each delivery and
 * download their states as CSV.
 */

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) ? (error.envelope?.message ?? error.userMessage) : fallback;

const newKey = () => globalThis.crypto.randomUUID();

function Deliveries({ listId }: { listId: string }) {
  const [transaction, setTransaction] = useState<Transaction | null>(null);
  const [network, setNetwork] = useState<MobileMoneyNetwork>('MTN');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const query = useQuery({
    queryKey: ['order-lists', listId],
    queryFn: ({ signal }) =>
      api.get(`/orders/lists/${listId}/`, { schema: orderListSchema, signal, toast: false }),
    refetchInterval: (current) => (current.state.data?.payment_status === 'paid' ? false : 3000),
  });
  // While the phone prompt waits, ask the provider (verify settles a payment it confirms).
  useQuery({
    queryKey: ['order-lists', listId, 'payment', transaction?.id],
    enabled: transaction?.status === 'pending',
    queryFn: async () => {
      const next = await api.post(`/payments/transactions/${transaction!.id}/verify_payment/`, undefined, {
        schema: transactionSchema,
        toast: false,
      });
      setTransaction(next);
      if (next.status === 'successful') void query.refetch();
      return next;
    },
    refetchInterval: 3000,
  });
  const list: OrderList | undefined = query.data;
  if (!list) return <p role="status">Loading the list…</p>;

  async function pay() {
    setPaying(true);
    setError(null);
    try {
      setTransaction(
        await api.post(
          `/orders/lists/${listId}/pay/`,
          { network, phone },
          { schema: transactionSchema, toast: false },
        ),
      );
    } catch (failure) {
      setError(messageOf(failure, 'The payment could not be started.'));
    } finally {
      setPaying(false);
    }
  }

  return (
    <section aria-label="Deliveries of the list" className="space-y-4">
      <h3 className="text-xl">
        {list.delivery_count} deliveries · {formatUGX(list.total)} ·{' '}
        {list.payment_status === 'paid' ? 'Paid' : 'Not paid yet'}
      </h3>
      {list.payable ? (
        <form
          aria-label="Pay the list"
          className="flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <label className="flex flex-col gap-1">
            Network
            <select
              className={inputClass}
              value={network}
              onChange={(event) => setNetwork(event.currentTarget.value as MobileMoneyNetwork)}
            >
              {MOBILE_MONEY_NETWORKS.map((value) => (
                <option key={value} value={value}>
                  {networkLabels[value]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            Paying mobile number
            <input
              className={inputClass}
              type="tel"
              value={phone}
              placeholder="0772 123456"
              onChange={(event) => setPhone(event.currentTarget.value)}
            />
          </label>
          <button type="submit" className={primaryButtonClass} disabled={paying}>
            {paying ? 'Sending…' : `Pay ${formatUGX(list.total)} by mobile money`}
          </button>
        </form>
      ) : null}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {transaction?.status === 'pending' && transaction.next_action ? (
        <FormMessage kind="info">
          {transaction.next_action.message}{' '}
          {transaction.next_action.type === 'approve_on_phone' && transaction.next_action.sandbox_url ? (
            <a
              className={textLinkClass}
              href={transaction.next_action.sandbox_url}
              target="_blank"
              rel="noreferrer"
            >
              Open the sandbox phone
            </a>
          ) : transaction.next_action.type === 'redirect' ? (
            <a className={textLinkClass} href={transaction.next_action.url}>
              Authorise the payment
            </a>
          ) : null}
        </FormMessage>
      ) : null}
      {transaction && transaction.status !== 'pending' && transaction.status !== 'successful' ? (
        <FormMessage kind="error">
          {transaction.failure_advice ?? 'The payment did not go through.'}
        </FormMessage>
      ) : null}
      <DataTable
        caption="Deliveries"
        columns={[
          { header: 'Order', cell: (row) => row.order_number },
          { header: 'Recipient', cell: (row) => row.recipient_name },
          { header: 'Area', cell: (row) => row.area ?? '' },
          { header: 'Day', cell: (row) => row.delivery_date },
          {
            header: 'State',
            cell: (row) =>
              row.delivery_status
                ? deliveryStatusLabels[row.delivery_status]
                : orderStatusLabels[row.order_status],
          },
        ]}
        rows={list.deliveries}
        rowKey={(row) => row.order_id}
      />
      <a className={textLinkClass} href={apiUrl(`/orders/lists/${listId}/report.csv`)} download>
        Download the deliveries report (CSV)
      </a>
    </section>
  );
}

export function RecipientsList({ companyId, companyName }: { companyId: string; companyName: string }) {
  const inputId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<OrderListPreview | null>(null);
  const [lpo, setLpo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [listId, setListId] = useState<string | null>(null);
  // One key per chosen file: a retried "Place" answers the same list.
  const key = useRef(newKey());

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    setPreview(null);
    setListId(null);
    setBusy(true);
    key.current = newKey();
    try {
      const text = await file.text();
      setCsv(text);
      setPreview(
        await api.post(
          '/orders/lists/preview/',
          { company_id: companyId, csv: text },
          { schema: orderListPreviewSchema, toast: false },
        ),
      );
    } catch (failure) {
      setError(messageOf(failure, 'The list could not be checked.'));
    } finally {
      setBusy(false);
    }
  }

  async function place() {
    if (!csv) return;
    setBusy(true);
    setError(null);
    try {
      const list = await api.post(
        '/orders/lists/',
        {
          company_id: companyId,
          csv,
          idempotency_key: key.current,
          lpo_number: lpo || null,
          payment_method: 'mobile_money',
        },
        { schema: orderListSchema, toast: false },
      );
      setListId(list.id);
    } catch (failure) {
      setError(messageOf(failure, 'The list could not be placed.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={`Send to many recipients for ${companyName}`} className="space-y-4">
      <h3 className="text-xl">Send to many recipients</h3>
      <p className="text-sm text-ink-soft">
        A CSV with the columns {ORDER_LIST_COLUMNS.join(', ')} (at most {ORDER_LIST_MAX_ROWS} recipients).
        Items name sizes by SKU, e.g. “SKU-1:2; SKU-2”. Each recipient gets their own delivery and SMS; you
        pay once.
      </p>
      <label htmlFor={inputId} className="block font-semibold">
        Recipients’ CSV
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
      />
      {busy ? <p role="status">Working…</p> : null}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {preview && !listId ? (
        <div className="space-y-3">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ['Deliveries', String(preview.totals.deliveries)],
                ['Bottles', formatUGX(preview.totals.subtotal)],
                ['Delivery fees', formatUGX(preview.totals.delivery_fees)],
                ['Total', formatUGX(preview.totals.total)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-cream-100 p-3">
                <dt className="text-sm text-ink-soft">{label}</dt>
                <dd className="text-xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          {preview.errors.length > 0 ? (
            <>
              <FormMessage kind="error">
                Fix the rows below and choose the file again: nothing is placed while the list has problems.
              </FormMessage>
              <DataTable
                caption="Row errors"
                columns={[
                  { header: 'Line', cell: (row) => row.row },
                  { header: 'Column', cell: (row) => row.column },
                  { header: 'Problem', cell: (row) => row.message },
                ]}
                rows={preview.errors}
                rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
              />
            </>
          ) : (
            <div className="flex flex-wrap items-end gap-4">
              <label className="flex flex-col gap-1">
                LPO number (optional)
                <input
                  className={inputClass}
                  value={lpo}
                  onChange={(event) => setLpo(event.currentTarget.value)}
                />
              </label>
              <button
                type="button"
                className={primaryButtonClass}
                disabled={busy}
                onClick={() => void place()}
              >
                Place {preview.totals.deliveries} deliveries
              </button>
            </div>
          )}
        </div>
      ) : null}
      {listId ? <Deliveries listId={listId} /> : null}
    </section>
  );
}
