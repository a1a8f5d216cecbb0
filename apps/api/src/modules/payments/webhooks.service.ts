import type { PaymentProviderName, ProviderWebhook } from '@shop/contract/payments';
import { unauthorized } from '../../errors';
import type { PaymentsContext } from './payments.context';
import { PAYMENT_JOBS } from './payments.jobs';
import {
  countDeliveryAttempt,
  findDelivery,
  findTransactionByProviderId,
  findTransactionByReference,
  finishDelivery,
  recordDelivery,
} from './payments.repository';
import { settleTransaction } from './settlement';

/**
 * Provider webhooks. Receiving only authenticates, records and queues: the provider gets its
 * 200 at once, and a job does the work. The body is never believed: the job asks the provider
 * (verify) and the settlement decides.
 */

const MAX_DELIVERY_ATTEMPTS = 30;

export type WebhookReceipt = { duplicate: boolean; deliveryId: number | null };

type Headers = Record<string, string | string[] | undefined>;

/** 401 unless the request carries the provider's webhook secret (and the provider is configured). */
export function assertAuthenticWebhook(
  context: PaymentsContext,
  providerName: PaymentProviderName,
  headers: Headers,
): void {
  const provider = context.providers.get(providerName);
  if (!provider?.isAuthenticWebhook(headers)) {
    throw unauthorized('The webhook signature is missing or wrong.');
  }
}

export async function receiveWebhook(
  context: PaymentsContext,
  providerName: PaymentProviderName,
  headers: Headers,
  body: ProviderWebhook,
): Promise<WebhookReceipt> {
  assertAuthenticWebhook(context, providerName, headers);
  const { data } = body;
  const providerTransactionId = data.id === undefined ? null : String(data.id);
  const reference = data.tx_ref ?? null;
  // The same event for the same charge in the same state is one delivery, however often it comes.
  const deliveryKey = [
    body.event ?? '',
    providerTransactionId ?? '',
    reference ?? '',
    data.status ?? '',
  ].join('|');
  const delivery = await recordDelivery(context.db, {
    provider: providerName,
    deliveryKey,
    event: body.event ?? null,
    providerTransactionId,
    reference,
    payload: body,
  });
  if (!delivery) return { duplicate: true, deliveryId: null };
  await context.enqueue(
    PAYMENT_JOBS.processWebhook,
    { deliveryId: delivery.id },
    { singletonKey: `delivery:${delivery.id}` },
  );
  return { duplicate: false, deliveryId: delivery.id };
}

/**
 * The job behind a delivery: find our transaction, ask the provider about the charge, settle.
 * Throws when the provider cannot answer, so that the job is retried (the poll also covers it).
 */
export async function processDelivery(context: PaymentsContext, deliveryId: number): Promise<string> {
  const delivery = await findDelivery(context.db, deliveryId);
  if (!delivery || delivery.processedAt) return 'already processed';
  if (delivery.event?.startsWith('refund.') && context.onRefundDelivery) {
    const outcome = await context.onRefundDelivery(delivery);
    await finishDelivery(context.db, deliveryId, outcome);
    return outcome;
  }
  const row =
    (delivery.reference ? await findTransactionByReference(context.db, delivery.reference) : undefined) ??
    (delivery.providerTransactionId
      ? await findTransactionByProviderId(context.db, delivery.provider, delivery.providerTransactionId)
      : undefined);
  if (!row || row.provider !== delivery.provider) {
    context.log.warn({ delivery: deliveryId }, 'a payment webhook named no transaction of ours');
    await finishDelivery(context.db, deliveryId, 'unknown transaction');
    return 'unknown transaction';
  }
  const provider = context.providers.get(row.provider);
  if (!provider) {
    await finishDelivery(context.db, deliveryId, 'provider not configured');
    return 'provider not configured';
  }
  if (delivery.attempts >= MAX_DELIVERY_ATTEMPTS) {
    // The provider kept failing; the pending poll still covers the transaction.
    await finishDelivery(context.db, deliveryId, 'gave up: the provider did not answer');
    return 'gave up';
  }
  await countDeliveryAttempt(context.db, deliveryId);
  const verification = await provider.verify({
    providerTransactionId: delivery.providerTransactionId ?? row.providerTransactionId,
    reference: row.reference,
  });
  const { outcome } = await settleTransaction(context, row.id, verification);
  await finishDelivery(context.db, deliveryId, outcome);
  return outcome;
}
