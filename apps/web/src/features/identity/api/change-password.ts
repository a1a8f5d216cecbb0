import { changePasswordResponseSchema } from '@shop/contract/identity';
import { api } from '../../../lib/api-client';

/** `POST /auth/change-password` (a signed-in customer): every other session of the account ends. */
export function changePassword(currentPassword: string, newPassword: string) {
  return api.post(
    '/auth/change-password',
    { currentPassword, newPassword },
    { schema: changePasswordResponseSchema, toast: false },
  );
}
