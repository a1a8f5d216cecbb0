import {
  type InviteStaffRequest,
  type InviteStaffResponse,
  inviteStaffResponseSchema,
} from '@shop/contract/staff-accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { STAFF_KEY } from './staff';

/** `POST /admin/staff/invitations/` (admins): the account gets the role and a link to choose a password. */
export function inviteStaff(body: InviteStaffRequest): Promise<InviteStaffResponse> {
  return api.post('/admin/staff/invitations/', body, { schema: inviteStaffResponseSchema, toast: false });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
