import { type Profile, profileSchema, type UpdateProfileRequest } from '@shop/contract/profile';
import { api } from '../../../lib/api-client';

/** `PATCH /users/users/update_profile/` with only what changed; answers the whole profile. */
export function updateProfile(changes: UpdateProfileRequest): Promise<Profile> {
  return api.patch('/users/users/update_profile/', changes, { schema: profileSchema, toast: false });
}
