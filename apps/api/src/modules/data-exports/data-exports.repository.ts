import { and, desc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import { dataExports } from '../../db/schema/data-exports';
import type { Executor } from '../../db/transaction';

/** The data exports' queries (table data_exports, migration 0037). */

export type DataExportRow = Omit<typeof dataExports.$inferSelect, 'file'>;

const columns = {
  id: dataExports.id,
  userId: dataExports.userId,
  state: dataExports.state,
  fileBytes: dataExports.fileBytes,
  createdAt: dataExports.createdAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  downloadedAt: dataExports.downloadedAt,
};

/** Inserts a queued request; answers undefined when the customer already has one queued. */
export async function insertQueuedExport(db: Executor, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .insert(dataExports)
    .values({ userId })
    .onConflictDoNothing({ target: dataExports.userId, where: sql`state = 'queued'` })
    .returning(columns);
  return row;
}

export async function findQueuedExport(db: Executor, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.state, 'queued')))
    .limit(1);
  return row;
}

/** The customer's latest request (data_exports_user_created_idx). */
export async function latestExportOf(db: Executor, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

/** A request of this customer's (undefined for anyone else's: they do not learn it exists). */
export async function findExportOf(
  db: Executor,
  userId: string,
  id: string,
): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)))
    .limit(1);
  return row;
}

/** Stores the built ZIP once (a retried job finds the row no longer queued and writes nothing). */
export async function markExportReady(
  db: Executor,
  id: string,
  file: Uint8Array,
  readyAt: Date,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ state: 'ready', file: Buffer.from(file), fileBytes: file.byteLength, readyAt, expiresAt })
    .where(and(eq(dataExports.id, id), eq(dataExports.state, 'queued')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/**
 * The download: the state change and the file in one statement, so that of two clicks (or two
 * instances) exactly one gets the file. The file itself is nulled by the purge job.
 */
export async function claimDownload(
  db: Executor,
  userId: string,
  id: string,
  now: Date,
): Promise<Buffer | undefined> {
  const result = await db.execute<{ file: Buffer }>(sql`
    UPDATE data_exports SET state = 'downloaded', downloaded_at = ${now.toISOString()}::timestamptz
    WHERE id = ${id} AND user_id = ${userId} AND state = 'ready'
      AND expires_at > ${now.toISOString()}::timestamptz AND file IS NOT NULL
    RETURNING file`);
  return result.rows[0]?.file;
}

/** Marks ready exports past their time expired and drops every file no longer downloadable. */
export async function purgeExportFiles(db: Executor, now: Date): Promise<number> {
  await db
    .update(dataExports)
    .set({ state: 'expired' })
    .where(and(eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, now)));
  const rows = await db
    .update(dataExports)
    .set({ file: null })
    .where(
      and(
        isNotNull(dataExports.file),
        or(eq(dataExports.state, 'downloaded'), eq(dataExports.state, 'expired')),
      ),
    )
    .returning({ id: dataExports.id });
  return rows.length;
}

export async function findExport(db: Executor, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select(columns).from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}
