import {
  ERASED_EMAIL_DOMAIN,
  ERASED_NAME,
  ERASED_RECIPIENT,
  ERASURE_WAITS_FOR_ORDER_STATES,
  type ErasureReviewChoice,
} from '@shop/contract/erasure';
import { and, desc, eq, sql } from 'drizzle-orm';
import { erasureRequests } from '../../db/schema/erasure';
import type { Executor } from '../../db/transaction';

/** Erasure requests and the erasure itself (table erasure_requests, migration 0040). */

export type ErasureRequestRow = typeof erasureRequests.$inferSelect;

/** The e-mail an erased account carries: unique (the column is), and says nothing of the person. */
export const erasedEmailOf = (userId: string) => `erased-${userId}@${ERASED_EMAIL_DOMAIN}`;

export async function insertPendingRequest(
  db: Executor,
  values: {
    userId: string;
    reviews: ErasureReviewChoice;
    channel: 'customer' | 'staff';
    requestedBy: string | null;
    staffReason: string | null;
    createdAt: Date;
    dueAt: Date;
  },
): Promise<ErasureRequestRow | undefined> {
  const [row] = await db
    .insert(erasureRequests)
    .values(values)
    .onConflictDoNothing({ target: erasureRequests.userId, where: sql`state = 'pending'` })
    .returning();
  return row;
}

/** The pending request, else the latest one (erasure_requests_user_created_idx). */
export async function currentRequestOf(db: Executor, userId: string): Promise<ErasureRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.userId, userId))
    .orderBy(sql`${erasureRequests.state} = 'pending' desc`, desc(erasureRequests.createdAt))
    .limit(1);
  return row;
}

export async function cancelPendingRequest(
  db: Executor,
  userId: string,
  now: Date,
): Promise<ErasureRequestRow | undefined> {
  const [row] = await db
    .update(erasureRequests)
    .set({ state: 'cancelled', cancelledAt: now })
    .where(and(eq(erasureRequests.userId, userId), eq(erasureRequests.state, 'pending')))
    .returning();
  return row;
}

/** The next due request, locked so that one instance erases it (erasure_requests_due_idx). */
const inFlight = sql`o.status IN (${sql.join(
  ERASURE_WAITS_FOR_ORDER_STATES.map((status) => sql`${status}`),
  sql`, `,
)})`;

/** The customer's oldest order not yet over, which their erasure waits for (its number). */
export async function orderInFlightOf(db: Executor, userId: string): Promise<string | null> {
  const result = await db.execute<{ order_number: string }>(
    sql`SELECT o.order_number FROM orders o WHERE o.user_id = ${userId} AND ${inFlight}
        ORDER BY o.created_at LIMIT 1`,
  );
  return result.rows[0]?.order_number ?? null;
}

