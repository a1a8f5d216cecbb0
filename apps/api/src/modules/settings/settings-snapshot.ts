import { DEFAULT_SHOP_SETTINGS, type ShopSettingsFields } from '@shop/contract/settings';

/**
 * The settings this process read last, for the places that render without a request at hand and
 * synchronously (e-mail footers, invoice PDFs). The settings plugin refreshes it on every load and
 * again as soon as `settings_changed` arrives, so it follows a save on any instance within moments.
 * Until the first load it holds the defaults.
 */
let latest: ShopSettingsFields = DEFAULT_SHOP_SETTINGS;

export function shopSettingsNow(): ShopSettingsFields {
  return latest;
}

export function rememberShopSettings(settings: ShopSettingsFields): void {
  latest = settings;
}

/** The delivery hours and windows for delivery promises (`expectedDeliveryTime`'s schedule). */
export function deliveryScheduleNow() {
  const { delivery_hours, delivery_windows } = latest;
  return { hours: delivery_hours, windows: delivery_windows };
}
