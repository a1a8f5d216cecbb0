import { requestPasswordResetResponseSchema, resetPasswordResponseSchema } from '@shop/contract/identity';
import { api } from '../../../lib/api-client';

/** `POST /auth/request-password-reset`: the same answer whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return api.post(
    '/auth/request-password-reset',
    { email },
    { schema: requestPasswordResetResponseSchema, toast: false, refreshOn401: false },
  );
}

/** `POST /auth/reset-password` with the e-mailed token: every session of the account ends. */
export function resetPassword(token: string, newPassword: string) {
  return api.post(
    '/auth/reset-password',
    { token, newPassword },
    { schema: resetPasswordResponseSchema, toast: false, refreshOn401: false },
  );
}
