import { type OrderPaymentChoiceResponse, orderPaymentChoiceResponseSchema } from '@shop/contract/payments';
import { api } from '../../../lib/api-client';

/**
 * Giving up on mobile money for an unpaid order: pay cash on delivery instead
 * (`switch_to_cash_on_delivery`), or cancel the order (`cancel_unpaid_order`).
 */
export function chooseOrderAlternative(
  orderId: string,
  choice: 'cash_on_delivery' | 'cancel',
): Promise<OrderPaymentChoiceResponse> {
  const path =
    choice === 'cash_on_delivery'
      ? '/payments/transactions/switch_to_cash_on_delivery/'
      : '/payments/transactions/cancel_unpaid_order/';
  return api.post(path, { order_id: orderId }, { schema: orderPaymentChoiceResponseSchema, toast: false });
}
