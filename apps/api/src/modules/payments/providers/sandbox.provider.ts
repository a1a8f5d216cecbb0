import { paymentMessages } from '@shop/contract/payments';
import { and, eq, gte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sandboxCharges } from '../../../db/schema/payments';
import { sandboxRefunds } from '../../../db/schema/refunds';
import type {
  ChargeLookup,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  ProviderRefund,
  RefundLookup,
  RefundRequest,
  RefundResult,
  VerifyResult,
} from './provider';
import { secretHeaderMatches, WEBHOOK_HASH_HEADER } from './webhook-secret';

/**
 * The built-in provider, used when no real one is configured. It keeps its own books
 * (`sandbox_charges`, what a provider holds on its side) and its "phone prompt" is a page of the
 * shop, `/sandbox/pay/{reference}`, where the customer approves or declines. Its answer reaches
 * the shop exactly as a real provider's would: a webhook signed with the sandbox's own secret
 * (generated into the data directory), then a verification through {@link PaymentProvider.verify}.
 */
export const SANDBOX_PAGE_PATH = '/sandbox/pay';

export function sandboxPageUrl(reference: string): string {
  return `${SANDBOX_PAGE_PATH}/${encodeURIComponent(reference)}`;
}

export function createSandboxProvider(options: { db: Database; webhookSecret: string }): PaymentProvider {
  const { db } = options;
  return {
    name: 'sandbox',

    async initiateCharge(request: ChargeRequest): Promise<ChargeResult> {
      const [row] = await db
        .insert(sandboxCharges)
        .values({
          reference: request.reference,
          amount: request.amount,
          currency: request.currency,
          network: request.network,
          phone: request.phone,
          email: request.email,
          fullname: request.fullname,
          redirectUrl: request.redirectUrl,
        })
        .onConflictDoNothing({ target: sandboxCharges.reference })
        .returning();
      if (!row) return { kind: 'refused', reason: 'Duplicate transaction reference', raw: null };
      return {
        kind: 'accepted',
        providerTransactionId: String(row.id),
        nextAction: {
          type: 'approve_on_phone',
          message: paymentMessages.approveOnPhone(request.network),
          sandbox_url: sandboxPageUrl(request.reference),
        },
        raw: { status: 'success', message: 'Charge initiated', data: sandboxAnswer(row) },
      };
    },

    async verify(lookup: ChargeLookup): Promise<VerifyResult> {
      const id = lookup.providerTransactionId ? Number(lookup.providerTransactionId) : null;
      const [row] = await db
        .select()
        .from(sandboxCharges)
        .where(
          id !== null && Number.isSafeInteger(id)
            ? eq(sandboxCharges.id, id)
            : eq(sandboxCharges.reference, lookup.reference),
        )
        .limit(1);
      if (!row) return { kind: 'not_found', raw: { status: 'error', message: 'No transaction was found' } };
      return {
        kind: 'found',
        charge: {
          providerTransactionId: String(row.id),
          reference: row.reference,
          status: row.status,
          amount: row.amount,
          currency: row.currency,
          processorResponse: row.processorResponse,
          raw: { status: 'success', message: 'Transaction fetched successfully', data: sandboxAnswer(row) },
        },
      };
    },

    isAuthenticWebhook(headers) {
      return secretHeaderMatches(headers, WEBHOOK_HASH_HEADER, options.webhookSecret);
    },

    /**
     * Refunds at once, as a provider refunding from its balance does: completed, unless the charge
     * was not successful or the refunds would exceed it (refused, as Flutterwave does).
     */
    async refund(request: RefundRequest): Promise<RefundResult> {
      const chargeId = Number(request.providerTransactionId);
      if (!Number.isSafeInteger(chargeId)) {
        return { kind: 'refused', reason: 'No transaction was found for this id', raw: null };
      }
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.id, chargeId))
          .for('update');
        if (charge?.status !== 'successful') {
          const raw = {
            status: 'error',
            message: 'Only a successful transaction can be refunded',
            data: null,
          };
          return { kind: 'refused' as const, reason: raw.message, raw };
        }
        const [sum] = await tx
          .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amount}), 0)::int` })
          .from(sandboxRefunds)
          .where(and(eq(sandboxRefunds.chargeId, chargeId), eq(sandboxRefunds.status, 'completed')));
        if ((sum?.refunded ?? 0) + request.amount > charge.amount) {
          const raw = {
            status: 'error',
            message: 'Refund amount exceeds the amount left to refund',
            data: null,
          };
          return { kind: 'refused' as const, reason: raw.message, raw };
        }
        const [row] = await tx
          .insert(sandboxRefunds)
          .values({ chargeId, amount: request.amount, status: 'completed', comments: request.comments })
          .returning();
        if (!row) throw new Error('the sandbox refund was not written');
        return { kind: 'accepted' as const, refund: sandboxRefund(row) };
      });
    },

    async findRefund(lookup: RefundLookup): Promise<ProviderRefund | null> {
      const id = lookup.providerRefundId ? Number(lookup.providerRefundId) : null;
      const excluded = lookup.excludeIds.map(Number).filter(Number.isSafeInteger);
      const [row] = await db
        .select()
        .from(sandboxRefunds)
        .where(
          id !== null
            ? eq(sandboxRefunds.id, Number.isSafeInteger(id) ? id : -1)
            : and(
                eq(sandboxRefunds.chargeId, Number(lookup.providerTransactionId) || -1),
                eq(sandboxRefunds.amount, lookup.amount),
                gte(sandboxRefunds.createdAt, lookup.since),
                excluded.length > 0 ? notInArray(sandboxRefunds.id, excluded) : undefined,
              ),
        )
        .limit(1);
      return row ? sandboxRefund(row) : null;
    },
  };
}

/** A sandbox refund in Flutterwave's words. */
function sandboxRefund(row: typeof sandboxRefunds.$inferSelect): ProviderRefund {
  const data = {
    id: row.id,
    tx_id: row.chargeId,
    flw_ref: `URF_SANDBOX_${row.id}`,
    amount_refunded: row.amount,
    status: row.status,
    destination: 'payment_source',
    comments: row.comments,
    created_at: row.createdAt.toISOString(),
  };
  return {
    providerRefundId: String(row.id),
    providerTransactionId: String(row.chargeId),
    status: row.status === 'completed' ? 'succeeded' : 'failed',
    amount: row.amount,
    raw: { status: 'success', message: 'Transaction refund initiated', data },
  };
}

/** A sandbox charge in Flutterwave's words, for webhooks and stored answers. */
export function sandboxAnswer(row: typeof sandboxCharges.$inferSelect) {
  return {
    id: row.id,
    tx_ref: row.reference,
    amount: row.amount,
    charged_amount: row.amount,
    currency: row.currency,
    status: row.status,
    processor_response: row.processorResponse,
    payment_type: 'mobilemoneyug',
    network: row.network,
    created_at: row.createdAt.toISOString(),
    customer: { email: row.email, name: row.fullname, phone_number: row.phone.replace(/^\+/, '') },
  };
}
