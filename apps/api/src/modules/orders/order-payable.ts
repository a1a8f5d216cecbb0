import { formatUGX } from '@shop/contract/money';
import type { PayableKind } from '../payments/payable-registry';
import { cancelUnpaidOrder, findPayableOrder, markOrderPaid } from './order-lifecycle';

/**
 * Orders as a payable subject of the payments module (purpose `order`), registered by the orders
 * plugin as events registers RSVPs: payments finds the amount here (the order's own, never the
 * client's) and calls `markPaid` inside its settlement transaction, so "transaction successful"
 * and "order paid" commit together or not at all. Only an order placed for mobile money is
 * charged by mobile money; a cash-on-delivery order is paid to the rider.
 */
export function orderPayableKind(): PayableKind {
  return {
    purpose: 'order',

    async find(tx, subjectId, userId) {
      const order = await findPayableOrder(tx, subjectId, userId);
      if (!order) return null;
      const state =
        order.paymentStatus === 'paid'
          ? 'paid'
          : order.payable && order.paymentMethod === 'mobile_money'
            ? 'payable'
            : 'not_payable';
      return {
        id: order.id,
        userId: order.userId,
        amount: order.total,
        currency: order.currency,
        label: `Order ${order.orderNumber}`,
        customer: order.customer,
        state,
      };
    },

    // The settlement checked the charge against the transaction's amount; that amount must in
    // turn cover the order's total as it stands (checked under the order's one lock), or nothing
    // is given.
    markPaid: (tx, subjectId, payment, outbox) =>
      markOrderPaid(tx, subjectId, {
        outbox,
        amountPaid: payment.amount,
        note: `Paid ${formatUGX(payment.amount)} by mobile money (ref. ${payment.reference})`,
      }),

    cancel: (tx, subjectId, reason, outbox) =>
      cancelUnpaidOrder(tx, subjectId, reason, { outbox, by: 'customer' }),
  };
}
