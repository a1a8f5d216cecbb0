import type { DeliveryListResponse } from '@shop/contract/delivery-tracking';
import { countOf } from '@shop/contract/plural';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { PageShell } from '../../../components/page-shell';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-state';
import { useSession } from '../../../lib/session/use-session';
import { ACTIVE_DELIVERIES_PAGE_SIZE, useActiveDeliveries } from '../api/get-active-deliveries';
import { useDeliverableOrders } from '../api/get-deliverable-orders';
import { useDeliveryStats } from '../api/get-delivery-stats';
import {
  RECENT_DELIVERIES_DAYS,
  RECENT_DELIVERIES_PAGE_SIZE,
  useRecentDeliveries,
} from '../api/get-recent-deliveries';
import { DeliveryCard } from '../components/delivery-card';
import { DeliveryStatsPanel } from '../components/delivery-stats-panel';
import { InstructionsForm } from '../components/instructions-form';
import { TrackOrder } from '../components/track-order';
import { useLiveDeliveryRefresh } from '../hooks/use-live-delivery-refresh';

const sectionTitle = 'font-serif text-2xl text-wine-900';

type DeliveryListProps = {
  list: UseQueryResult<DeliveryListResponse>;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  empty: string;
};

function DeliveryList({ list, page, onPage, pageSize, empty }: DeliveryListProps) {
  const { data, isPending, isError, refetch } = list;
  if (isPending || isError) {
    return (
      <QueryStatus
        pending={isPending}
        onRetry={refetch}
        what="Your deliveries"
        loading="Loading your deliveries…"
      />
    );
  }
  if (data.results.length === 0) return <p className="text-ink-soft">{empty}</p>;
  return (
    <div className="space-y-4">
      {data.results.map((delivery) => (
        <DeliveryCard key={delivery.id} delivery={delivery} />
      ))}
      <Pager
        page={page}
        totalPages={data.total_pages}
        hasNext={data.next !== null}
        onPage={onPage}
        detail={`${countOf(data.count, 'delivery', 'deliveries')}, ${pageSize} a page`}
      />
    </div>
  );
}

function ActiveDeliveries({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  return (
    <DeliveryList
      list={useActiveDeliveries(userId, page)}
      page={page}
      onPage={setPage}
      pageSize={ACTIVE_DELIVERIES_PAGE_SIZE}
      empty="No delivery on its way right now. Orders appear here once confirmed."
    />
  );
}

/** Delivered orders stay in view a while (with their timeline), so "Delivered 1" has its order. */
function RecentDeliveries({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  return (
    <DeliveryList
      list={useRecentDeliveries(userId, page)}
      page={page}
      onPage={setPage}
      pageSize={RECENT_DELIVERIES_PAGE_SIZE}
      empty={`Nothing delivered in the last ${RECENT_DELIVERIES_DAYS} days.`}
    />
  );
}

function Instructions({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useDeliverableOrders(userId);
  if (isPending || isError) {
    return <QueryStatus pending={isPending} onRetry={refetch} what="Your orders" loading="Loading…" />;
  }
  return (
    <InstructionsForm key={data.results.map((item) => item.order_id).join()} userId={userId} data={data} />
  );
}

function Tracking({ userId }: { userId: string }) {
  useLiveDeliveryRefresh(userId);
  const stats = useDeliveryStats(userId);
  return (
    <div className="space-y-12">
      <section aria-labelledby="delivery-stats-title" className="space-y-4">
        <h2 id="delivery-stats-title" className="sr-only">
          Your deliveries in numbers
        </h2>
        <DeliveryStatsPanel stats={stats.data} />
      </section>
      <section aria-labelledby="active-deliveries-title" className="space-y-4">
        <h2 id="active-deliveries-title" className={sectionTitle}>
          On their way
        </h2>
        <ActiveDeliveries userId={userId} />
      </section>
      <section aria-labelledby="recent-deliveries-title" className="space-y-4">
        <h2 id="recent-deliveries-title" className={sectionTitle}>
          Delivered recently
        </h2>
        <p className="text-sm text-ink-soft">
          Your orders delivered in the last {RECENT_DELIVERIES_DAYS} days.
        </p>
        <RecentDeliveries userId={userId} />
      </section>
      <section aria-labelledby="track-title" className="space-y-4">
        <h2 id="track-title" className={sectionTitle}>
          Find an order
        </h2>
        <TrackOrder userId={userId} />
      </section>
      <section aria-labelledby="instructions-title" className="space-y-4">
        <h2 id="instructions-title" className={sectionTitle}>
          Delivery instructions
        </h2>
        <p className="text-sm text-ink-soft">
          Tell the rider when and how you would like your bottles, until the order goes out for delivery.
        </p>
        <Instructions userId={userId} />
      </section>
    </div>
  );
}

/**
 * /delivery-tracking (docs/product.md sections 2 and 4): the customer's deliveries on their way with their
 * progress, estimated arrival, rider and timeline, then those delivered in the last 30 days; a search by order number; the statistics;
 * and the delivery instructions. Live: notifications about orders refresh it.
 */
export function DeliveryTrackingPage() {
  const { user } = useSession();
  return (
    <PageShell
      eyebrow="Deliveries"
      title="Delivery tracking"
      lead="Follow each order from confirmed to processing, ready, out for delivery and delivered, look one up by its order number, and tell the rider when and how you would like it left."
    >
      {user ? (
        <Tracking userId={user.id} />
      ) : (
        <p role="status" className="text-ink-soft">
          Loading…
        </p>
      )}
    </PageShell>
  );
}
