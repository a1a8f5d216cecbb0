import type { PaymentsContext } from './payments.context';
import { claimDueChecks, unprocessedDeliveries } from './payments.repository';
import { checkWithProvider } from './payments.service';
import { ProviderUnavailableError } from './providers/provider';
import { processDelivery } from './webhooks.service';

/**
 * The background poll (a job every minute, once across all instances): asks the provider about
 * each pending transaction whose check is due, so that a payment is settled even when no webhook
 * arrives and the customer has closed the page; then processes webhook deliveries that no job
 * finished (an instance stopped in between).
 */

/** A claimed check is not claimed again for this long (the provider may be slow). */
const CLAIM_LEASE_MS = 2 * 60_000;
const BATCH = 50;
const STALE_DELIVERY_MS = 2 * 60_000;
const MAX_RUN_MS = 45_000;

export type PollReport = { checked: number; settled: number; deliveries: number };

export async function pollPendingPayments(
  context: PaymentsContext,
  now: Date = new Date(),
): Promise<PollReport> {
  const report: PollReport = { checked: 0, settled: 0, deliveries: 0 };
  const started = Date.now();
  // Batch after batch while full, within the minute before the next run.
  for (;;) {
    const due = await claimDueChecks(context.db, now, CLAIM_LEASE_MS, BATCH);
    for (const row of due) {
      try {
        const after = await checkWithProvider(context, row, now);
        report.checked += 1;
        if (after.status !== 'pending') report.settled += 1;
      } catch (error) {
        context.log.error({ err: error, transaction: row.id }, 'checking a pending payment failed');
      }
    }
    if (due.length < BATCH || Date.now() - started > MAX_RUN_MS) break;
  }
  const stale = await unprocessedDeliveries(context.db, new Date(now.getTime() - STALE_DELIVERY_MS), BATCH);
  for (const delivery of stale) {
    try {
      await processDelivery(context, delivery.id);
      report.deliveries += 1;
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) {
        context.log.error({ err: error, delivery: delivery.id }, 'processing a webhook delivery failed');
      }
    }
  }
  return report;
}
