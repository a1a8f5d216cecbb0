import type { UserRole } from '@shop/contract/identity';
import { type StaffMember, staffMemberSchema } from '@shop/contract/staff-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_KEY } from './staff';

/** `PUT /admin/staff/{id}/role/` (admins): `customer` removes staff rights; the last admin stays (409). */
export function changeRole(id: string, role: UserRole): Promise<StaffMember> {
  return api.put(
    `/admin/staff/${encodeURIComponent(id)}/role/`,
    { role },
    { schema: staffMemberSchema, toast: false },
  );
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: UserRole }) => changeRole(id, role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
