import type { UserRole } from '@shop/contract/identity';
import { formatKampalaShortDate } from '@shop/contract/kampala-time';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { PagedDataTable } from '../../../components/data-table';
import { ListSearch } from '../../../components/list-search';
import { PageShell } from '../../../components/page-shell';
import { StaffOnly } from '../../../components/staff-only';
import { useCustomers } from '../api/customers';

export const ROLE_LABELS = { customer: 'Customer', staff: 'Staff', admin: 'Admin', rider: 'Rider' } as const;

const ROLE_FILTERS: ReadonlyArray<{ role: UserRole | null; label: string }> = [
  { role: null, label: 'Every account' },
  { role: 'customer', label: 'Customers' },
  { role: 'staff', label: 'Staff' },
  { role: 'admin', label: 'Admins' },
];

function CustomerDesk() {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<UserRole | null>(null);
  const [page, setPage] = useState(1);
  const roleId = useId();
  const query = useCustomers(search, page, role);

  return (
    <div className="space-y-6">
      {/* Part of a name, an e-mail address or a phone number (0772… works too). */}
      <ListSearch
        name="Find a customer"
        label="Name, e-mail or phone"
        maxLength={100}
        initial={search}
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <div className="flex items-center gap-2">
        <label htmlFor={roleId} className="text-sm font-semibold text-ink">
          Show
        </label>
        <select
          id={roleId}
          value={role ?? ''}
          onChange={(event) => {
            setRole((event.currentTarget.value || null) as UserRole | null);
            setPage(1);
          }}
          className="rounded-lg border border-cream-300 px-2 py-1"
        >
          {ROLE_FILTERS.map((filter) => (
            <option key={filter.label} value={filter.role ?? ''}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      <PagedDataTable
        caption="Customers"
        columns={[
          {
            header: 'Name',
            cell: (customer) => (
              <Link
                to="/admin/customers/$id"
                params={{ id: customer.id }}
                className="font-semibold text-wine-800 underline"
              >
                {customer.name || customer.email}
              </Link>
            ),
          },
          { header: 'E-mail', cell: (customer) => customer.email },
          { header: 'Phone', cell: (customer) => customer.phone ?? '—' },
          { header: 'Role', cell: (customer) => ROLE_LABELS[customer.role] },
          { header: 'Since', cell: (customer) => formatKampalaShortDate(customer.created_at) },
          { header: 'State', cell: (customer) => (customer.disabled ? 'Disabled' : 'Active') },
        ]}
        rowKey={(customer) => customer.id}
        query={query}
        what="The customers"
        loading="Loading customers…"
        empty={search ? `No customer matches “${search}”.` : 'No customers yet.'}
        summary={(answer) => (
          <p className="text-sm text-ink-soft" role="status">
            {answer.count === 1 ? '1 account' : `${answer.count.toLocaleString('en-UG')} accounts`}
          </p>
        )}
        page={page}
        onPage={setPage}
      />
    </div>
  );
}

/**
 * /admin/customers (staff and admins; the API refuses anyone else too): every account, newest
 * first, searched by name, e-mail or phone; each opens the customer's page.
 */
export function AdminCustomersPage() {
  return (
    <PageShell eyebrow="Back office" title="Customers">
      <StaffOnly>
        <CustomerDesk />
      </StaffOnly>
    </PageShell>
  );
}
