import { inviteStaffRequestSchema, type StaffMember } from '@shop/contract/staff-accounts';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage, inputClass, primaryButtonClass, textLinkClass } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { type EmailDelivery, useEmailDelivery } from '../../../lib/email/email-delivery';
import { formErrorMessage } from '../../../lib/form-errors';
import { useInviteStaff } from '../api/invite-staff';

type Field = 'email' | 'name' | 'role';
type Errors = Partial<Record<Field, string>>;

/** What became of the invitation's e-mail: sent only when the shop sends e-mail at all. */
function InvitedNotice({ member, delivery }: { member: StaffMember; delivery: EmailDelivery | 'unknown' }) {
  const invited = `${member.email} is invited as ${member.role}.`;
  if (delivery === 'sent') {
    return (
      <FormMessage kind="success">
        {invited} The e-mail with the link to choose a password is on its way.
      </FormMessage>
    );
  }
  if (delivery === 'held') {
    return (
      <FormMessage kind="success">
        {invited} This shop sends no e-mail, so the invitation waits in the{' '}
        <Link to="/admin/outbox" className={textLinkClass}>
          outbox
        </Link>
        : open it there and pass its link to choose a password on to them.
      </FormMessage>
    );
  }
  return (
    <FormMessage kind="success">
      {invited} Their link to choose a password is in the invitation e-mail.
    </FormMessage>
  );
}

/**
 * "Invite a member of staff": the account is created (or found) with the role, and an e-mail with a
 * single-use link to choose a password goes out (to the outbox while the shop sends no e-mail).
 */
export function InviteStaffForm() {
  const mutation = useInviteStaff();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<'staff' | 'admin'>('staff');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [invited, setInvited] = useState<StaffMember | null>(null);
  const delivery = useEmailDelivery();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setInvited(null);
    const parsed = inviteStaffRequestSchema.safeParse({ email, name, role });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (answer) => {
        setEmail('');
        setName('');
        setInvited(answer.member);
      },
      onError: (error) => {
        if (isApiError(error)) {
          const found: Errors = {};
          for (const field of error.fields) {
            if (field.field === 'email' || field.field === 'name' || field.field === 'role') {
              found[field.field] = field.message;
            }
          }
          setErrors(found);
        }
        setFormError(formErrorMessage(error));
      },
    });
  };

  const field = (key: Field, label: string, input: React.ReactNode) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      {input}
      {errors[key] ? (
        <p id={`${id}-${key}-error`} className="mt-1.5 text-sm font-medium text-wine-700">
          {errors[key]}
        </p>
      ) : null}
    </div>
  );
  const described = (key: Field) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Invite a member of staff" className="max-w-xl space-y-4">
      <h2 className="font-serif text-2xl text-wine-900">Invite a member of staff</h2>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {invited ? <InvitedNotice member={invited} delivery={delivery} /> : null}
      {field(
        'email',
        'E-mail address',
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          className={inputClass}
          {...described('email')}
        />,
      )}
      {field(
        'name',
        'Name',
        <input
          id={`${id}-name`}
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.currentTarget.value)}
          className={inputClass}
          {...described('name')}
        />,
      )}
      {field(
        'role',
        'Role',
        <select
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as 'staff' | 'admin')}
          className={inputClass}
          {...described('role')}
        >
          <option value="staff">Staff</option>
          <option value="admin">Admin</option>
        </select>,
      )}
      <button type="submit" className={primaryButtonClass} disabled={mutation.isPending}>
        {mutation.isPending ? 'Inviting…' : 'Send the invitation'}
      </button>
    </form>
  );
}
