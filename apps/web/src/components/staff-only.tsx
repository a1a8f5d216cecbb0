import type { BackOfficeSection } from '@shop/contract/back-office';
import type { ReactNode } from 'react';
import { useBackOffice } from '../lib/session/use-back-office';
import { useSession } from '../lib/session/use-session';
import { FormMessage } from './form-field';

export const STAFF_ONLY_MESSAGE =
  "You don't have permission to perform this action. This page is for the shop's staff.";

const loading = (
  <p role="status" className="text-ink-soft">
    Loading…
  </p>
);

/**
 * A back-office page's content, shown to staff and admins only (the API refuses anyone else
 * too): a loading line while the session is read, then the content or the refusal. With a
 * `section`, shown only to those who may use it (@shop/contract/back-office): the content, and
 * the calls it makes, never reach someone the API would refuse.
 */
export function StaffOnly({
  children,
  refusal = STAFF_ONLY_MESSAGE,
  section,
}: {
  children: ReactNode;
  refusal?: string;
  section?: BackOfficeSection;
}) {
  return section ? (
    <SectionOnly section={section} refusal={refusal}>
      {children}
    </SectionOnly>
  ) : (
    <StaffAndAdmins refusal={refusal}>{children}</StaffAndAdmins>
  );
}

function SectionOnly({
  children,
  refusal,
  section,
}: {
  children: ReactNode;
  refusal: string;
  section: BackOfficeSection;
}) {
  const { status, mayUse } = useBackOffice();
  if (status === 'loading') return loading;
  return mayUse(section) ? children : <FormMessage kind="error">{refusal}</FormMessage>;
}

function StaffAndAdmins({ children, refusal }: { children: ReactNode; refusal: string }) {
  const { status, user } = useSession();
  if (status === 'loading') return loading;
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return isStaff ? children : <FormMessage kind="error">{refusal}</FormMessage>;
}
