import { type OrderPaymentChoiceResponse, paymentMessages } from '@shop/contract/payments';
import { conflict, notFound } from '../../errors';
import { changeOrderStatus, findPayableOrder } from '../orders/order-lifecycle';
import { updateOrder } from '../orders/order-lifecycle.repository';
import { inTransaction, type PaymentsContext } from './payments.context';
import { lockSubject, pendingTransactionsOf } from './payments.repository';
import { cancelPendingAttempts, checkWithProvider } from './payments.service';

/**
 * From the payment screen, a customer whose mobile-money payment did not work out may pay cash
 * on delivery instead, or cancel the order. Either way, pending attempts are first checked with
 * the provider (one may have been approved meanwhile: then the order is paid and nothing else
 * happens), and the ones still pending are cancelled in the same transaction as the change.
 */

type Choice = 'cash_on_delivery' | 'cancel';

export async function chooseOrderAlternative(
  context: PaymentsContext,
  userId: string,
  orderId: string,
  choice: Choice,
): Promise<OrderPaymentChoiceResponse> {
  for (const row of await pendingTransactionsOf(context.db, 'order', orderId)) {
    if (row.userId === userId) await checkWithProvider(context, row);
  }

  return inTransaction(context, async (tx, outbox) => {
    // Transactions first, then the order: the settlement's lock order.
    await lockSubject(tx, 'order', orderId);
    const pending = await pendingTransactionsOf(tx, 'order', orderId, { lock: true });
    const order = await findPayableOrder(tx, orderId, userId, { lock: true });
    if (!order) throw notFound('Order');
    if (order.paymentStatus === 'paid') throw conflict(paymentMessages.alreadyPaid);
    if (!order.payable || order.paymentMethod !== 'mobile_money' || order.status !== 'pending') {
      throw conflict(paymentMessages.notPayable);
    }

    const reason =
      choice === 'cash_on_delivery'
        ? 'The customer chose cash on delivery'
        : 'The customer cancelled the order';
    await cancelPendingAttempts(tx, outbox, pending, reason);

    if (choice === 'cash_on_delivery') {
      await updateOrder(tx, orderId, { paymentMethod: 'cash_on_delivery' });
      await changeOrderStatus(tx, orderId, 'confirmed', {
        note: 'Cash on delivery: pay when your bottles arrive',
        changedBy: userId,
        outbox,
      });
      return {
        order: orderId,
        status: 'confirmed',
        payment_method: 'cash_on_delivery',
      };
    }

    const cancelled = await context.payables.get('order').cancel(tx, orderId, reason, outbox);
    if (!cancelled) throw conflict(paymentMessages.notPayable);
    return {
      order: orderId,
      status: 'cancelled',
      payment_method: 'mobile_money',
    };
  });
}
