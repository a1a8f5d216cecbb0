import { CATALOG_IMPORT_MAX_BYTES, type CatalogImport } from '@shop/contract/categories-admin';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type DragEvent, useId, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import {
  FormMessage,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '../../../components/form-field';
import { PageShell } from '../../../components/page-shell';
import { QueryStatus } from '../../../components/query-state';
import { StaffOnly } from '../../../components/staff-only';
import { isApiError } from '../../../lib/api-client';
import { applyImport } from '../api/apply-import';
import { catalogImportKey, useCatalogImport } from '../api/catalog-import';
import { exportCatalogUrl } from '../api/export-catalog';
import { useExportCategories } from '../api/export-categories';
import { importReportUrl } from '../api/import-report';
import { uploadImport } from '../api/upload-import';
import { ImportRows } from '../components/import-rows';
import type { CatalogImportSearch } from '../lib/import-search';

const MAX_MB = CATALOG_IMPORT_MAX_BYTES / 1024 / 1024;

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) ? (error.envelope?.message ?? error.userMessage) : fallback;

function Upload({ onUploaded }: { onUploaded: (preview: CatalogImport) => void }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File | undefined) {
    if (!file || uploading) return;
    if (file.size > CATALOG_IMPORT_MAX_BYTES) {
      setError(`${file.name} is larger than ${MAX_MB} MB.`);
      return;
    }
    setError(null);
    setUploading(file.name);
    try {
      onUploaded(await uploadImport(file));
    } catch (failure) {
      setError(messageOf(failure, 'The file could not be uploaded.'));
    } finally {
      setUploading(null);
    }
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer?.files[0]);
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3">
      <h2 id={`${inputId}-heading`} className="text-xl">
        Import products
      </h2>
      <p className="text-sm text-ink-soft">
        A CSV file in the import format (one row per size; the export below gives one to start from), at most{' '}
        {MAX_MB} MB. You see what would change and every row’s problems before anything is written.
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a shortcut; the file picker inside is the keyboard's way */}
      <div
        data-testid="csv-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-2xl border-2 border-dashed p-6 text-center ${dragging ? 'border-wine-700 bg-cream-100' : 'border-cream-300'}`}
      >
        <p className="mb-3 text-sm">Drop a CSV file here, or</p>
        <label htmlFor={inputId} className={secondaryButtonClass}>
          Choose a CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          onChange={(event) => {
            void send(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        {uploading ? (
          <p role="status" className="mt-3 text-sm text-ink-soft">
            Checking {uploading}…
          </p>
        ) : null}
      </div>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
    </section>
  );
}

function Progress({ value }: { value: CatalogImport }) {
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value.progress.percent}
        className="h-3 w-full overflow-hidden rounded-full bg-cream-200"
      >
        <div className="h-full bg-wine-700" style={{ width: `${value.progress.percent}%` }} />
      </div>
      <p className="text-sm text-ink-soft">
        {value.progress.rows_done.toLocaleString('en-UG')} of{' '}
        {value.progress.rows_total.toLocaleString('en-UG')} rows ({value.progress.percent}%)
      </p>
    </div>
  );
}

