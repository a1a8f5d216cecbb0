import { providersResponseSchema, socialSignInResponseSchema } from '@shop/contract/identity';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /auth/providers`: which of the Google and OpenID Connect buttons the login page shows. */
export const providersQuery = queryOptions({
  queryKey: ['identity', 'providers'],
  queryFn: ({ signal }) =>
    api.get('/auth/providers', { schema: providersResponseSchema, signal, toast: false }),
  staleTime: 5 * 60 * 1000,
});

/**
 * `POST /auth/sign-in/social`: answers the provider's address; the browser goes there and comes
 * back signed in to `callbackURL` (or to `/login?error=…`).
 */
export function startSocialSignIn(provider: string, callbackURL: string) {
  return api.post(
    '/auth/sign-in/social',
    { provider, callbackURL },
    { schema: socialSignInResponseSchema, toast: false, refreshOn401: false },
  );
}
