import type { ReactNode } from 'react';
import { FormMessage } from '../../../components/form-field';
import { useSession } from '../../../lib/session/use-session';

export const PRODUCTS_STAFF_ONLY_MESSAGE =
  "You don't have permission to perform this action. This page is for the shop's staff.";

/** The back office's product pages show their content to staff and admins only (the API refuses anyone else too). */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'loading') {
    return (
      <p role="status" className="text-ink-soft">
        Loading…
      </p>
    );
  }
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return isStaff ? children : <FormMessage kind="error">{PRODUCTS_STAFF_ONLY_MESSAGE}</FormMessage>;
}
