import {
  COMPANY_STATUSES,
  type CompanyStatus,
  companyStatusLabels,
  STAFF_COMPANY_SEARCH_MAX_LENGTH,
  type StaffCompany,
} from '@shop/contract/companies';
import { formatKampalaShortDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { CompanyAccount } from '../../../components/company-account';
import { PagedDataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { ListSearch } from '../../../components/list-search';
import { PageShell } from '../../../components/page-shell';
import { QueryState } from '../../../components/query-state';
import { RecipientsList } from '../../../components/recipients-list';
import { StaffOnly } from '../../../components/staff-only';
import { Tabs } from '../../../components/tabs';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useChangeCompany, useStaffCompanies, useStaffCompany } from '../api/companies';

/** The API's own reason when it names one ("No customer account has this e-mail address"). */
const reasonOf = (error: unknown) =>
  (isApiError(error) ? error.fields[0]?.message : undefined) ?? formErrorMessage(error);

type StatusTab = CompanyStatus | 'all';
const TABS: ReadonlyArray<{ value: StatusTab; label: string }> = [
  { value: 'all', label: 'All' },
  ...COMPANY_STATUSES.map((status) => ({ value: status, label: companyStatusLabels[status] })),
];

/** The people who order for a company: add one by e-mail (a customer account), or remove one. */
function Buyers({ company, onError }: { company: StaffCompany; onError: (message: string | null) => void }) {
  const query = useStaffCompany(company.id);
  const change = useChangeCompany();
  const [email, setEmail] = useState('');
  const emailId = useId();
  return (
    <QueryState query={query} what="Its buyers" loading="Loading its buyers…">
      {(detail) => (
        <div className="space-y-3">
          <p className="text-sm text-ink-soft">
            {detail.billing_address} · {detail.billing_contact_name}, {detail.billing_contact_phone},{' '}
            {detail.billing_email}
          </p>
          <ul aria-label={`People who order for ${detail.name}`} className="space-y-1">
            {detail.buyers.map((buyer) => (
              <li key={buyer.user_id} className="flex flex-wrap items-center gap-3">
                <span>
                  {buyer.name} <span className="text-ink-soft">{buyer.email}</span>
                </span>
                <button
                  type="button"
                  className={buttonClass('secondary', 'sm')}
                  disabled={change.isPending}
                  onClick={() =>
                    change.mutate(
                      { kind: 'remove_buyer', id: detail.id, userId: buyer.user_id },
                      { onError: (error) => onError(reasonOf(error)) },
                    )
                  }
                >
                  Remove {buyer.name}
                </button>
              </li>
            ))}
          </ul>
          <form
            aria-label={`Add a buyer to ${detail.name}`}
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              onError(null);
              change.mutate(
                { kind: 'add_buyer', id: detail.id, email: email.trim() },
                {
                  onSuccess: () => setEmail(''),
                  onError: (error) => onError(reasonOf(error)),
                },
              );
            }}
          >
            <div>
              <label htmlFor={emailId} className="block text-sm font-semibold text-ink">
                Customer’s e-mail
              </label>
              <input
                id={emailId}
                type="email"
                value={email}
                maxLength={254}
                onChange={(event) => setEmail(event.currentTarget.value)}
                className="mt-1 rounded-lg border border-cream-300 px-3 py-1.5"
              />
            </div>
            <button type="submit" className={buttonClass('secondary', 'sm')} disabled={change.isPending}>
              Add buyer
            </button>
          </form>
        </div>
      )}
    </QueryState>
  );
}

function Decision({
  company,
  onError,
}: {
  company: StaffCompany;
  onError: (message: string | null) => void;
}) {
  const change = useChangeCompany();
  const decide = (status: 'approved' | 'rejected') => {
    onError(null);
    change.mutate(
      { kind: 'decide', id: company.id, status },
      { onError: (error) => onError(reasonOf(error)) },
    );
  };
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {company.status !== 'approved' ? (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={change.isPending}
          aria-label={`Approve ${company.name}`}
          onClick={() => decide('approved')}
        >
          Approve
        </button>
      ) : null}
      {company.status !== 'rejected' ? (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={change.isPending}
          aria-label={`Reject ${company.name}`}
          onClick={() => {
            if (window.confirm(`Reject ${company.name}? Its buyers can no longer order for it.`)) {
              decide('rejected');
            }
          }}
        >
          Reject
        </button>
      ) : null}
    </div>
  );
}

function CompanyDesk() {
  const [status, setStatus] = useState<StatusTab>('pending');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const query = useStaffCompanies(status === 'all' ? null : status, page, search);

  return (
    <div className="space-y-6">
      <ListSearch
        name="Find a company"
        label="Company name or TIN"
        maxLength={STAFF_COMPANY_SEARCH_MAX_LENGTH}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <Tabs
        label="Company accounts by state"
        tabs={TABS}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      >
        {actionError ? <FormMessage kind="error">{actionError}</FormMessage> : null}
        <PagedDataTable
          caption="Company accounts"
          query={query}
          what="The list"
          loading="Loading company accounts…"
          empty="No company accounts here."
          columns={[
            {
              header: 'Company',
              cell: (company) => (
                <button
                  type="button"
                  className="font-semibold text-wine-800 underline underline-offset-4"
                  aria-expanded={open === company.id}
                  onClick={() => setOpen((current) => (current === company.id ? null : company.id))}
                >
                  {company.name}
                </button>
              ),
            },
            { header: 'TIN', cell: (company) => company.tin },
            { header: 'Asked', cell: (company) => formatKampalaShortDate(company.created_at) },
            { header: 'Buyers', className: 'tabular-nums', cell: (company) => company.buyer_count },
            { header: 'Owed', className: 'tabular-nums', cell: (company) => formatUGX(company.owed) },
            { header: 'State', cell: (company) => companyStatusLabels[company.status] },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (company) => <Decision company={company} onError={setActionError} />,
            },
          ]}
          rowKey={(company) => company.id}
          isCurrent={(company) => company.id === open}
          detail={(company) =>
            open === company.id ? (
              <>
                <Buyers company={company} onError={setActionError} />
                {company.status === 'approved' ? (
                  <>
                    <CompanyAccount companyId={company.id} staff />
                    <RecipientsList companyId={company.id} companyName={company.name} />
                  </>
                ) : null}
              </>
            ) : null
          }
          page={page}
          onPage={setPage}
        />
      </Tabs>
    </div>
  );
}

/**
 * /admin/companies, the back office's company accounts (staff and admins; the API refuses anyone
 * else too): those waiting first; approve or reject, the people who order for each, what each owes.
 */
export function AdminCompaniesPage() {
  return (
    <PageShell
      eyebrow="Back office"
      title="Company accounts"
      lead="What a company owes is its orders placed and not yet paid."
    >
      <StaffOnly section="companies">
        <CompanyDesk />
      </StaffOnly>
    </PageShell>
  );
}
