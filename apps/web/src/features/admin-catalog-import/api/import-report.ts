import { apiUrl } from '../../../lib/api-client';

/** `GET /admin/catalog/imports/{id}/report.csv` (staff): a download link (the session cookie goes with it). */
export function importReportUrl(id: number): string {
  return apiUrl(`/admin/catalog/imports/${id}/report.csv`);
}
