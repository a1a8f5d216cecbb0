import type { FieldError } from '@shop/contract/errors';
import { AppError, conflict } from '../../errors';

/** The refusals of the cart and the checkout, worded for the customer. */

/** "3 bottles", "1 case": a size sold by the case counts cases. */
export function units(count: number, packSize: number): string {
  const [one, many] = packSize > 1 ? ['case', 'cases'] : ['bottle', 'bottles'];
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * 409 out_of_stock naming what is left, e.g. "Only 3 bottles of Château Margaux 2015 (750 ml
 * bottle) are left." The field errors name `field`, or are given whole.
 */
export function outOfStock(
  item: { productName: string; variantName: string; packSize: number; stock: number; inCart?: number },
  field: string | FieldError[] = 'quantity',
): AppError {
  const what = `${item.productName} (${item.variantName})`;
  const stock = Math.max(0, item.stock);
  const held = item.inCart ? `, and your cart already holds ${item.inCart}` : '';
  const message =
    stock === 0
      ? `${what} is out of stock.`
      : `Only ${units(stock, item.packSize)} of ${what} ${stock === 1 ? 'is' : 'are'} left${held}.`;
  const fields =
    typeof field === 'string'
      ? [{ field, message: stock === 0 ? 'Out of stock' : `Only ${stock} left in stock` }]
      : field;
  return conflict(message, 'out_of_stock', fields);
}

export const productNotFound = (reason = 'No product has this id') =>
  new AppError('not_found', 'Product was not found.', [{ field: 'product', message: reason }]);

export const sizeNotFound = () =>
  new AppError('not_found', 'Size was not found.', [{ field: 'variant', message: 'No size has this id' }]);

export const cartItemNotFound = () =>
  new AppError('not_found', 'Cart item was not found.', [
    { field: 'item_id', message: 'is not a line of your cart' },
  ]);
