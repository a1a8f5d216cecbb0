import { useState } from 'react';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-state';
import { RefundList } from '../../../components/refund-list';
import { useMyRefunds } from '../../../lib/refunds/my-refunds';

/** The customer's refunds on /payments: what, how much, why, its state and the credit note. */
export function MyRefunds() {
  const [page, setPage] = useState(1);
  const { data, isError, refetch } = useMyRefunds(page);
  if (isError) {
    return <QueryStatus pending={false} onRetry={refetch} what="Your refunds" loading="" />;
  }
  // Customers without refunds see nothing extra.
  if (!data || data.count === 0) return null;
  return (
    <section aria-labelledby="my-refunds-heading" className="mt-10 space-y-3">
      <h2 id="my-refunds-heading" className="text-2xl">
        Refunds
      </h2>
      <RefundList refunds={data.results} />
      {data.total_pages > 1 ? (
        <Pager page={page} totalPages={data.total_pages} hasNext={data.next !== null} onPage={setPage} />
      ) : null}
    </section>
  );
}
