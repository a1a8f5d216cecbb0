import { BRAND } from '@shop/contract/brand';
import { maskPhone, type SandboxCharge } from '@shop/contract/payments';
import { conflict, notFound } from '../../errors';
import type { PaymentsContext } from './payments.context';
import {
  completeSandboxCharge,
  findSandboxCharge,
  findTransactionByReference,
  type SandboxChargeRow,
} from './payments.repository';
import { sandboxAnswer } from './providers/sandbox.provider';

/**
 * The sandbox's phone prompt, answered from `/sandbox/pay/{reference}`. Only the customer who
 * started the payment sees and answers it. Answering changes the sandbox's own books, then the
 * sandbox tells the shop through its webhook, signed like a real provider's.
 */

export type SandboxWebhookSender = (payload: Record<string, unknown>) => Promise<void>;

function toSandboxCharge(row: SandboxChargeRow): SandboxCharge {
  const returnUrl = new URL(row.redirectUrl);
  return {
    reference: row.reference,
    merchant: BRAND.name,
    amount: row.amount,
    currency: 'UGX',
    network: row.network,
    phone: maskPhone(row.phone),
    status: row.status,
    // Same origin as the page the customer is on, whatever PUBLIC_URL says.
    return_url: `${returnUrl.pathname}${returnUrl.search}`,
    created_at: row.createdAt.toISOString(),
  };
}

async function ownCharge(context: PaymentsContext, userId: string, reference: string) {
  const transaction = await findTransactionByReference(context.db, reference);
  if (!transaction || transaction.userId !== userId || transaction.provider !== 'sandbox') {
    throw notFound('Payment');
  }
  const charge = await findSandboxCharge(context.db, reference);
  if (!charge) throw notFound('Payment');
  return charge;
}

export async function getSandboxCharge(
  context: PaymentsContext,
  userId: string,
  reference: string,
): Promise<SandboxCharge> {
  return toSandboxCharge(await ownCharge(context, userId, reference));
}

export async function answerSandboxCharge(
  context: PaymentsContext,
  userId: string,
  reference: string,
  answer: 'approve' | 'decline',
  sendWebhook: SandboxWebhookSender,
): Promise<SandboxCharge> {
  await ownCharge(context, userId, reference);
  const completed = await completeSandboxCharge(
    context.db,
    reference,
    answer === 'approve' ? 'successful' : 'failed',
    answer === 'approve' ? 'Approved by the customer' : 'Declined by the customer on their phone',
  );
  if (!completed) throw conflict('This payment request was already answered.');
  try {
    await sendWebhook({
      event: 'charge.completed',
      'event.type': 'MOBILEMONEYUG_TRANSACTION',
      data: sandboxAnswer(completed),
    });
  } catch (error) {
    // The poll asks the sandbox's books anyway: a lost webhook only delays the outcome.
    context.log.warn({ err: error, reference }, 'the sandbox could not deliver its webhook');
  }
  return toSandboxCharge(completed);
}