function ImportView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useCatalogImport(id);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (isPending || isError) {
    return (
      <QueryStatus pending={isPending} onRetry={refetch} what="The import" loading="Loading the import…" />
    );
  }

  async function apply() {
    if (applying) return;
    setApplying(true);
    setError(null);
    try {
      queryClient.setQueryData(catalogImportKey(id), await applyImport(id));
    } catch (failure) {
      setError(messageOf(failure, 'The import could not be started.'));
    } finally {
      setApplying(false);
    }
  }

  const { counts } = data;
  const canApply = data.error_count === 0 && (data.status === 'previewed' || data.status === 'failed');
  return (
    <section
      aria-label="Import preview"
      className="space-y-4 rounded-2xl border border-cream-300 bg-white p-5"
    >
      <h2 className="text-xl">
        {data.file_name || 'Uploaded file'}: {data.row_count.toLocaleString('en-UG')} rows
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ['New', counts.new],
            ['Updated', counts.updated],
            ['Unchanged', counts.unchanged],
            ['Errors', counts.errors],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl bg-cream-100 p-3">
            <dt className="text-sm text-ink-soft">{label}</dt>
            <dd className="text-2xl font-semibold">{value.toLocaleString('en-UG')}</dd>
          </div>
        ))}
      </dl>

      {data.errors.length > 0 ? (
        <div className="space-y-2">
          <FormMessage kind="error">
            Fix the rows below and upload the file again: nothing is imported while the file has problems.
          </FormMessage>
          <DataTable
            caption="Row errors"
            columns={[
              { header: 'Line', cell: (row) => row.line },
              { header: 'Column', cell: (row) => row.column ?? '' },
              { header: 'Problem', cell: (row) => row.message },
            ]}
            rows={data.errors}
            rowKey={(row) => `${row.line}-${row.column}-${row.message}`}
          />
          {data.error_count > data.errors.length ? (
            <p className="text-sm text-ink-soft">
              The first {data.errors.length} of {data.error_count} problems; the report lists them all.
            </p>
          ) : null}
        </div>
      ) : null}

      <ImportRows id={id} status={data.status} />

      {data.status === 'applying' || data.status === 'done' ? <Progress value={data} /> : null}
      {data.status === 'applying' ? (
        <p role="status" className="text-sm">
          Importing in the background: you may leave this page and come back.
        </p>
      ) : null}
      {data.status === 'done' && data.result ? (
        <FormMessage kind="success">
          Imported: {data.result.created} created, {data.result.updated} updated, {data.result.unchanged}{' '}
          unchanged.
        </FormMessage>
      ) : null}
      {data.status === 'failed' ? (
        <FormMessage kind="error">
          The import stopped: {data.failure ?? 'an error'}. Apply it again to go on from where it stopped.
        </FormMessage>
      ) : null}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}

      <div className="flex flex-wrap items-center gap-3">
        {canApply ? (
          <button
            type="button"
            className={primaryButtonClass}
            disabled={applying}
            onClick={() => void apply()}
          >
            {applying ? 'Starting…' : data.status === 'failed' ? 'Apply again' : 'Apply'}
          </button>
        ) : null}
        <a className="font-semibold text-wine-800 underline" href={importReportUrl(id)} download>
          Download the report
        </a>
      </div>
    </section>
  );
}

function Export() {
  const id = useId();
  const { data } = useExportCategories(true);
  const [category, setCategory] = useState('');
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl">
        Export the catalog
      </h2>
      <p className="text-sm text-ink-soft">
        The same format: edit the file and import it back. An unedited file changes nothing.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
            Category
          </label>
          <select
            id={id}
            value={category}
            onChange={(event) => setCategory(event.currentTarget.value)}
            className={inputClass}
          >
            <option value="">All categories</option>
            {data?.results.map((item) => (
              <option key={item.id} value={item.slug}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <a className={secondaryButtonClass} href={exportCatalogUrl({ category })} download>
          Export CSV
        </a>
      </div>
    </section>
  );
}

function ImportDesk() {
  const search = useSearch({ strict: false }) as CatalogImportSearch;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = search.import;
  return (
    <div className="space-y-8">
      <Upload
        onUploaded={(preview) => {
          queryClient.setQueryData(catalogImportKey(preview.id), preview);
          void navigate({ to: '/admin/catalog-import', search: { import: preview.id } });
        }}
      />
      {current !== undefined ? <ImportView key={current} id={current} /> : null}
      <Export />
    </div>
  );
}

/**
 * /admin/catalog-import, the catalog in and out as CSV (staff and admins; the API refuses anyone
 * else too): upload → preview with row errors → apply in the background with a progress bar →
 * report; and the export in the same format.
 */
export function AdminCatalogImportPage() {
  return (
    <PageShell eyebrow="Back office" title="Import / export">
      <StaffOnly>
        <ImportDesk />
      </StaffOnly>
    </PageShell>
  );
}
