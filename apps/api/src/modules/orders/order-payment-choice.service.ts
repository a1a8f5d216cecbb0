import { giftMessages } from '@shop/contract/gifts';
import { type OrderPaymentChoiceResponse, paymentMessages } from '@shop/contract/payments';
import { conflict, notFound } from '../../errors';
import type { PaymentsContext } from '../payments/payments.context';
import { abandonMobileMoney } from '../payments/payments.service';
import { cancelLockedOrder, isPayable, switchLockedOrderToCashOnDelivery } from './order-lifecycle';
import { lockOrder } from './order-lifecycle.repository';

/**
 * From the payment screen, a customer whose mobile-money payment did not work out may pay cash
 * on delivery instead, or cancel the order. Either way, payments first checks the pending
 * attempts with the provider (one may have been approved meanwhile: then the order is paid and
 * nothing else happens), and the ones still pending are cancelled in the same transaction as the
 * change. The order row is locked once, after the attempts (the settlement's lock order).
 */

type Choice = 'cash_on_delivery' | 'cancel';

export async function chooseOrderAlternative(
  payments: PaymentsContext,
  userId: string,
  orderId: string,
  choice: Choice,
): Promise<OrderPaymentChoiceResponse> {
  const subject = { purpose: 'order' as const, subjectId: orderId, userId };
  return abandonMobileMoney(payments, subject, async (tx, outbox, cancelPendingAttempts) => {
    const order = await lockOrder(tx, orderId, { userId });
    if (!order) throw notFound('Order');
    if (order.payment_status === 'paid') throw conflict(paymentMessages.alreadyPaid);
    if (!isPayable(order) || order.payment_method !== 'mobile_money' || order.status !== 'pending') {
      throw conflict(paymentMessages.notPayable);
    }
    // A gift is paid before it goes out: its recipient never pays the rider.
    if (choice === 'cash_on_delivery' && order.gift_delivery_date !== null) {
      throw conflict(giftMessages.paidBefore, 'conflict', [
        { field: 'payment_method', message: giftMessages.paidBefore },
      ]);
    }

    const reason =
      choice === 'cash_on_delivery'
        ? 'The customer chose cash on delivery'
        : 'The customer cancelled the order';
    await cancelPendingAttempts(reason);

    if (choice === 'cash_on_delivery') {
      await switchLockedOrderToCashOnDelivery(tx, order, {
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

    // Pending and unpaid (checked above): the cancellation always applies.
    await cancelLockedOrder(tx, order, reason, 'customer', { outbox });
    return {
      order: orderId,
      status: 'cancelled',
      payment_method: 'mobile_money',
    };
  });
}
