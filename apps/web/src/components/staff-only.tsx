import type { ReactNode } from 'react';
import { useSession } from '../lib/session/use-session';
import { FormMessage } from './form-field';

export const STAFF_ONLY_MESSAGE =
  "You don't have permission to perform this action. This page is for the shop's staff.";

/**
 * A back-office page's content, shown to staff and admins only (the API refuses anyone else
 * too): a loading line while the session is read, then the content or the refusal.
 */
export function StaffOnly({
  children,
  refusal = STAFF_ONLY_MESSAGE,
}: {
  children: ReactNode;
  refusal?: string;
}) {
  const { status, user } = useSession();
  if (status === 'loading') {
    return (
      <p role="status" className="text-ink-soft">
        Loading…
      </p>
    );
  }
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return isStaff ? children : <FormMessage kind="error">{refusal}</FormMessage>;
}
