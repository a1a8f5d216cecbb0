import { z } from 'zod';

/**
 * A copy of one's data (issue 40, decision 0021): the signed-in customer asks for an export, a job
 * builds a ZIP of everything the shop keeps about them, and they download it once, within
 * DATA_EXPORT_HOURS hours, signed in to the same account.
 *
 * - `POST /api/v1/users/users/data-exports/`: asks for one (202); 409 while one is being prepared.
 * - `GET /api/v1/users/users/data-exports/latest/`: the latest request, or null.
 * - `GET /api/v1/users/users/data-exports/{id}/download/`: the ZIP, once (a second time: 410).
 */

export const DATA_EXPORT_STATES = ['queued', 'ready', 'downloaded', 'expired'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

/** How long a ready export may be downloaded. */
export const DATA_EXPORT_HOURS = 24;

export const dataExportSchema = z.object({
  id: z.string(),
  state: z.enum(DATA_EXPORT_STATES),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
  /** Set while the export is ready and not expired. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

/** The kinds of data in the ZIP, each as `<kind>.json` and `<kind>.csv`. */
export const DATA_EXPORT_KINDS = [
  'profile',
  'addresses',
  'orders',
  'order_lines',
  'invoices',
  'credit_notes',
  'payments',
  'rsvps',
  'reviews',
  'wishlist',
  'notifications',
  'emails',
  'sms',
  'consents',
  'sign_in_history',
  'gifts',
  'companies',
] as const;
export type DataExportKind = (typeof DATA_EXPORT_KINDS)[number];
