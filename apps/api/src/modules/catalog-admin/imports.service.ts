import type {
  CatalogImport,
  CatalogImportCounts,
  CatalogImportRow,
  CatalogImportRowError,
  CatalogImportRowList,
} from '@shop/contract/categories-admin';
import { type PageQuery, toPagedList } from '@shop/contract/pagination';
import { countOf } from '@shop/contract/plural';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { csvLine } from '../../lib/csv';
import { boundQuery } from '../../plugins/jobs';
import { type AuditActor, recordAudit } from '../audit/audit';
import { readImportFile } from '../catalog/import/import-products';
import { applyBatch, batchesOf, previewImport } from './bulk-import';

/**
 * CSV imports from the back office: upload → preview (stored, nothing written to the catalog)
 * → apply as a background job, batch by batch, with progress the page polls → report.
 */

export const IMPORT_APPLY_QUEUE = 'catalog.import-apply';

/** Row errors kept with the import and answered by the API (all are in the report). */
const ERRORS_KEPT = 500;

type ImportRow = {
  id: number;
  status: CatalogImport['status'];
  file_name: string;
  row_count: number;
  counts: CatalogImportCounts;
  errors: CatalogImportRowError[];
  error_count: number;
  rows_done: number;
  batches_done: number;
  report: { created: number; updated: number; unchanged: number } | null;
  failure: string | null;
  created_by_name: string;
  created_at: Date;
  finished_at: Date | null;
};

const run = <T extends Record<string, unknown>>(
  db: Pick<Database, 'execute'>,
  text: string,
  values: unknown[] = [],
) => db.execute<T>(boundQuery(text, values)).then((result) => result.rows);