/** A due request whose customer has no order in flight (decision 0040), locked. */
export async function claimDueRequest(db: Executor, now: Date): Promise<ErasureRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(
      and(
        eq(erasureRequests.state, 'pending'),
        sql`${erasureRequests.dueAt} <= ${now.toISOString()}`,
        sql`NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = ${erasureRequests.userId} AND ${inFlight})`,
      ),
    )
    .orderBy(erasureRequests.dueAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function markErased(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(erasureRequests).set({ state: 'erased', erasedAt: now }).where(eq(erasureRequests.id, id));
}

type AccountRow = { name: string; email: string; phone: string | null; role: string; is_anonymous: boolean };

/** The account, locked against a concurrent request or erasure. */
export async function accountOf(db: Executor, userId: string): Promise<AccountRow | undefined> {
  const result = await db.execute<AccountRow>(
    sql`SELECT name, email, phone, role, is_anonymous FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  return result.rows[0];
}

export async function hasPassword(db: Executor, userId: string): Promise<string | null> {
  const result = await db.execute<{ password: string }>(sql`
    SELECT password FROM accounts
    WHERE user_id = ${userId} AND provider_id = 'credential' AND password IS NOT NULL LIMIT 1`);
  return result.rows[0]?.password ?? null;
}

/**
 * Removes or anonymises the customer's personal data in every table that holds it, in one
 * transaction (decision 0025 lists what each statement keeps and why). Tax records (orders,
 * invoices, credit notes, payments) stay, stripped to what an invoice must show; the account row
 * stays as the placeholder they point at, with no way to sign in.
 */
export async function eraseAccount(
  tx: Executor,
  userId: string,
  account: { name: string; email: string; phone: string | null },
  reviews: ErasureReviewChoice,
  now: Date,
): Promise<void> {
  const email = account.email.toLowerCase();
  const phone = account.phone;
  const at = now.toISOString();
  const statements = [
    // Signing in: sessions (every instance drops them through the identity_changed trigger),
    // passwords and Google/OIDC links, reset tokens, known devices.
    sql`DELETE FROM sessions WHERE user_id = ${userId}`,
    sql`DELETE FROM accounts WHERE user_id = ${userId}`,
    sql`DELETE FROM verifications WHERE value = ${userId}`,
    sql`DELETE FROM known_devices WHERE user_id = ${userId}`,
    // What the customer keeps with the shop.
    sql`DELETE FROM carts WHERE user_id = ${userId}`,
    sql`DELETE FROM wishlist_items WHERE user_id = ${userId}`,
    sql`DELETE FROM wishlist_alerts WHERE user_id = ${userId}`,
    sql`DELETE FROM review_helpful_votes WHERE user_id = ${userId}`,
    sql`DELETE FROM review_reports WHERE user_id = ${userId}`,
    ...(reviews === 'remove' ? [sql`DELETE FROM product_reviews WHERE user_id = ${userId}`] : []),
    sql`DELETE FROM notifications WHERE user_id = ${userId}`,
    sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`,
    sql`DELETE FROM data_exports WHERE user_id = ${userId}`,
    sql`DELETE FROM delivery_instruction_defaults WHERE user_id = ${userId}`,
    sql`DELETE FROM sms_preferences WHERE user_id = ${userId}`,
    sql`DELETE FROM sms_phone_codes WHERE user_id = ${userId}`,
    sql`DELETE FROM newsletter_subscribers WHERE lower(email) = ${email}`,
    // Messages: the record that one was sent stays (costs, delivery reports); to whom and what goes.
    sql`UPDATE sms_messages SET phone = '', body = '', last_error = NULL, updated_at = now()
        WHERE user_id = ${userId} OR (${phone}::text IS NOT NULL AND phone = ${phone})`,
    sql`UPDATE dev_mailbox SET "to" = '', subject = '', text = '', html = '' WHERE lower("to") = ${email}`,
    // Consents: the proof of what was agreed, when and how stays; who agreed goes.
    sql`UPDATE consent_records SET user_id = NULL, email = NULL
        WHERE user_id = ${userId} OR lower(email) = ${email}`,
    // Events: the RSVP (a ticket may have been paid for) stays without guests' names and notes.
    sql`UPDATE rsvps SET guest_names = '{}', dietary_needs = NULL, note = NULL WHERE user_id = ${userId}`,
    // Staff's alerts about the customer's orders (notifications, e-mails) keep the order, not who.
    sql`UPDATE notifications n
        SET title = replace(replace(n.title, o.contact_name, ${ERASED_NAME}), o.contact_phone, ''),
            message = replace(replace(n.message, o.contact_name, ${ERASED_NAME}), o.contact_phone, '')
        FROM orders o
        WHERE o.user_id = ${userId} AND n.related_id = o.id::text AND o.contact_name <> ''`,
    sql`UPDATE dev_mailbox m
        SET subject = replace(replace(m.subject, o.contact_name, ${ERASED_NAME}), o.contact_phone, ''),
            text = replace(replace(m.text, o.contact_name, ${ERASED_NAME}), o.contact_phone, ''),
            html = replace(replace(m.html, o.contact_name, ${ERASED_NAME}), o.contact_phone, '')
        FROM orders o
        WHERE o.user_id = ${userId} AND o.contact_name <> '' AND strpos(m.text, o.order_number) > 0`,
    // Orders: kept for tax (decision 0025): amounts, lines, dates, and a business buyer's name and
    // TIN (a tax invoice to a registered business must show them). Contact and delivery details go.
    sql`UPDATE orders SET contact_name = ${ERASED_NAME}, contact_phone = '', payment_phone = NULL,
          street = NULL, delivery_instructions = NULL, customer_note = NULL, updated_at = now()
        WHERE user_id = ${userId}`,
    sql`UPDATE order_status_changes SET note = NULL
        WHERE note IS NOT NULL AND order_id IN (SELECT id FROM orders WHERE user_id = ${userId})`,
    sql`UPDATE delivery_events SET note = NULL
        WHERE note IS NOT NULL AND delivery_id IN (SELECT id FROM deliveries WHERE user_id = ${userId})`,
    // The rider's photo at their door and its position are theirs alone: nothing of them is kept.
    sql`DELETE FROM delivery_proofs WHERE delivery_id IN (SELECT id FROM deliveries WHERE user_id = ${userId})`,
    // What a rider wrote about a refused door, and the stop (name, phone, address) a rider's
    // action answered and keeps for a replay.
    sql`UPDATE deliveries SET refusal_reason = NULL WHERE user_id = ${userId} AND refusal_reason IS NOT NULL`,
    sql`UPDATE rider_actions SET result = jsonb_build_object('status', result->'status', 'body', '{"erased":true}'::jsonb)
        WHERE order_id IN (SELECT id FROM orders WHERE user_id = ${userId})`,
    // Gifts they sent (decision 0039): the recipient's name, phone, the message, the recipient's
    // note and the link go with the buyer (given by the buyer for one delivery, and they would
    // say who sent what to whom); the row stays, so the kept order still reads as a gift and its day.
    sql`UPDATE gift_recipients SET recipient_name = ${ERASED_RECIPIENT}, recipient_phone = '', message = NULL,
          recipient_instructions = NULL, link_hash = NULL, updated_at = now()
        WHERE order_id IN (SELECT id FROM orders WHERE user_id = ${userId})`,
    sql`UPDATE sms_messages SET phone = '', body = '', last_error = NULL, updated_at = now()
        WHERE idempotency_key IN (
          SELECT kind || ':' || o.id::text FROM orders o
          CROSS JOIN (VALUES ('gift_coming'), ('gift_out_for_delivery')) AS gift(kind)
          WHERE o.user_id = ${userId})`,
    // Company accounts (decision 0039): they no longer order for any; the company (a business:
    // its name, TIN and address, on its tax invoices) stays, without them as its billing contact.
    sql`UPDATE companies SET billing_contact_name = '', billing_contact_phone = '', billing_email = '',
          updated_at = now()
        WHERE lower(billing_email) = ${email}
          OR (${phone}::text IS NOT NULL AND billing_contact_phone = ${phone})
          OR (billing_contact_name = ${account.name}
              AND (requested_by = ${userId} OR id IN (SELECT company_id FROM company_buyers WHERE user_id = ${userId})))`,
    sql`DELETE FROM company_buyers WHERE user_id = ${userId}`,
    // Payments: the amount, reference, method and dates stay; the paying phone and the provider's
    // copy of the customer's details go (on the provider's side too, for the sandbox's books).
    sql`UPDATE payment_webhook_deliveries SET payload = '{"erased":true}'::jsonb
        WHERE reference IN (SELECT reference FROM payment_transactions WHERE user_id = ${userId})`,
    sql`UPDATE sandbox_charges SET phone = '', email = '', fullname = '', processor_response = NULL
        WHERE reference IN (SELECT reference FROM payment_transactions WHERE user_id = ${userId})`,
    sql`UPDATE payment_refunds SET provider_response = NULL
        WHERE transaction_id IN (SELECT id FROM payment_transactions WHERE user_id = ${userId})`,
    sql`UPDATE payment_transactions SET phone = '', phone_masked = '', provider_response = NULL,
          next_action = NULL, updated_at = now()
        WHERE user_id = ${userId}`,
    // The account: a placeholder the kept records point at; it can no longer sign in.
    sql`UPDATE users SET name = ${ERASED_NAME}, email = ${erasedEmailOf(userId)}, email_verified = false,
          image = NULL, phone = NULL, date_of_birth = NULL, default_delivery_address = NULL,
          newsletter_opt_in = false, must_change_password = false,
          disabled_at = ${at}::timestamptz, disabled_reason = 'Erased at the customer''s request',
          updated_at = now()
        WHERE id = ${userId}`,
  ];
  for (const statement of statements) await tx.execute(statement);
}

/** Erased accounts whose kept tax records are not purged yet, oldest erasure first. */
export async function erasedWithTaxRecords(
  db: Executor,
  limit: number,
): Promise<{ user_id: string; id: string }[]> {
  const result = await db.execute<{ user_id: string; id: string }>(sql`
    SELECT id, user_id FROM erasure_requests
    WHERE state = 'erased' AND tax_records_purged_at IS NULL
    ORDER BY erased_at LIMIT ${limit}`);
  return result.rows;
}

/**
 * Deletes the kept tax records of an erased account older than the legal period (by the order's
 * date); answers how many orders are still kept (younger than it).
 */
export async function purgeTaxRecordsOf(tx: Executor, userId: string, before: Date): Promise<number> {
  const cutoff = before.toISOString();
  const old = sql`SELECT id FROM orders WHERE user_id = ${userId} AND created_at < ${cutoff}::timestamptz`;
  const oldPayments = sql`SELECT id FROM payment_transactions
    WHERE user_id = ${userId} AND created_at < ${cutoff}::timestamptz`;
  const oldCreditNotes = sql`SELECT id FROM credit_notes
    WHERE refund_id IN (SELECT id FROM payment_refunds WHERE transaction_id IN (${oldPayments}))`;
  const oldTicketInvoices = sql`SELECT id FROM ticket_invoices WHERE transaction_id IN (${oldPayments})`;
  const oldDocuments = sql`SELECT id FROM efris_documents
    WHERE order_id IN (${old}) OR ticket_invoice_id IN (${oldTicketInvoices})`;
  // EFRIS's records of them (URA keeps its own) go with the invoices and credit notes.
  await tx.execute(sql`DELETE FROM efris_credit_notes
    WHERE credit_note_id IN (${oldCreditNotes}) OR document_id IN (${oldDocuments})`);
  await tx.execute(sql`DELETE FROM efris_documents WHERE id IN (${oldDocuments})`);
  await tx.execute(sql`DELETE FROM ticket_invoices WHERE id IN (${oldTicketInvoices})`);
  await tx.execute(sql`DELETE FROM credit_notes WHERE id IN (${oldCreditNotes})`);
  await tx.execute(sql`DELETE FROM payment_refunds WHERE transaction_id IN (${oldPayments})`);
  await tx.execute(sql`DELETE FROM payment_webhook_deliveries
    WHERE reference IN (SELECT reference FROM payment_transactions WHERE id IN (${oldPayments}))`);
  await tx.execute(sql`DELETE FROM payment_transactions WHERE id IN (${oldPayments})`);
  // A company's payments against those invoices are as old: past the same legal period (0042).
  await tx.execute(sql`DELETE FROM company_payments
    WHERE invoice_id IN (SELECT id FROM invoices WHERE order_id IN (${old}))`);
  await tx.execute(sql`DELETE FROM invoices WHERE order_id IN (${old})`);
  await tx.execute(sql`DELETE FROM orders WHERE id IN (${old})`);
  const left = await tx.execute<{ count: number }>(sql`
    SELECT (SELECT count(*) FROM orders WHERE user_id = ${userId})::int
         + (SELECT count(*) FROM payment_transactions WHERE user_id = ${userId})::int AS count`);
  return left.rows[0]?.count ?? 0;
}

export async function markTaxRecordsPurged(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(erasureRequests).set({ taxRecordsPurgedAt: now }).where(eq(erasureRequests.id, id));
}
