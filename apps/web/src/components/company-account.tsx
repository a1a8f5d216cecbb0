import {
  COMPANY_PAYMENT_METHODS,
  type CompanyInvoice,
  type CompanyPayment,
  type CompanyPaymentMethod,
  companyAccountSchema,
  companyInvoiceListSchema,
  companyPaymentListSchema,
  companyPaymentMethodLabels,
  companyPaymentSchema,
  companyStatementSchema,
  type StatementLine,
} from '@shop/contract/company-accounts';
import { formatKampalaShortDate, kampalaIsoDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { api, isApiError } from '../lib/api-client';
import { formErrorMessage } from '../lib/form-errors';
import { buttonClass } from './button';
import { DataTable, PagedDataTable } from './data-table';
import { FormMessage, inputClass } from './form-field';
import { QueryState } from './query-state';

/**
 * A company's paying on account (issue 39, decision 0042), for its buyers on /company and for
 * staff on the company's row of /admin/companies: the limit, terms and balance, its invoices and
 * payments, a month's statement; staff also set the terms and record payments received.
 */

const PAGE_SIZE = 10;
const KEY = 'company-account';
const reasonOf = (error: unknown) =>
  (isApiError(error) ? (error.fields[0]?.message ?? error.envelope?.message) : undefined) ??
  formErrorMessage(error);
const newKey = () => globalThis.crypto.randomUUID();

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function TermsForm({
  base,
  companyId,
  creditLimit,
  termsDays,
}: {
  base: string;
  companyId: string;
  creditLimit: number | null;
  termsDays: number | null;
}) {
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(creditLimit === null ? '' : String(creditLimit));
  const [days, setDays] = useState(termsDays === null ? '30' : String(termsDays));
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (terms: { credit_limit: number | null; payment_terms_days: number | null }) =>
      api.put(`${base}/account/`, terms, { schema: companyAccountSchema, toast: false }),
    onSuccess: () => {
      setMessage({ kind: 'success', text: 'Saved.' });
      return queryClient.invalidateQueries({ queryKey: [KEY, companyId] });
    },
    onError: (error) => setMessage({ kind: 'error', text: reasonOf(error) }),
  });
  return (
    <form
      aria-label="Paying on account"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        save.mutate({ credit_limit: Number(limit), payment_terms_days: Number(days) });
      }}
    >
      <Field label="Credit limit (UGX)">
        {(id) => (
          <input
            id={id}
            inputMode="numeric"
            required
            value={limit}
            onChange={(event) => setLimit(event.currentTarget.value.replace(/\D/g, ''))}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Payment terms (days)">
        {(id) => (
          <input
            id={id}
            type="number"
            min={1}
            max={120}
            required
            value={days}
            onChange={(event) => setDays(event.currentTarget.value)}
            className={inputClass}
          />
        )}
      </Field>
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={save.isPending}>
        Save limit and terms
      </button>
      {creditLimit !== null ? (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={save.isPending}
          onClick={() => save.mutate({ credit_limit: null, payment_terms_days: null })}
        >
          Stop paying on account
        </button>
      ) : null}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </form>
  );
}