function toImport(row: ImportRow): CatalogImport {
  const total = row.row_count;
  return {
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    row_count: row.row_count,
    counts: row.counts,
    errors: row.errors,
    error_count: row.error_count,
    progress: {
      rows_done: row.rows_done,
      rows_total: total,
      percent:
        row.status === 'done'
          ? 100
          : total === 0
            ? 0
            : Math.min(100, Math.floor((row.rows_done / total) * 100)),
    },
    result: row.report,
    failure: row.failure,
    created_by: row.created_by_name,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

const SELECT_IMPORT = `SELECT id, status, file_name, row_count, counts, errors, error_count, rows_done, batches_done,
  report, failure, created_by_name, created_at, finished_at FROM catalog_imports`;

export async function findImport(db: Database, id: number): Promise<CatalogImport> {
  const [row] = await run<ImportRow>(db, `${SELECT_IMPORT} WHERE id = $1`, [id]);
  if (!row) throw notFound('The import');
  return toImport(row);
}

/** Checks the file against the catalog and keeps it with its preview; the catalog is not touched. */
export async function createImport(
  db: Database,
  actor: AuditActor,
  file: { name: string; text: string },
): Promise<CatalogImport> {
  const preview = await previewImport(db, file.text);
  return db.transaction(async (tx) => {
    const [created] = await run<{ id: number }>(
      tx,
      `INSERT INTO catalog_imports (file_name, file_text, row_count, counts, errors, error_count, created_by,
         created_by_name, created_by_role)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9) RETURNING id`,
      [
        file.name,
        file.text,
        preview.rowCount,
        JSON.stringify(preview.counts),
        JSON.stringify(preview.errors.slice(0, ERRORS_KEPT)),
        preview.errors.length,
        actor.id,
        actor.name,
        actor.role,
      ],
    );
    const id = created!.id;
    for (let start = 0; start < preview.rows.length; start += 5_000) {
      const slice = preview.rows.slice(start, start + 5_000);
      await run(
        tx,
        `INSERT INTO catalog_import_rows (import_id, line, product_slug, sku, outcome, message, changes)
         SELECT $1, line, slug, sku, outcome, message, changes::jsonb
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           AS x(line, slug, sku, outcome, message, changes)`,
        [
          id,
          slice.map((row) => row.line),
          slice.map((row) => row.productSlug),
          slice.map((row) => row.sku),
          slice.map((row) => row.outcome),
          slice.map((row) => row.message),
          slice.map((row) => JSON.stringify(row.changes)),
        ],
      );
    }
    const { counts } = preview;
    await recordAudit(tx, actor, {
      kind: 'catalog_import.preview',
      subjectType: 'catalog_import',
      subjectId: id,
      summary: `Uploaded ${file.name || 'a CSV file'} (${countOf(preview.rowCount, 'row')}): ${counts.new} new, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.errors} with errors`,
      after: { file_name: file.name, rows: preview.rowCount, counts },
    });
    const [row] = await run<ImportRow>(tx, `${SELECT_IMPORT} WHERE id = $1`, [id]);
    return toImport(row!);
  });
}

/**
 * Marks the import as applying and queues its job in the same transaction. Refused when the
 * preview had errors, or the import is already applying or done. A failed one may be applied
 * again: it resumes after its last committed batch.
 */
export async function startApply(
  db: Database,
  jobs: {
    send: (
      name: string,
      data: object,
      options: { tx: Parameters<Parameters<Database['transaction']>[0]>[0] },
    ) => Promise<unknown>;
    wake: (name: string) => void;
  },
  actor: AuditActor,
  id: number,
): Promise<CatalogImport> {
  const result = await db.transaction(async (tx) => {
    const [row] = await run<ImportRow>(tx, `${SELECT_IMPORT} WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) throw notFound('The import');
    if (row.error_count > 0) {
      throw conflict(
        `The file has ${countOf(row.error_count, 'problem')}: fix ${row.error_count === 1 ? 'it' : 'them'} and upload it again. Nothing was imported.`,
      );
    }
    if (row.status === 'applying') throw conflict('This import is already being applied.');
    if (row.status === 'done') throw conflict('This import was already applied.');
    await run(
      tx,
      `UPDATE catalog_imports SET status = 'applying', failure = NULL, applied_by = $2, applied_by_name = $3,
         applied_by_role = $4, updated_at = now() WHERE id = $1`,
      [id, actor.id, actor.name, actor.role],
    );
    await jobs.send(IMPORT_APPLY_QUEUE, { importId: id }, { tx });
    const [updated] = await run<ImportRow>(tx, `${SELECT_IMPORT} WHERE id = $1`, [id]);
    return toImport(updated!);
  });
  jobs.wake(IMPORT_APPLY_QUEUE);
  return result;
}

/** Lets the shop's requests run between batches. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The job: applies the file batch by batch. Each batch's writes, its rows' outcomes and the
 * progress commit together; a retried job starts after the last committed batch (and a batch
 * run again writes nothing: every row already matches). Safe to run twice at once: the progress
 * update checks the batch number, so the slower run rolls its batch back.
 */
export async function applyImport(
  db: Database,
  id: number,
  /** `batchRows`: smaller batches (tests); `pauseMs`: a rest between batches. */
  options: { pauseMs?: number; batchRows?: number } = {},
): Promise<void> {
  const [row] = await run<
    ImportRow & {
      file_text: string;
      applied_by: string | null;
      applied_by_name: string;
      applied_by_role: string;
    }
  >(
    db,
    `SELECT id, status, file_text, batches_done, applied_by, applied_by_name, applied_by_role, file_name, row_count
     FROM catalog_imports WHERE id = $1`,
    [id],
  );
  if (row?.status !== 'applying') return;
  const actor: AuditActor = { id: row.applied_by, name: row.applied_by_name, role: row.applied_by_role };
  try {
    const read = readImportFile(row.file_text);
    const batches = batchesOf(read.products, options.batchRows);
    for (let index = row.batches_done; index < batches.length; index += 1) {
      const batch = batches[index]!;
      await db.transaction(async (tx) => {
        const outcomes = await applyBatch(tx, batch);
        await run(
          tx,
          `UPDATE catalog_import_rows r
           SET outcome = x.outcome, message = x.message, changes = x.changes::jsonb, applied = true
           FROM unnest($2::int[], $3::text[], $4::text[], $5::text[]) AS x(line, outcome, message, changes)
           WHERE r.import_id = $1 AND r.line = x.line`,
          [
            id,
            outcomes.map((o) => o.line),
            outcomes.map((o) => o.outcome),
            outcomes.map((o) => o.message),
            outcomes.map((o) => JSON.stringify(o.changes)),
          ],
        );
        const moved = await run(
          tx,
          `UPDATE catalog_imports SET batches_done = $2 + 1, rows_done = rows_done + $3, updated_at = now()
           WHERE id = $1 AND batches_done = $2 AND status = 'applying' RETURNING id`,
          [id, index, outcomes.length],
        );
        if (moved.length === 0) throw new StaleImportRun();
      });
      await yieldToRequests();
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    await db.transaction(async (tx) => {
      const [totals] = await run<{ created: number; updated: number; unchanged: number; errors: number }>(
        tx,
        `SELECT count(*) FILTER (WHERE outcome = 'created')::int AS created,
                count(*) FILTER (WHERE outcome = 'updated')::int AS updated,
                count(*) FILTER (WHERE outcome = 'unchanged')::int AS unchanged,
                count(*) FILTER (WHERE outcome = 'error')::int AS errors
         FROM catalog_import_rows WHERE import_id = $1`,
        [id],
      );
      const report = { created: totals!.created, updated: totals!.updated, unchanged: totals!.unchanged };
      const done = await run(
        tx,
        `UPDATE catalog_imports SET status = 'done', report = $2::jsonb, rows_done = row_count,
           finished_at = now(), updated_at = now()
         WHERE id = $1 AND status = 'applying' RETURNING id`,
        [id, JSON.stringify(report)],
      );
      if (done.length === 0) return;
      await recordAudit(tx, actor, {
        kind: 'catalog_import.apply',
        subjectType: 'catalog_import',
        subjectId: id,
        summary: `Applied ${row.file_name || 'a CSV import'}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged`,
        after: { file_name: row.file_name, rows: row.row_count, ...report, errors: totals!.errors },
      });
    });
  } catch (error) {
    if (error instanceof StaleImportRun) return;
    // Kept for the page; applying again resumes after the last committed batch.
    await run(
      db,
      `UPDATE catalog_imports SET status = 'failed', failure = $2, updated_at = now() WHERE id = $1 AND status = 'applying'`,
      [id, error instanceof Error ? error.message : String(error)],
    );
    throw error;
  }
}

/** Another run of the same import committed this batch first. */
class StaleImportRun extends Error {}

/** One page of an import's rows in file order: each row's plan (or outcome) and its changes. */
export async function importRows(db: Database, id: number, query: PageQuery): Promise<CatalogImportRowList> {
  const [found] = await run<{ row_count: number }>(
    db,
    'SELECT (SELECT count(*)::int FROM catalog_import_rows WHERE import_id = $1) AS row_count FROM catalog_imports WHERE id = $1',
    [id],
  );
  if (!found) throw notFound('The import');
  const rows = await run<CatalogImportRow>(
    db,
    `SELECT line, product_slug, sku, outcome, changes, message, applied FROM catalog_import_rows
     WHERE import_id = $1 ORDER BY line LIMIT $2 OFFSET $3`,
    [id, query.page_size, (query.page - 1) * query.page_size],
  );
  return toPagedList(rows, found.row_count, query);
}

const REPORT_HEADER = 'line,product_slug,sku,outcome,message,applied';

/** Each row's outcome as CSV lines, read in pages (a 20,000-row report is not built in one string). */
export async function* importReport(db: Database, id: number): AsyncGenerator<string> {
  const [exists] = await run<{ id: number }>(db, 'SELECT id FROM catalog_imports WHERE id = $1', [id]);
  if (!exists) throw notFound('The import');
  yield `${REPORT_HEADER}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await run<{
      line: number;
      product_slug: string;
      sku: string;
      outcome: string;
      message: string;
      applied: boolean;
    }>(
      db,
      `SELECT line, product_slug, sku, outcome, message, applied FROM catalog_import_rows
       WHERE import_id = $1 AND line > $2 ORDER BY line LIMIT 2000`,
      [id, after],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => csvLine([r.line, r.product_slug, r.sku, r.outcome, r.message, r.applied])).join('');
    after = rows[rows.length - 1]!.line;
  }
}
