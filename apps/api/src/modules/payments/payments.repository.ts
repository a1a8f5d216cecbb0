import type { PaymentPurpose, TransactionStatus } from '@shop/contract/payments';
import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { executeNamed } from '../../db/named-statement';
import { batchedPages, perDatabase } from '../../db/read-batcher';
import { users } from '../../db/schema/identity';
import { paymentTransactions, paymentWebhookDeliveries, sandboxCharges } from '../../db/schema/payments';
import type { Tx } from '../../db/transaction';

export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransaction = typeof paymentTransactions.$inferInsert;
export type DeliveryRow = typeof paymentWebhookDeliveries.$inferSelect;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;

type Executor = Database | Tx;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------

export async function insertTransaction(db: Executor, values: NewTransaction): Promise<TransactionRow> {
  const [row] = await db.insert(paymentTransactions).values(values).returning();
  if (!row) throw new Error('insert into payment_transactions answered no row');
  return row;
}

/** The row, locked until the end of the database transaction: the settlement's serialisation point. */
export async function lockTransaction(tx: Tx, id: string): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id))
    .for('update');
  return row;
}

export async function findTransaction(db: Executor, id: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id)).limit(1);
  return row;
}

/** A customer's own transaction by id or by reference; another customer's is simply not found. */
export async function findOwnTransaction(
  db: Executor,
  userId: string,
  idOrReference: string,
): Promise<TransactionRow | undefined> {
  const match = UUID_PATTERN.test(idOrReference)
    ? eq(paymentTransactions.id, idOrReference)
    : eq(paymentTransactions.reference, idOrReference);
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(match, eq(paymentTransactions.userId, userId)))
    .limit(1);
  return row;
}

export async function findTransactionByReference(
  db: Executor,
  reference: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, reference))
    .limit(1);
  return row;
}

export async function findTransactionByProviderId(
  db: Executor,
  provider: TransactionRow['provider'],
  providerTransactionId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, provider),
        eq(paymentTransactions.providerTransactionId, providerTransactionId),
      ),
    )
    .limit(1);
  return row;
}

export async function updateTransaction(
  db: Executor,
  id: string,
  changes: Partial<NewTransaction>,
): Promise<TransactionRow> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paymentTransactions.id, id))
    .returning();
  if (!row) throw new Error(`payment transaction ${id} vanished`);
  return row;
}

/** The subject's transactions still pending, oldest first. */
export async function pendingTransactionsOf(
  db: Executor,
  purpose: PaymentPurpose,
  subjectId: string,
  options: { lock?: boolean } = {},
): Promise<TransactionRow[]> {
  const query = db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.purpose, purpose),
        eq(paymentTransactions.subjectId, subjectId),
        eq(paymentTransactions.status, 'pending'),
      ),
    )
    .orderBy(paymentTransactions.createdAt);
  return options.lock ? query.for('update') : query;
}

/**
 * Serialises attempts to start a payment for one subject (two clicks, two tabs) without a row
 * to lock: a transaction-scoped advisory lock on the subject's key.
 */
