import { type AdminShopSettings, adminShopSettingsSchema } from '@shop/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The settings form's copy, with its version (every query of this feature lives under this key). */
export const ADMIN_SETTINGS_KEY = ['admin-shop-settings'] as const;

/** `GET /admin/settings/` (admins): every setting, its version and who saved last. */
export function adminShopSettingsQuery() {
  return queryOptions<AdminShopSettings>({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: ({ signal }) =>
      api.get('/admin/settings/', { schema: adminShopSettingsSchema, signal, toast: false }),
  });
}

export function useAdminShopSettings(enabled: boolean) {
  return useQuery({ ...adminShopSettingsQuery(), enabled });
}
