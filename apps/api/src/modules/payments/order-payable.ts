import { formatUGX } from '@shop/contract/money';
import { cancelUnpaidOrder, findPayableOrder, markOrderPaid } from '../orders/order-lifecycle';
import type { PayableKind } from './payable-registry';

/**
 * Orders as payable subjects, through the orders module's lifecycle functions (they lock the
 * order row inside our transaction). Only an order placed for mobile money is charged by mobile
 * money; a cash-on-delivery order is paid to the rider.
 */
export const orderPayable: PayableKind = {
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

  async markPaid(tx, subjectId, payment, outbox) {
    // The settlement checked the charge against the transaction's amount; that amount must in
    // turn cover the order's total as it stands, or nothing is given.
    const order = await findPayableOrder(tx, subjectId, null, { lock: true });
    if (order && order.paymentStatus !== 'paid' && payment.amount < order.total) return 'amount_short';
    return markOrderPaid(tx, subjectId, {
      outbox,
      note: `Paid ${formatUGX(payment.amount)} by mobile money (ref. ${payment.reference})`,
    });
  },

  async cancel(tx, subjectId, reason, outbox) {
    return cancelUnpaidOrder(tx, subjectId, reason, { outbox, by: 'customer' });
  },
};
