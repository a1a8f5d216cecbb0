import { type SignUpRequest, signUpResponseSchema } from '@shop/contract/identity';
import { api } from '../../../lib/api-client';

/**
 * `POST /auth/sign-up/email`. It never signs in (and answers the same for a taken address): the
 * register page signs in next with the same e-mail and password.
 */
export function signUp(request: SignUpRequest) {
  return api.post('/auth/sign-up/email', request, {
    schema: signUpResponseSchema,
    toast: false,
    refreshOn401: false,
  });
}
