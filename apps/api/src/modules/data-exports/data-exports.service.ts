import { BRAND } from '@shop/contract/brand';
import { API_BASE_PATH } from '@shop/contract/constants';
import { DATA_EXPORT_HOURS, type DataExport } from '@shop/contract/data-exports';
import { formatKampalaClock } from '@shop/contract/kampala-time';
import type { Database } from '../../db/client';
import { conflict, gone, notFound } from '../../errors';
import type { Jobs } from '../../plugins/jobs';
import type { EmailService } from '../email/email.service';
import { renderEmail } from '../email/layout';
import type { NotificationsService } from '../notifications/notifications.plugin';
import { findProfile } from '../profile/profile.repository';
import { collectExport, zipExport } from './data-exports.build';
import {
  claimDownload,
  type DataExportRow,
  findExport,
  findExportOf,
  findQueuedExport,
  insertQueuedExport,
  latestExportOf,
  markExportReady,
  purgeExportFiles,
} from './data-exports.repository';

export const BUILD_EXPORT_QUEUE = 'privacy.build-export';
export const PURGE_EXPORTS_QUEUE = 'privacy.purge-exports';

export type DataExportDeps = {
  db: Database;
  jobs: Jobs;
  email: EmailService;
  notifications: Pick<NotificationsService, 'create'>;
  publicUrl: string;
};

export const downloadPath = (id: string) => `${API_BASE_PATH}/users/users/data-exports/${id}/download/`;

export function toDataExport(row: DataExportRow, now: Date): DataExport {
  const downloadable = row.state === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    // A ready export past its time is expired, whether or not the purge job has run yet.
    state: row.state === 'ready' && !downloadable ? 'expired' : (row.state as DataExport['state']),
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    downloaded_at: row.downloadedAt?.toISOString() ?? null,
    download_url: downloadable ? downloadPath(row.id) : null,
  };
}

/** Asks for a copy; one request at a time (a second while the first is prepared is a 409). */
export async function requestExport(deps: DataExportDeps, userId: string, now: Date): Promise<DataExport> {
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertQueuedExport(tx, userId);
    if (!inserted) {
      const queued = await findQueuedExport(tx, userId);
      const since = queued ? ` (asked at ${formatKampalaClock(queued.createdAt)}, request ${queued.id})` : '';
      throw conflict(
        `Your earlier data export${since} is still being prepared: you can ask again once it is ready.`,
      );
    }
    await deps.jobs.send(BUILD_EXPORT_QUEUE, { exportId: inserted.id }, { tx, singletonKey: inserted.id });
    return inserted;
  });
  deps.jobs.wake(BUILD_EXPORT_QUEUE);
  return toDataExport(row, now);
}

export async function latestExport(db: Database, userId: string, now: Date): Promise<DataExport | null> {
  const row = await latestExportOf(db, userId);
  return row ? toDataExport(row, now) : null;
}

/** The ZIP, once: then 410; someone else's (or no such) export is a 404. */
export async function downloadExport(db: Database, userId: string, id: string, now: Date): Promise<Buffer> {
  const file = await claimDownload(db, userId, id, now);
  if (file) return file;
  const row = await findExportOf(db, userId, id);
  if (!row) throw notFound('Data export');
  if (row.state === 'queued') throw conflict('This data export is still being prepared.');
  if (row.state === 'downloaded') {
    throw gone(
      'This data export was downloaded already: each copy can be downloaded once. Ask for a new one.',
    );
  }
  throw gone(`This data export expired ${DATA_EXPORT_HOURS} hours after it was ready. Ask for a new one.`);
}

/** The job: builds the ZIP of a queued request, stores it, tells the customer (once). */
export async function buildExport(deps: DataExportDeps, exportId: string, now: Date): Promise<void> {
  const row = await findExport(deps.db, exportId);
  if (row?.state !== 'queued') return;
  const zip = zipExport(await collectExport(deps.db, row.userId, now));
  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_HOURS * 3_600_000);
  if (!(await markExportReady(deps.db, exportId, zip, readyAt, expiresAt))) return;
  const profile = await findProfile(deps.db, row.userId);
  if (!profile) return;
  const until = formatKampalaClock(expiresAt);
  // Neither carries a link that downloads by itself: the download needs the signed-in account.
  await deps.notifications.create({
    userId: row.userId,
    type: 'system',
    title: 'Your data is ready',
    message: `Download the copy of your data from your profile by ${until} (Kampala time). It can be downloaded once.`,
    relatedId: exportId,
    dedupeKey: `data-export:${exportId}`,
  });
  await deps.email.sendEmail({
    to: profile.email,
    ...renderEmail({
      subject: `Your ${BRAND.name} data is ready to download`,
      heading: 'A copy of your data',
      paragraphs: [
        `Hello ${profile.name},`,
        `The copy of your data you asked for is ready. Sign in and download it from your profile by ${until} (Kampala time); it can be downloaded once.`,
        'If you did not ask for it, change your password and tell us.',
      ],
      action: { label: 'Open my profile', url: `${deps.publicUrl}/profile` },
    }),
  });
}

export async function purgeExports(db: Database, now: Date): Promise<number> {
  return purgeExportFiles(db, now);
}
