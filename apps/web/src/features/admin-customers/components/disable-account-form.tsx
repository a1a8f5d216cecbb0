import { type CustomerDetail, disableAccountRequestSchema } from '@shop/contract/customers-admin';
import { useState } from 'react';
import { buttonClass } from '../../../components/button';
import { FormMessage } from '../../../components/form-field';
import { ReasonField } from '../../../components/reason-field';
import { isApiError } from '../../../lib/api-client';
import { formErrorMessage } from '../../../lib/form-errors';
import { useSetAccountDisabled } from '../api/set-account-disabled';

/**
 * Disable an account with a reason, or enable it again (admins; the API refuses staff). A
 * disabled account is signed out everywhere at once and cannot sign in; its orders stay.
 */
export function DisableAccountForm({ customer }: { customer: CustomerDetail }) {
  const mutation = useSetAccountDisabled(customer.id);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const disabling = !customer.disabled;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    if (disabling) {
      const parsed = disableAccountRequestSchema.safeParse({ reason });
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message ?? null);
        return;
      }
    }
    setFieldError(null);
    mutation.mutate(
      { disabled: disabling, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setNotice(
            disabling
              ? 'The account is disabled and signed out everywhere.'
              : 'The account is enabled again.',
          );
        },
        onError: (error) => {
          const field = isApiError(error) ? error.fields.find((item) => item.field === 'reason') : undefined;
          if (field) setFieldError(field.message);
          setFormError(formErrorMessage(error));
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={disabling ? 'Disable this account' : 'Enable this account'}
      className="max-w-md space-y-3"
    >
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
      <ReasonField
        label={disabling ? 'Reason for disabling' : 'Reason for enabling (optional)'}
        value={reason}
        onChange={setReason}
        error={fieldError}
        maxLength={500}
      />
      <button type="submit" className={buttonClass('secondary')} disabled={mutation.isPending}>
        {disabling ? 'Disable account' : 'Enable account'}
      </button>
    </form>
  );
}
