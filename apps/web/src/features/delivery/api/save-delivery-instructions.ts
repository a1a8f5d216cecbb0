import {
  type SaveDeliveryInstructionsRequest,
  type SaveDeliveryInstructionsResponse,
  saveDeliveryInstructionsResponseSchema,
} from '@shop/contract/delivery-tracking';
import { api } from '../../../lib/api-client';

/** `POST /orders/delivery-tracking/deliverable_orders/`: instructions for one order. */
export function saveDeliveryInstructions(
  body: SaveDeliveryInstructionsRequest,
): Promise<SaveDeliveryInstructionsResponse> {
  return api.post('/orders/delivery-tracking/deliverable_orders/', body, {
    schema: saveDeliveryInstructionsResponseSchema,
    toast: false,
  });
}
