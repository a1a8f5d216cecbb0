/**
 * The shop's identity. The brand name is one setting: every page title, e-mail and document
 * reads it from here.
 */
export const BRAND = {
  name: 'Kampala Cellars',
  tagline: 'Premium wines and spirits, delivered across Kampala',
  city: 'Kampala',
  country: 'Uganda',
  address: 'Plot 14, Acacia Avenue, Kololo, Kampala',
  phone: '+256 772 000 123',
  whatsapp: '+256 772 000 123',
  email: 'hello@kampalacellars.ug',
  openingHours: 'Monday to Saturday 9:00–21:00, Sunday 12:00–19:00 (East Africa Time)',
} as const;
