import { type Profile, profileSchema } from '@shop/contract/profile';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The customer's profile (`GET /users/users/profile/`); dropped from the cache on sign-out. */
export const profileQuery = queryOptions<Profile>({
  queryKey: ['profile'],
  queryFn: ({ signal }) => api.get('/users/users/profile/', { schema: profileSchema, signal, toast: false }),
});