function PaymentForm({
  base,
  companyId,
  invoiceNumber,
}: {
  base: string;
  companyId: string;
  invoiceNumber: string;
}) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newKey);
  const [invoice, setInvoice] = useState(invoiceNumber);
  const [amount, setAmount] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => kampalaIsoDate(new Date()));
  const [method, setMethod] = useState<CompanyPaymentMethod>('bank_transfer');
  const [reference, setReference] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const record = useMutation({
    mutationFn: () =>
      api.post(
        `${base}/payments/`,
        {
          invoice_number: invoice.trim(),
          amount: Number(amount),
          received_on: receivedOn,
          method,
          reference: reference.trim(),
          idempotency_key: key,
        },
        { schema: companyPaymentSchema, toast: false },
      ),
    onSuccess: (payment) => {
      setMessage({
        kind: 'success',
        text: `${formatUGX(payment.amount)} recorded against ${payment.invoice_number}.`,
      });
      setKey(newKey());
      setAmount('');
      setReference('');
      return queryClient.invalidateQueries({ queryKey: [KEY, companyId] });
    },
    onError: (error) => setMessage({ kind: 'error', text: reasonOf(error) }),
  });
  return (
    <form
      aria-label="Record a payment received"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        record.mutate();
      }}
    >
      <Field label="Invoice">
        {(id) => (
          <input
            id={id}
            required
            value={invoice}
            onChange={(e) => setInvoice(e.currentTarget.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Amount (UGX)">
        {(id) => (
          <input
            id={id}
            inputMode="numeric"
            required
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value.replace(/\D/g, ''))}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Received on">
        {(id) => (
          <input
            id={id}
            type="date"
            required
            value={receivedOn}
            onChange={(e) => setReceivedOn(e.currentTarget.value)}
            className={inputClass}
          />
        )}
      </Field>
      <Field label="Method">
        {(id) => (
          <select
            id={id}
            value={method}
            onChange={(e) => setMethod(e.currentTarget.value as CompanyPaymentMethod)}
            className={inputClass}
          >
            {COMPANY_PAYMENT_METHODS.map((value) => (
              <option key={value} value={value}>
                {companyPaymentMethodLabels[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Reference">
        {(id) => (
          <input
            id={id}
            required
            maxLength={100}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            className={inputClass}
          />
        )}
      </Field>
      <button type="submit" className={buttonClass('secondary', 'sm')} disabled={record.isPending}>
        Record payment
      </button>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
    </form>
  );
}

function Statement({ base, companyId }: { base: string; companyId: string }) {
  const [month, setMonth] = useState(() => kampalaIsoDate(new Date()).slice(0, 7));
  const query = useQuery({
    queryKey: [KEY, companyId, 'statement', month],
    queryFn: ({ signal }) =>
      api.get(`${base}/statement/`, {
        query: { month },
        schema: companyStatementSchema,
        signal,
        toast: false,
      }),
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
  return (
    <section aria-label="Statement" className="space-y-2">
      <Field label="Statement of the month">
        {(id) => (
          <input
            id={id}
            type="month"
            value={month}
            onChange={(e) => setMonth(e.currentTarget.value)}
            className={`${inputClass} max-w-48`}
          />
        )}
      </Field>
      <QueryState query={query} what="The statement" loading="Loading the statement…">
        {(statement) => (
          <DataTable<StatementLine & { key: string }>
            caption={`Statement of ${statement.month}`}
            rows={statement.lines.map((line, index) => ({ ...line, key: `${index}` }))}
            rowKey={(line) => line.key}
            empty="Nothing invoiced or paid this month."
            columns={[
              { header: 'Date', cell: (line) => line.date },
              { header: 'Invoice', cell: (line) => line.document },
              { header: 'Details', cell: (line) => line.description },
              { header: 'Invoiced', cell: (line) => (line.debit ? formatUGX(line.debit) : '') },
              { header: 'Paid or cancelled', cell: (line) => (line.credit ? formatUGX(line.credit) : '') },
              { header: 'Balance', cell: (line) => formatUGX(line.balance) },
            ]}
            footLines={[
              { key: 'opening', label: 'Opening balance', value: formatUGX(statement.opening_balance) },
              {
                key: 'closing',
                label: 'Closing balance',
                value: formatUGX(statement.closing_balance),
                strong: true,
              },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}

export function CompanyAccount({ companyId, staff }: { companyId: string; staff: boolean }) {
  const base = staff ? `/companies/admin/companies/${companyId}` : `/companies/${companyId}`;
  const [invoicePage, setInvoicePage] = useState(1);
  const [paymentPage, setPaymentPage] = useState(1);
  const [paying, setPaying] = useState<string | null>(null);
  const account = useQuery({
    queryKey: [KEY, companyId, 'account'],
    queryFn: ({ signal }) =>
      api.get(`${base}/account/`, { schema: companyAccountSchema, signal, toast: false }),
  });
  const invoices = useQuery({
    queryKey: [KEY, companyId, 'invoices', invoicePage],
    queryFn: ({ signal }) =>
      api.get(`${base}/invoices/`, {
        query: { page: invoicePage, page_size: PAGE_SIZE },
        schema: companyInvoiceListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
  const payments = useQuery({
    queryKey: [KEY, companyId, 'payments', paymentPage],
    queryFn: ({ signal }) =>
      api.get(`${base}/payments/`, {
        query: { page: paymentPage, page_size: PAGE_SIZE },
        schema: companyPaymentListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-label="On account" className="space-y-4">
      <h3 className="text-xl">On account</h3>
      <QueryState query={account} what="The account" loading="Loading the account…">
        {(figures) => (
          <div className="space-y-3">
            <p>
              {figures.on_account
                ? `Credit limit ${formatUGX(figures.credit_limit ?? 0)}, invoices due in ${figures.payment_terms_days} days. Owed ${formatUGX(figures.outstanding)}, of which overdue ${formatUGX(figures.overdue)}; available ${formatUGX(figures.available ?? 0)}.`
                : `Not paying on account. Owed on earlier invoices: ${formatUGX(figures.outstanding)}.`}
            </p>
            {staff ? (
              <TermsForm
                base={base}
                companyId={companyId}
                creditLimit={figures.credit_limit}
                termsDays={figures.payment_terms_days}
              />
            ) : null}
          </div>
        )}
      </QueryState>
      <PagedDataTable
        query={invoices}
        page={invoicePage}
        onPage={setInvoicePage}
        what="The invoices"
        loading="Loading the invoices…"
        empty="No invoices on account yet."
        caption="Invoices on account"
        rowKey={(invoice: CompanyInvoice) => invoice.invoice_number}
        columns={[
          { header: 'Invoice', rowHeader: true, cell: (invoice: CompanyInvoice) => invoice.invoice_number },
          { header: 'Order', cell: (invoice: CompanyInvoice) => invoice.order_number },
          { header: 'LPO', cell: (invoice: CompanyInvoice) => invoice.lpo_number ?? '' },
          { header: 'Issued', cell: (invoice: CompanyInvoice) => formatKampalaShortDate(invoice.issued_at) },
          {
            header: 'Due',
            cell: (invoice: CompanyInvoice) =>
              `${formatKampalaShortDate(invoice.due_at)}${invoice.overdue ? ' (overdue)' : ''}`,
          },
          { header: 'Total', cell: (invoice: CompanyInvoice) => formatUGX(invoice.total) },
          {
            header: 'Still owed',
            cell: (invoice: CompanyInvoice) => (invoice.cancelled ? 'Cancelled' : formatUGX(invoice.balance)),
          },
          ...(staff
            ? [
                {
                  header: 'Payment',
                  hideHeader: true,
                  cell: (invoice: CompanyInvoice) =>
                    invoice.balance > 0 ? (
                      <button
                        type="button"
                        className={buttonClass('secondary', 'sm')}
                        onClick={() => setPaying(invoice.invoice_number)}
                      >
                        Record a payment of {invoice.invoice_number}
                      </button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {staff && paying ? (
        <PaymentForm key={paying} base={base} companyId={companyId} invoiceNumber={paying} />
      ) : null}
      <PagedDataTable
        query={payments}
        page={paymentPage}
        onPage={setPaymentPage}
        what="The payments"
        loading="Loading the payments…"
        empty="No payments recorded yet."
        caption="Payments received"
        rowKey={(payment: CompanyPayment) => payment.id}
        columns={[
          { header: 'Received', cell: (payment: CompanyPayment) => payment.received_on },
          { header: 'Invoice', cell: (payment: CompanyPayment) => payment.invoice_number },
          { header: 'Amount', cell: (payment: CompanyPayment) => formatUGX(payment.amount) },
          { header: 'Method', cell: (payment: CompanyPayment) => companyPaymentMethodLabels[payment.method] },
          { header: 'Reference', cell: (payment: CompanyPayment) => payment.reference },
        ]}
      />
      <Statement base={base} companyId={companyId} />
    </section>
  );
}
