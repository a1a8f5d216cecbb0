import { describe, expect, it } from 'vitest';
import { preferredDeliveryTimeLabels } from './delivery';
import {
  DEFAULT_SHOP_SETTINGS,
  formatOpeningHours,
  preferredTimeLabel,
  settingsMessages,
  shopSettingsFieldsSchema,
  updateShopSettingsRequestSchema,
} from './settings';

const issues = (value: unknown) =>
  (updateShopSettingsRequestSchema.safeParse(value).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('shop settings', () => {
  it('accepts the defaults, which are the figures the storefront always stated', () => {
    expect(shopSettingsFieldsSchema.parse(DEFAULT_SHOP_SETTINGS)).toEqual(DEFAULT_SHOP_SETTINGS);
    expect(DEFAULT_SHOP_SETTINGS.free_delivery_threshold).toBe(1_000_000);
    expect(DEFAULT_SHOP_SETTINGS.minimum_age).toBe(21);
    expect(DEFAULT_SHOP_SETTINGS.prices_include_vat).toBe(true);
    expect(DEFAULT_SHOP_SETTINGS.review_policy).toBe('delivered_purchasers');
  });

  it('names each bad field with the reason', () => {
    const opening = DEFAULT_SHOP_SETTINGS.opening_hours.map((day) => ({ ...day }));
    opening[2] = { day: 'wednesday', open: true, opens: '18:00', closes: '09:00' };
    opening[3] = { day: 'thursday', open: true, opens: '25:00', closes: '21:00' };
    expect(
      issues({
        ...DEFAULT_SHOP_SETTINGS,
        version: 1,
        minimum_age: 17,
        free_delivery_threshold: -5,
        vat_tin: '12345',
        email: 'not-mail',
        opening_hours: opening,
        delivery_windows: { ...DEFAULT_SHOP_SETTINGS.delivery_windows, evening: { from: 20, to: 17 } },
      }),
    ).toEqual(
      expect.arrayContaining([
        ['minimum_age', settingsMessages.minimumAge],
        ['free_delivery_threshold', settingsMessages.threshold],
        ['vat_tin', settingsMessages.tin],
        ['email', settingsMessages.email],
        ['opening_hours.2.closes', settingsMessages.closesAfterOpens],
        ['opening_hours.3.opens', settingsMessages.time],
        ['delivery_windows.evening.to', settingsMessages.windowOrder],
      ]),
    );
    expect(issues({ ...DEFAULT_SHOP_SETTINGS, minimum_age: 26, version: 0 })).toEqual([
      ['minimum_age', settingsMessages.minimumAge],
    ]);
    expect(issues({ ...DEFAULT_SHOP_SETTINGS })).toEqual([['version', settingsMessages.version]]);
  });

  it('allows 18 to 25 as the minimum age and a 10-digit TIN', () => {
    for (const age of [18, 25]) {
      expect(
        issues({ ...DEFAULT_SHOP_SETTINGS, minimum_age: age, vat_tin: '1000123456', version: 0 }),
      ).toEqual([]);
    }
  });

  it('writes the opening hours in one line, days with the same hours grouped', () => {
    expect(formatOpeningHours(DEFAULT_SHOP_SETTINGS.opening_hours)).toBe(
      'Monday to Saturday 09:00–21:00, Sunday 12:00–19:00 (Kampala time)',
    );
    const hours = DEFAULT_SHOP_SETTINGS.opening_hours.map((day) => ({ ...day }));
    hours[6] = { ...hours[6]!, open: false };
    expect(formatOpeningHours(hours)).toBe('Monday to Saturday 09:00–21:00, Sunday closed (Kampala time)');
  });
});

describe('preferredTimeLabel', () => {
  it('writes the windows as the checkout always did, and follows the setting', () => {
    expect(preferredTimeLabel('morning', DEFAULT_SHOP_SETTINGS.delivery_windows)).toBe(
      preferredDeliveryTimeLabels.morning,
    );
    expect(preferredTimeLabel('evening', DEFAULT_SHOP_SETTINGS.delivery_windows)).toBe(
      preferredDeliveryTimeLabels.evening,
    );
    expect(
      preferredTimeLabel('evening', {
        ...DEFAULT_SHOP_SETTINGS.delivery_windows,
        evening: { from: 18, to: 22 },
      }),
    ).toBe('Evening (18:00–22:00)');
    expect(preferredTimeLabel('asap', DEFAULT_SHOP_SETTINGS.delivery_windows)).toBe(
      preferredDeliveryTimeLabels.asap,
    );
  });
});
