import { z } from 'zod';
import { emailSchema, personNameSchema, userRoleSchema } from './identity';

/**
 * The back office's staff accounts, `/admin/staff` (admins only): the staff and admins, invite a
 * member of staff by e-mail (a single-use link to choose a password, like the reset link), change
 * a role (customer, staff, admin). The last admin keeps their rights (409). Calls under
 * `/api/v1/admin/staff/…`.
 */

const isoTime = z.string().describe('ISO 8601');

export const staffAccountsMessages = {
  lastAdmin: 'This is the last admin account: make another admin first.',
  sameRole: 'The account has this role already.',
  invited: 'The invitation is on its way.',
} as const;

export const staffRoleSchema = z.enum(['staff', 'admin', 'rider'], {
  error: 'must be staff, admin or rider',
});

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: userRoleSchema,
  created_at: isoTime,
  disabled: z.boolean(),
  has_password: z.boolean().describe('False while an invitation has not been accepted'),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ results: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

export const inviteStaffRequestSchema = z.object({
  email: emailSchema,
  name: personNameSchema.describe('Used when the account is new'),
  role: staffRoleSchema,
});
export type InviteStaffRequest = z.infer<typeof inviteStaffRequestSchema>;

export const inviteStaffResponseSchema = z.object({
  member: staffMemberSchema,
  created: z.boolean().describe('False when the address already had an account (it now has the role)'),
  message: z.string(),
});
export type InviteStaffResponse = z.infer<typeof inviteStaffResponseSchema>;

export const staffParamsSchema = z.object({
  id: z.uuid({ error: 'must be an account id' }),
});

export const changeRoleRequestSchema = z.object({
  role: userRoleSchema,
});
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;
