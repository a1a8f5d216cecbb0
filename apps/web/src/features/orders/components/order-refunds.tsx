import { formatUGX } from '@shop/contract/money';
import { QueryStatus } from '../../../components/query-state';
import { RefundList } from '../../../components/refund-list';
import { useMyRefunds } from '../../../lib/refunds/my-refunds';

/**
 * The order's refunds on its own page, with their credit notes: a customer refunded for a bottle
 * sees it where they look for the order, not only under Payments. Nothing shows without one.
 */
export function OrderRefunds({ orderId }: { orderId: string }) {
  const { data, isError, refetch } = useMyRefunds(1, orderId);
  if (isError) {
    return <QueryStatus pending={false} onRetry={refetch} what="This order’s refunds" loading="" />;
  }
  if (!data || data.count === 0) return null;
  const refunded = data.results
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amount, 0);
  return (
    <section aria-labelledby="order-refunds-heading" className="space-y-3">
      <h2 id="order-refunds-heading" className="text-xl">
        Refunds
      </h2>
      {refunded > 0 ? (
        <p className="text-sm text-ink">{formatUGX(refunded)} refunded to you so far.</p>
      ) : null}
      <RefundList refunds={data.results} />
    </section>
  );
}
