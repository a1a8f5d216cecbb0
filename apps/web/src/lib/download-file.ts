import { API_BASE_PATH } from '@shop/contract/constants';
import { api } from './api-client';

/**
 * Downloads a file the API serves (a PDF, a CSV) through the API client (session, CSRF,
 * timeouts), then hands it to the browser to show or save under `fileName`. `url` may carry
 * the /api/v1 prefix, as the API writes its links.
 */
export async function downloadFile(url: string, fileName: string, accept: string): Promise<void> {
  const path = url.startsWith(`${API_BASE_PATH}/`) ? url.slice(API_BASE_PATH.length) : url;
  const blob = await api.get<Blob>(path, { responseType: 'blob', headers: { Accept: accept }, toast: false });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
