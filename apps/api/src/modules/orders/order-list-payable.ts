import { formatUGX } from '@shop/contract/money';
import type { PayableKind } from '../payments/payable-registry';
import { cancelUnpaidOrder, findPayableOrder, markOrderPaid } from './order-lifecycle';
import { findList, lockListOrderIds } from './order-lists.repository';

/**
 * A recipients' list as one payable subject (purpose `order_list`, decision 0036): its amount is
 * its child orders' totals as they stand, and a verified payment marks every child paid in the
 * payment's own transaction (each by `markOrderPaid`, the orders' one rule), or none. Children are
 * locked in id order. On account (later) is another way to settle the same children.
 */
export function orderListPayableKind(): PayableKind {
  return {
    purpose: 'order_list',

    async find(tx, subjectId, userId) {
      const list = await findList(tx, subjectId);
      if (!list || (userId !== null && list.user_id !== userId)) return null;
      const ids = await lockListOrderIds(tx, list.id);
      const orders = (await Promise.all(ids.map((id) => findPayableOrder(tx, id, null)))).filter(
        (order) => order !== null,
      );
      const first = orders[0];
      if (!first) return null;
      const state = orders.every((order) => order.paymentStatus === 'paid')
        ? 'paid'
        : orders.every((order) => order.payable && order.status === 'pending')
          ? 'payable'
          : 'not_payable';
      return {
        id: list.id,
        userId: list.user_id,
        amount: orders.reduce((sum, order) => sum + order.total, 0),
        currency: 'UGX',
        label: `List of ${orders.length} deliveries`,
        customer: first.customer,
        state,
      };
    },

    async markPaid(tx, subjectId, payment, outbox) {
      const ids = await lockListOrderIds(tx, subjectId);
      const orders = (await Promise.all(ids.map((id) => findPayableOrder(tx, id, null)))).filter(
        (order) => order !== null,
      );
      if (orders.length === 0) return 'not_payable';
      if (orders.every((order) => order.paymentStatus === 'paid')) return 'already_paid';
      if (!orders.every((order) => order.payable)) return 'not_payable';
      if (payment.amount < orders.reduce((sum, order) => sum + order.total, 0)) return 'amount_short';
      const note = `Paid with its list: ${formatUGX(payment.amount)} by mobile money (ref. ${payment.reference})`;
      for (const order of orders) await markOrderPaid(tx, order.id, { outbox, note });
      return 'paid';
    },

    async cancel(tx, subjectId, reason, outbox) {
      const ids = await lockListOrderIds(tx, subjectId);
      let cancelled = false;
      for (const id of ids) {
        if (await cancelUnpaidOrder(tx, id, reason, { outbox, by: 'customer' })) cancelled = true;
      }
      return cancelled;
    },
  };
}
