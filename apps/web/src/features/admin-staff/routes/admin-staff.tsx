import { USER_ROLES, type UserRole } from '@shop/contract/identity';
import { formatKampalaShortDate } from '@shop/contract/kampala-time';
import type { StaffMember } from '@shop/contract/staff-accounts';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { FormMessage } from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { formErrorMessage } from '../../../lib/form-errors';
import { useChangeRole } from '../api/change-role';
import { useStaff } from '../api/staff';
import { InviteStaffForm } from '../components/invite-staff-form';

const ROLE_LABELS: Record<UserRole, string> = {
  customer: 'Customer',
  staff: 'Staff',
  admin: 'Admin',
  rider: 'Rider',
};
export const ADMINS_ONLY_MESSAGE =
  "You don't have permission to perform this action. This page is for admins.";

function RoleActions({
  member,
  onDone,
}: {
  member: StaffMember;
  onDone: (message: string, kind: 'success' | 'error') => void;
}) {
  const mutation = useChangeRole();
  const [role, setRole] = useState<UserRole>(member.role);
  const id = useId();
  const change = (next: UserRole) =>
    mutation.mutate(
      { id: member.id, role: next },
      {
        onSuccess: (saved) =>
          onDone(
            saved.role === 'customer'
              ? `${saved.email} no longer has staff rights.`
              : `${saved.email} is now ${ROLE_LABELS[saved.role].toLowerCase()}.`,
            'success',
          ),
        onError: (error) => {
          setRole(member.role);
          onDone(formErrorMessage(error), 'error');
        },
      },
    );
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.email}
      </label>
      <select
        id={id}
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as UserRole)}
        className="rounded-lg border border-cream-300 px-2 py-1"
      >
        {USER_ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={mutation.isPending || role === member.role}
        aria-label={`Save role of ${member.email}`}
        onClick={() => change(role)}
      >
        Save role
      </button>
      <button
        type="button"
        className={buttonClass('secondary', 'sm')}
        disabled={mutation.isPending}
        aria-label={`Remove staff rights of ${member.email}`}
        onClick={() => {
          if (
            window.confirm(`Remove the staff rights of ${member.email}? They keep their customer account.`)
          ) {
            change('customer');
          }
        }}
      >
        Remove staff rights
      </button>
    </div>
  );
}

function StaffDesk() {
  const { data, isPending, isError, refetch } = useStaff(true);
  const [message, setMessage] = useState<{ text: string; kind: 'success' | 'error' } | null>(null);
  return (
    <div className="space-y-10">
      <InviteStaffForm />
      <section aria-labelledby="staff-list" className="space-y-4">
        <h2 id="staff-list" className="font-serif text-2xl text-wine-900">
          Staff and admins
        </h2>
        <p className="text-sm text-ink-soft">
          A role change signs the account out, so the new role applies from its next sign-in. The last admin
          cannot lose their rights.
        </p>
        {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
        {isPending || isError ? (
          <QueryStatus pending={isPending} onRetry={refetch} what="The staff list" loading="Loading staff…" />
        ) : (
          <DataTable
            caption="Staff and admins"
            columns={[
              {
                header: 'Name',
                cell: (member) => (
                  <span>
                    <span className="font-semibold">{member.name}</span>
                    {member.disabled ? <span className="block text-wine-700">Disabled</span> : null}
                  </span>
                ),
              },
              { header: 'E-mail', cell: (member) => member.email },
              { header: 'Role', cell: (member) => ROLE_LABELS[member.role] },
              { header: 'Since', cell: (member) => formatKampalaShortDate(member.created_at) },
              {
                header: 'Password',
                cell: (member) => (member.has_password ? 'Set' : 'Invitation not accepted yet'),
              },
              {
                header: 'Actions',
                hideHeader: true,
                cell: (member) => (
                  <RoleActions
                    key={`${member.id}-${member.role}`}
                    member={member}
                    onDone={(text, kind) => setMessage({ text, kind })}
                  />
                ),
              },
            ]}
            rows={data.results}
            rowKey={(member) => member.id}
          />
        )}
      </section>
    </div>
  );
}

/** Admins only: a loading line while the session is read, then the desk or the refusal. */
function AdminsOnly() {
  return (
    <StaffOnly section="staff_accounts" refusal={ADMINS_ONLY_MESSAGE}>
      <StaffDesk />
    </StaffOnly>
  );
}

/**
 * /admin/staff (admins only; the API refuses anyone else too): invite staff by e-mail, the staff
 * and admin accounts, change a role or remove staff rights.
 */
export function AdminStaffPage() {
  return (
    <PageShell eyebrow="Back office" title="Staff and roles">
      <AdminsOnly />
    </PageShell>
  );
}
