import {
  type AdminShopSettings,
  adminShopSettingsSchema,
  type UpdateShopSettingsRequest,
} from '@shop/contract/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SHOP_SETTINGS_KEY } from '../../../lib/shop-settings';
import { ADMIN_SETTINGS_KEY } from './shop-settings';

/** `PUT /admin/settings/` (admins): every setting with the version the form was loaded at. */
export function saveShopSettings(body: UpdateShopSettingsRequest): Promise<AdminShopSettings> {
  return api.put('/admin/settings/', body, { schema: adminShopSettingsSchema, toast: false });
}

/** Saves, keeps the answer as the form's copy, and has the storefront read the settings again. */
export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShopSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(ADMIN_SETTINGS_KEY, saved);
      return queryClient.invalidateQueries({ queryKey: SHOP_SETTINGS_KEY });
    },
  });
}
