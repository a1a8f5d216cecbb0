import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Company,
  type CompanyApplication,
  companyApplicationSchema,
  companyStatusLabels,
} from '@shop/contract/companies';
import { formatKampalaShortDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { orderStatusLabels } from '@shop/contract/orders';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CompanyAccount } from '../../../components/company-account';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryState } from '../../../components/query-state';
import { RecipientsList } from '../../../components/recipients-list';
import { stackedTable } from '../../../components/stacked-table';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useApplyForCompany, useCompanyOrders, useMyCompanies } from '../api/companies';

const FIELDS = [
  'name',
  'tin',
  'billing_address',
  'billing_contact_name',
  'billing_contact_phone',
  'billing_email',
] as const;

const EMPTY: CompanyApplication = {
  name: '',
  tin: '',
  billing_address: '',
  billing_contact_name: '',
  billing_contact_phone: '',
  billing_email: '',
};

/** Asks for a company account: the details its tax invoices carry and where they go. */
function CompanyApplicationForm() {
  const apply = useApplyForCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CompanyApplication>({
    resolver: zodResolver(companyApplicationSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      const company = await apply.mutateAsync(values);
      reset(EMPTY);
      setSent(`Thank you: ${company.name}’s account is waiting for the shop’s approval.`);
    } catch (error) {
      applyFieldErrors(error, FIELDS, setError);
      setFormError(formErrorMessage(error));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Ask for a company account"
      className="max-w-xl space-y-5"
    >
      <h2 className="text-2xl">Ask for a company account</h2>
      <p className="text-ink-soft">
        Order for your company: its tax invoices carry its name and TIN, and your LPO number. The shop checks
        the details before the account can be used.
      </p>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {sent ? <FormMessage kind="success">{sent}</FormMessage> : null}
      <FormField
        label="Company name (as on the invoice)"
        autoComplete="organization"
        registration={register('name')}
        error={errors.name?.message}
      />
      <FormField
        label="TIN"
        inputMode="numeric"
        hint="The company’s 10-digit Uganda TIN"
        registration={register('tin')}
        error={errors.tin?.message}
      />
      <FormField
        label="Billing address"
        autoComplete="street-address"
        registration={register('billing_address')}
        error={errors.billing_address?.message}
      />
      <FormField
        label="Billing contact"
        autoComplete="name"
        registration={register('billing_contact_name')}
        error={errors.billing_contact_name?.message}
      />
      <FormField
        label="Billing contact’s phone"
        type="tel"
        autoComplete="tel"
        registration={register('billing_contact_phone')}
        error={errors.billing_contact_phone?.message}
      />
      <FormField
        label="Invoices e-mail"
        type="email"
        autoComplete="email"
        registration={register('billing_email')}
        error={errors.billing_email?.message}
      />
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Ask for the account'}
      </button>
    </form>
  );
}

/** One company's orders, newest first, with who placed each and its LPO number. */
function CompanyOrders({ company }: { company: Company }) {
  const [page, setPage] = useState(1);
  const query = useCompanyOrders(company.id, page);
  return (
    <>
      <QueryState
        query={query}
        what="The company’s orders"
        loading="Loading the company’s orders…"
        isEmpty={(list) => list.results.length === 0}
        empty="No orders for this company yet."
      >
        {(list) => (
          <div className={stackedTable.frame}>
            <table className={stackedTable.table} aria-label={`${company.name} orders`}>
              <thead className={stackedTable.head}>
                <tr>
                  {['Order', 'Placed', 'By', 'LPO', 'Status', 'Total'].map((label) => (
                    <th key={label} scope="col" className={stackedTable.headerCell}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={stackedTable.body}>
                {list.results.map((order) => (
                  <tr key={order.id} className={stackedTable.row}>
                    <td data-label="Order" className={stackedTable.cell}>
                      {order.order_number}
                    </td>
                    <td data-label="Placed" className={stackedTable.cell}>
                      {formatKampalaShortDate(order.placed_at)}
                    </td>
                    <td data-label="By" className={stackedTable.cell}>
                      {order.buyer_name}
                    </td>
                    <td data-label="LPO" className={stackedTable.cell}>
                      {order.lpo_number ?? '—'}
                    </td>
                    <td data-label="Status" className={stackedTable.cell}>
                      {orderStatusLabels[order.status]}
                      {order.paid ? null : <span className="block text-ink-soft">Not paid yet</span>}
                    </td>
                    <td data-label="Total" className={stackedTable.cell}>
                      {formatUGX(order.total)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {query.data ? (
        <Pager
          page={page}
          totalPages={query.data.total_pages}
          hasNext={query.data.next !== null}
          onPage={setPage}
        />
      ) : null}
    </>
  );
}

function MyCompanies() {
  const query = useMyCompanies();
  return (
    <QueryState
      query={query}
      what="Your company accounts"
      loading="Loading your company accounts…"
      isEmpty={(list) => list.results.length === 0}
      empty="You do not order for a company yet."
    >
      {(list) => (
        <div className="space-y-8">
          {list.results.map((company) => (
            <section key={company.id} aria-label={company.name} className="space-y-3">
              <h2 className="text-2xl">{company.name}</h2>
              <p className="text-ink-soft">
                TIN {company.tin} · {companyStatusLabels[company.status]}
              </p>
              {company.status === 'approved' ? (
                <>
                  <p>At checkout, choose “Order for {company.name}” and add your LPO number.</p>
                  <CompanyOrders company={company} />
                  <CompanyAccount companyId={company.id} staff={false} />
                  <RecipientsList companyId={company.id} companyName={company.name} />
                </>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </QueryState>
  );
}

/**
 * /company: the companies the customer orders for (each approved one with its orders), and the
 * form to ask for a new company account.
 */
export function CompanyAccountsPage() {
  return (
    <PageShell eyebrow="Your account" title="Company accounts">
      <div className="space-y-12">
        <MyCompanies />
        <CompanyApplicationForm />
      </div>
    </PageShell>
  );
}
