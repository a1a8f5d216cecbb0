import {
  type BackOfficeAccess,
  type BackOfficeSection,
  backOfficeAccessSchema,
  mayUseSection,
} from '@shop/contract/back-office';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from './use-session';

export type BackOfficeState = {
  /** 'loading' while the session or the sections are read. */
  status: 'loading' | 'ready';
  /** True when the signed-in person may use the section (never for customers and visitors). */
  mayUse: (section: BackOfficeSection) => boolean;
};

/**
 * The back-office sections the signed-in member of staff may use, as the API's guards decide
 * (`GET /admin/access/`, from @shop/contract/back-office): the desk shows only these, and a page
 * asks the API for nothing it would refuse. Customers and visitors ask nothing and may use none.
 */
export function useBackOffice(): BackOfficeState {
  const { status, user } = useSession();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  const ready = isStaff && !user.mustChangePassword;
  const query = useQuery({
    queryKey: ['back-office-access', user?.id] as const,
    queryFn: ({ signal }) =>
      api.get<BackOfficeAccess>('/admin/access/', { schema: backOfficeAccessSchema, signal, toast: false }),
    enabled: ready,
    // A role changes only with a new session (a new user id or sign-in).
    staleTime: Number.POSITIVE_INFINITY,
  });
  const sections = query.data?.sections;
  return {
    status: status === 'loading' || (ready && query.isPending) ? 'loading' : 'ready',
    mayUse: (section) =>
      sections
        ? sections.includes(section)
        : // Unanswered (offline): what the role may use whatever the shop's settings.
          ready && mayUseSection(user.role, section, { refundsByStaff: false }),
  };
}
