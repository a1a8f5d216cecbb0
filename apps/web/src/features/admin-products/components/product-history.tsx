import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useProductHistory } from '../api/get-product-history';

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields an entry changed, each as "field: before → after". */
function changes(before: unknown, after: unknown): string[] {
  const was = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const now = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((key) => key !== 'id');
  return keys.map((key) => `${key.replaceAll('_', ' ')}: ${show(was[key])} → ${show(now[key])}`);
}

/** A product's history from the audit trail, newest first: who, when, what, before → after. */
export function ProductHistory({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useProductHistory(productId, page);
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="font-serif text-2xl text-wine-900">
        History
      </h2>
      <QueryState
        query={{ isPending, isError, data, refetch }}
        what="The history"
        loading="Loading history…"
        isEmpty={(page) => page.results.length === 0}
        empty="No changes recorded yet."
      >
        {(data) => (
          <ol className="space-y-3" aria-label="Changes, newest first">
            {data.results.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-cream-200 bg-white p-3 text-sm">
                <p>
                  <span className="font-semibold">{entry.actor.name}</span>{' '}
                  <time dateTime={entry.occurred_at} className="text-ink-soft">
                    {formatKampalaDateTime(entry.occurred_at)}
                  </time>
                </p>
                <p>{entry.summary}</p>
                {entry.kind.endsWith('.update') ? (
                  <ul className="mt-1 list-disc pl-5 text-ink-soft">
                    {changes(entry.before, entry.after).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      {data && data.total_pages > 1 ? (
        <nav aria-label="History pages" className="flex gap-3 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="underline disabled:opacity-40"
          >
            Newer
          </button>
          <button
            type="button"
            disabled={data.next === null}
            onClick={() => setPage(page + 1)}
            className="underline disabled:opacity-40"
          >
            Older
          </button>
        </nav>
      ) : null}
    </section>
  );
}
