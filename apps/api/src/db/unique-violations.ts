import { catalogAdminMessages } from '@shop/contract/catalog-admin';
import { companyMessages } from '@shop/contract/companies';
import type { ErrorCode } from '@shop/contract/errors';
import { refundMessages } from '@shop/contract/refunds';
import { AppError, invalidInput } from '../errors';

/**
 * A unique index refusing a write (PostgreSQL 23505, unique_violation) is someone else's write
 * winning a race the service's own check could not see: two admins saving one slug at the same
 * instant, the same SKU twice, one e-mail address in two sign-ups. The error handler answers it
 * here, in one place, as the service's own check would have: the field and the reason, never a
 * 500. The table names what each index means; an index missing from it (a primary key, or one
 * added later: unique-violations.test.ts lists every index of the schema) names the columns the
 * database reports.
 */

export type UniqueClash = {
  /** The request's field, as the API names it. */
  field: string;
  /** Why, as a field error says it ("is already used by another product"). */
  message: string;
  /** The envelope's sentence; default "The <field> <message>." (409) or "Please check your input…" (422). */
  summary?: string;
  /** What the service's own check answers for this clash (422 for the product form); default 409. */
  code?: Extract<ErrorCode, 'conflict' | 'validation_failed'>;
};

export const UNIQUE_CLASHES: Record<string, UniqueClash> = {
  accounts_provider_account_uidx: { field: 'account', message: 'is already linked to another account' },
  cart_items_cart_variant_key: { field: 'variant_id', message: 'is already in the cart' },
  carts_userId_unique: { field: 'cart', message: 'was just created by another request' },
  cash_collections_order_key: { field: 'order_id', message: 'already has its cash recorded' },
  categories_slug_unique: { field: 'slug', message: 'is already used by another category' },
  company_payments_company_idempotency_key: {
    field: 'idempotency_key',
    message: 'is already used for another payment',
  },
  companies_tin_key: { field: 'tin', message: companyMessages.tinTaken },
  credit_notes_number_key: { field: 'number', message: 'is already used by another credit note' },
  credit_notes_refund_key: { field: 'refund_id', message: 'already has a credit note' },
  data_exports_one_queued_uidx: {
    field: 'export',
    message: 'is already being prepared: you can ask again once it is ready',
  },
  deliveries_orderId_unique: { field: 'order_id', message: 'already has a delivery' },
  efris_credit_notes_credit_note_key: {
    field: 'credit_note_id',
    message: 'is already being sent to EFRIS',
  },
  efris_documents_order_key: { field: 'order_id', message: 'is already being fiscalised' },
  efris_documents_ticket_invoice_key: { field: 'ticket_invoice_id', message: 'is already being fiscalised' },
  efris_documents_reference_key: { field: 'reference', message: 'is already sent to EFRIS' },
  erasure_requests_one_pending_uidx: {
    field: 'erasure',
    message: 'is already asked for: cancel it or wait for it',
  },
  delivery_events_orderStatusChangeId_unique: {
    field: 'order_status_change_id',
    message: 'is already recorded',
  },
  delivery_zones_slug_unique: {
    field: 'slug',
    message: 'Already used',
    summary: 'Another delivery zone has this slug.',
  },
  discount_codes_code_key: { field: 'code', message: 'is already used by another discount code' },
  discount_redemptions_order_key: { field: 'order_id', message: 'already used a discount code' },
  events_slug_unique: {
    field: 'slug',
    message: 'Another event already uses this slug',
    summary: 'Another event already uses this slug',
  },
  invoices_order_key: { field: 'order_id', message: 'already has an invoice' },
  invoices_invoice_number_key: { field: 'invoice_number', message: 'is already used by another invoice' },
  newsletter_subscribers_email_idx: { field: 'email', message: 'is already subscribed' },
  newsletter_subscribers_confirm_token_idx: { field: 'token', message: 'is already in use' },
  newsletter_subscribers_unsubscribe_token_idx: { field: 'token', message: 'is already in use' },
  notifications_user_dedupe_key_idx: { field: 'dedupe_key', message: 'was already notified' },
  orders_user_idempotency_key: { field: 'idempotency_key', message: 'was already used for another order' },
  order_lists_user_idempotency_key: {
    field: 'idempotency_key',
    message: 'was already used for another list',
  },
  orders_order_number_key: { field: 'order_number', message: 'is already used by another order' },
  payment_refunds_idempotency_key: {
    field: 'idempotency_key',
    message: refundMessages.keyReused,
    summary: refundMessages.keyReused,
  },
  payment_transactions_reference_key: { field: 'reference', message: 'is already used by another payment' },
  payment_transactions_one_paid_per_subject_key: { field: 'subject_id', message: 'is already paid' },
  payment_transactions_provider_tx_key: {
    field: 'provider_transaction_id',
    message: 'is already recorded for another payment',
  },
  payment_webhook_deliveries_key: { field: 'delivery_key', message: 'was already received' },
  product_reviews_one_per_customer: { field: 'product_id', message: 'already has your review' },
  product_variants_one_default_idx: {
    field: 'is_default',
    message: 'another size of this product is already the default',
  },
  product_variants_sku_unique: {
    field: 'sku',
    message: catalogAdminMessages.skuTaken,
    code: 'validation_failed',
  },
  products_slug_unique: { field: 'slug', message: catalogAdminMessages.slugTaken, code: 'validation_failed' },
  gift_recipients_link_hash_key: { field: 'gift', message: 'link was just made by another request' },
  gift_recipients_order_key: { field: 'gift', message: 'is already recorded for this order' },
  push_subscriptions_endpoint_unique: { field: 'endpoint', message: 'is already subscribed' },
  rate_limits_key_unique: { field: 'key', message: 'is already counted' },
  rsvps_event_user_uidx: { field: 'event_id', message: 'already has your RSVP' },
  rsvps_ticketCode_unique: { field: 'ticket_code', message: 'is already used by another ticket' },
  sandbox_charges_reference_key: { field: 'reference', message: 'is already used by another charge' },
  sessions_token_unique: { field: 'token', message: 'is already in use' },
  sms_messages_idempotency_key_unique: { field: 'idempotency_key', message: 'was already used' },
  sms_messages_provider_message_id_uidx: {
    field: 'provider_message_id',
    message: 'is already recorded for another SMS',
  },
  ticket_invoices_number_key: { field: 'invoice_number', message: 'is already used by another invoice' },
  ticket_invoices_transaction_key: { field: 'transaction_id', message: 'already has its ticket invoice' },
  users_email_unique: { field: 'email', message: 'is already used by another account' },
  wishlist_items_entry_unique: { field: 'product_id', message: 'is already in the wishlist' },
};

