import { paymentMessages } from '@shop/contract/payments';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { sandboxCharges } from '../../../db/schema/payments';
import type { ChargeLookup, ChargeRequest, ChargeResult, PaymentProvider, VerifyResult } from './provider';
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
