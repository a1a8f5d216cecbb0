import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { FormMessage } from './form-field';

type Wording = {
  /** What is loaded, as it starts a sentence: "The outbox" → "The outbox could not be loaded." */
  what: string;
  /** Said while it loads ("Loading the outbox…"). */
  loading: string;
};

/**
 * A back-office list or record that has not arrived: loading, or could not be loaded with a way to
 * ask again (issue 36's kit): one wording and one look for every screen. A screen shows it while
 * its query is pending or failed, its content otherwise (or QueryState does both).
 */
export function QueryStatus({
  pending,
  onRetry,
  what,
  loading,
}: Wording & { pending: boolean; onRetry: () => unknown }) {
  if (pending) {
    return (
      <p role="status" className="text-ink-soft">
        {loading}
      </p>
    );
  }
  return (
    <FormMessage kind="error">
      {`${what} could not be loaded.`}{' '}
      <button type="button" className={buttonClass('link')} onClick={() => void onRetry()}>
        Try again
      </button>
    </FormMessage>
  );
}

/** What QueryState reads of a query (TanStack Query's result has all of it). */
type QueryLike<T> = { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };

/**
 * A query's whole life on a screen: QueryStatus while it loads or failed, `empty` when the answer
 * holds nothing, and otherwise `children` with the answer.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
  ...wording
}: Wording & {
  query: QueryLike<T>;
  /** When the answer counts as empty (a page with no rows, say). */
  isEmpty?: (data: T) => boolean;
  /** Said when it is empty. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  if (query.isPending || query.isError || data === undefined) {
    return <QueryStatus pending={query.isPending} onRetry={query.refetch} {...wording} />;
  }
  if (isEmpty?.(data)) return <p className="text-ink-soft">{empty}</p>;
  return <>{children(data)}</>;
}
