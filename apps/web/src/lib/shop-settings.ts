import { type PickupLocation, pickupLocation } from '@shop/contract/orders';
import type { PublicShopSettings } from '@shop/contract/settings';
import { DEFAULT_SHOP_SETTINGS, formatOpeningHours } from '@shop/contract/settings-values';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The shop's settings as the storefront shows them (`GET /settings/`, public): contact details,
 * opening hours, the free-delivery threshold, the minimum age, delivery hours and windows. Server-
 * rendered pages carry them in their query cache (the root route's loader asks for them); the
 * admins' settings form refreshes this key when it saves.
 */
export const SHOP_SETTINGS_KEY = ['shop-settings'] as const;

export function shopSettingsQueryOptions() {
  return queryOptions({
    queryKey: SHOP_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<PublicShopSettings>('/settings/', { signal, toast: false }),
    staleTime: 60_000,
  });
}

/** The settings, or the defaults while they load (or when the API cannot be reached). */
export function useShopSettings(): PublicShopSettings {
  const { data } = useQuery(shopSettingsQueryOptions());
  return isShopSettings(data) ? data : DEFAULT_SHOP_SETTINGS;
}

/** A light check of the answer's shape (zod stays out of the entry chunk, decision 0007). */
function isShopSettings(value: unknown): value is PublicShopSettings {
  const settings = value as Partial<PublicShopSettings> | null | undefined;
  return (
    typeof settings === 'object' &&
    settings !== null &&
    Array.isArray(settings.opening_hours) &&
    settings.opening_hours.length === 7 &&
    typeof settings.free_delivery_threshold === 'number' &&
    typeof settings.minimum_age === 'number' &&
    typeof settings.phone === 'string' &&
    typeof settings.whatsapp === 'string' &&
    typeof settings.email === 'string' &&
    typeof settings.address === 'string'
  );
}

/** The opening hours in one line: "Monday to Saturday 09:00–21:00, Sunday 12:00–19:00 (Kampala time)". */
export function useOpeningHoursLine(): string {
  return formatOpeningHours(useShopSettings().opening_hours);
}

/** Where pick-up orders are collected: the shop's address and opening hours (its settings). */
export function usePickupLocation(): PickupLocation {
  return pickupLocation(useShopSettings());
}
