import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';
import type { DomainEventOutbox, DomainEvents } from '../../lib/domain-events';
import type { PayableRegistry } from './payable-registry';
import type { DeliveryRow } from './payments.repository';
import type { ProviderSet } from './providers/provider-set';

/** Everything the payment services need, built once by the payments plugin (`app.payments`). */
export type PaymentsContext = {
  db: Database;
  config: Config;
  events: DomainEvents;
  payables: PayableRegistry;
  providers: ProviderSet;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * Handles a webhook delivery about a refund (`refund.*` events), answering its outcome; set by
   * the refunds module (modules/refunds), which owns refunds.
   */
  onRefundDelivery?: (delivery: DeliveryRow) => Promise<string>;
  /** Queues a job; see payments.jobs.ts for the names. */
  enqueue: (
    name: string,
    data: Record<string, unknown>,
    options?: { singletonKey?: string },
  ) => Promise<void>;
};

/** A database transaction whose published events go out after commit (typed for this module). */
export function inTransaction<T>(
  context: Pick<PaymentsContext, 'db' | 'events'>,
  work: (tx: Tx, outbox: DomainEventOutbox) => Promise<T>,
): Promise<T> {
  return context.events.transaction<Tx, T>(context.db, work);
}