/** node-postgres's error for a refused statement: its SQLSTATE and the index's name. */
type PgError = { code?: unknown; constraint?: unknown; detail?: unknown };

/** The driver's unique_violation in `error` or its causes (Drizzle wraps the driver's error). */
export function uniqueViolationIn(error: unknown): { constraint: string; detail: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, constraint, detail } = current as PgError;
    if (code === '23505') {
      return {
        constraint: typeof constraint === 'string' ? constraint : '',
        detail: typeof detail === 'string' ? detail : '',
      };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** "Key (product_id, user_id)=(…) already exists." → "product_id" (never the values). */
function columnsOf(detail: string): string | undefined {
  const columns = /^Key \(([^)]*)\)=/.exec(detail)?.[1];
  return columns?.split(',')[0]?.trim() || undefined;
}

/** What a unique violation means, or undefined when `error` is not one. */
export function uniqueClashOf(error: unknown): UniqueClash | undefined {
  const violation = uniqueViolationIn(error);
  if (!violation) return undefined;
  return (
    UNIQUE_CLASHES[violation.constraint] ?? {
      field: columnsOf(violation.detail) ?? 'request',
      message: 'is already used',
    }
  );
}

/** The answer to a unique violation: the clash's field and reason (409, or its service's 422). */
export function uniqueViolationError(error: unknown): AppError | undefined {
  const clash = uniqueClashOf(error);
  if (!clash) return undefined;
  const fields = [{ field: clash.field, message: clash.message }];
  if (clash.code === 'validation_failed') return invalidInput(fields, clash.summary);
  return new AppError('conflict', clash.summary ?? `The ${clash.field} ${clash.message}.`, fields);
}