export async function lockSubject(tx: Tx, purpose: PaymentPurpose, subjectId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`payment:${purpose}:${subjectId}`}, 0))`,
  );
}

/** The columns a customer's list shows (`toTransaction`), without the provider's stored answers. */
export type TransactionListRow = Pick<
  TransactionRow,
  | 'id'
  | 'reference'
  | 'purpose'
  | 'subjectId'
  | 'subjectLabel'
  | 'provider'
  | 'network'
  | 'phoneMasked'
  | 'amount'
  | 'status'
  | 'failureReason'
  | 'nextAction'
  | 'paidAt'
  | 'createdAt'
  | 'updatedAt'
>;

type TransactionPageRow = {
  list_count: number;
  id: string | null;
  reference: string;
  purpose: TransactionRow['purpose'];
  subject_id: string;
  subject_label: string;
  provider: TransactionRow['provider'];
  network: TransactionRow['network'];
  phone_masked: string;
  amount: number;
  status: TransactionRow['status'];
  failure_reason: string | null;
  next_action: TransactionRow['nextAction'];
  paid_at: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * A page of the customer's payments, newest first, with their count: one named statement (the
 * count joined to the page), so one round trip and no planning per call.
 */
export async function listUserTransactions(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionListRow[]; total: number }> {
  // Asked together with the other customers' at the same moment (db/read-batcher.ts).
  if ('$client' in db) return ownTransactions(db).load({ userId, ...page });
  const rows = await executeNamed<TransactionPageRow>(
    db,
    'payments_user_page',
    sql`
      SELECT c.list_count, p.*
      FROM (SELECT count(*)::int AS list_count FROM payment_transactions WHERE user_id = ${userId}) c
      LEFT JOIN LATERAL (
        SELECT id, reference, purpose, subject_id, subject_label, provider, network, phone_masked, amount, status,
               failure_reason, next_action, paid_at, created_at, updated_at
        FROM payment_transactions
        WHERE user_id = ${userId}
        ORDER BY created_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) p ON true`,
  );
  return toTransactionPage(rows);
}

function toTransactionPage(rows: TransactionPageRow[]): { rows: TransactionListRow[]; total: number } {
  return {
    total: rows[0]?.list_count ?? 0,
    rows: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: row.id,
              reference: row.reference,
              purpose: row.purpose,
              subjectId: row.subject_id,
              subjectLabel: row.subject_label,
              provider: row.provider,
              network: row.network,
              phoneMasked: row.phone_masked,
              amount: row.amount,
              status: row.status,
              failureReason: row.failure_reason,
              nextAction: row.next_action,
              paidAt: row.paid_at === null ? null : new Date(row.paid_at),
              createdAt: new Date(row.created_at),
              updatedAt: new Date(row.updated_at),
            },
          ],
    ),
  };
}

/** `listUserTransactions`' statement for several customers at once, each row tagged with its caller. */
const ownTransactions = perDatabase((db: Database) =>
  batchedPages<
    { userId: string; limit: number; offset: number },
    TransactionPageRow,
    { rows: TransactionListRow[]; total: number }
  >(
    db,
    'payments_user_pages',
    `SELECT u.ord::int AS batch_position, c.list_count, p.*
     FROM unnest($1::uuid[], $2::bigint[], $3::bigint[]) WITH ORDINALITY AS u(user_id, lim, off, ord)
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS list_count FROM payment_transactions t WHERE t.user_id = u.user_id
     ) c
     LEFT JOIN LATERAL (
       SELECT id, reference, purpose, subject_id, subject_label, provider, network, phone_masked, amount, status,
              failure_reason, next_action, paid_at, created_at, updated_at
       FROM payment_transactions t
       WHERE t.user_id = u.user_id
       ORDER BY t.created_at DESC, t.id DESC
       LIMIT u.lim OFFSET u.off
     ) p ON true
     ORDER BY u.ord, p.created_at DESC, p.id DESC`,
    (inputs) => [
      inputs.map((input) => input.userId),
      inputs.map((input) => input.limit),
      inputs.map((input) => input.offset),
    ],
    toTransactionPage,
  ),
);

export async function listSubjectTransactions(
  db: Executor,
  filter: { userId: string; purpose: PaymentPurpose; subjectId: string; status: TransactionStatus | 'any' },
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const where = and(
    eq(paymentTransactions.purpose, filter.purpose),
    eq(paymentTransactions.subjectId, filter.subjectId),
    filter.status === 'any' ? undefined : eq(paymentTransactions.status, filter.status),
    eq(paymentTransactions.userId, filter.userId),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(paymentTransactions)
      .where(where)
      .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(paymentTransactions).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Claims up to `limit` pending transactions whose check is due, pushing their next check past a
 * lease so that another instance's poll skips them while this one asks the provider.
 */
export async function claimDueChecks(
  db: Database,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<TransactionRow[]> {
  const due = db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.status, 'pending'), lte(paymentTransactions.nextCheckAt, now)))
    .orderBy(paymentTransactions.nextCheckAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(paymentTransactions)
    .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(paymentTransactions.id, due))
    .returning();
}

// ---------------------------------------------------------------------------------------------
// Webhook deliveries
// ---------------------------------------------------------------------------------------------

/** Records a delivery once; answers null when the same event was already received. */
export async function recordDelivery(
  db: Executor,
  values: typeof paymentWebhookDeliveries.$inferInsert,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .insert(paymentWebhookDeliveries)
    .values(values)
    .onConflictDoNothing({
      target: [paymentWebhookDeliveries.provider, paymentWebhookDeliveries.deliveryKey],
    })
    .returning();
  return row ?? null;
}

export async function findDelivery(db: Executor, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentWebhookDeliveries)
    .where(eq(paymentWebhookDeliveries.id, id))
    .limit(1);
  return row;
}

export async function finishDelivery(db: Executor, id: number, outcome: string): Promise<void> {
  await db
    .update(paymentWebhookDeliveries)
    .set({ processedAt: new Date(), outcome })
    .where(eq(paymentWebhookDeliveries.id, id));
}

export async function countDeliveryAttempt(db: Executor, id: number): Promise<void> {
  await db
    .update(paymentWebhookDeliveries)
    .set({ attempts: sql`${paymentWebhookDeliveries.attempts} + 1` })
    .where(eq(paymentWebhookDeliveries.id, id));
}

/** Deliveries received but not yet processed (a job that never ran, an instance that died). */
export async function unprocessedDeliveries(
  db: Executor,
  olderThan: Date,
  limit: number,
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(paymentWebhookDeliveries)
    .where(
      and(isNull(paymentWebhookDeliveries.processedAt), lte(paymentWebhookDeliveries.receivedAt, olderThan)),
    )
    .orderBy(paymentWebhookDeliveries.receivedAt)
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// The sandbox provider's books
// ---------------------------------------------------------------------------------------------

export async function findSandboxCharge(
  db: Executor,
  reference: string,
): Promise<SandboxChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, reference))
    .limit(1);
  return row;
}

/** Answers the charge once the customer has answered the prompt; only a pending charge changes. */
export async function completeSandboxCharge(
  db: Executor,
  reference: string,
  status: 'successful' | 'failed',
  processorResponse: string,
): Promise<SandboxChargeRow | undefined> {
  const [row] = await db
    .update(sandboxCharges)
    .set({ status, processorResponse, completedAt: new Date() })
    .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.status, 'pending')))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Receipts
// ---------------------------------------------------------------------------------------------

/** Claims the receipt of a successful transaction; null when it was already sent (or claimed). */
export async function claimReceipt(db: Executor, id: string): Promise<TransactionRow | null> {
  const [row] = await db
    .update(paymentTransactions)
    .set({ receiptSentAt: new Date() })
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.status, 'successful'),
        isNull(paymentTransactions.receiptSentAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives the claim back after a failed send, so that the retry sends it. */
export async function releaseReceipt(db: Executor, id: string): Promise<void> {
  await db.update(paymentTransactions).set({ receiptSentAt: null }).where(eq(paymentTransactions.id, id));
}

export async function userContact(
  db: Executor,
  userId: string,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
