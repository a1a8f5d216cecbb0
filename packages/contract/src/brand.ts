/**
 * The shop's identity. The brand name is one setting: every page title, e-mail and document
 * reads it from here. The address and opening hours are shop settings (settings-values.ts).
 */
export const BRAND = {
  name: 'Kampala Cellars',
  tagline: 'Premium wines and spirits, delivered across Kampala',
  city: 'Kampala',
  country: 'Uganda',
  phone: '+256 772 000 123',
  whatsapp: '+256 772 000 123',
  email: 'hello@kampalacellars.ug',
} as const;
