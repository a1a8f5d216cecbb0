import { type StaffList, staffListSchema } from '@shop/contract/staff-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The back office's staff accounts (every query of this feature lives under this key). */
export const STAFF_KEY = ['admin-staff'] as const;

/** `GET /admin/staff/` (admins): the staff and admin accounts, admins first. */
export function staffQuery() {
  return queryOptions<StaffList>({
    queryKey: [...STAFF_KEY, 'list'] as const,
    queryFn: ({ signal }) => api.get('/admin/staff/', { schema: staffListSchema, signal, toast: false }),
  });
}

export function useStaff(enabled: boolean) {
  return useQuery({ ...staffQuery(), enabled });
}
