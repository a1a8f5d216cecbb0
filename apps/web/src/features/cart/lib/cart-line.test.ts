import { EMPTY_CART as CONTRACT_EMPTY_CART, MAX_CART_ITEM_QUANTITY } from '@shop/contract/cart';
import { describe, expect, it } from 'vitest';
import { makeCartItem } from '../../../test/fakes/cart-api';
import { lineProblem, lowStockNote, maxQuantity } from './cart-line';
import { EMPTY_CART } from './empty-cart';

describe('cart lines', () => {
  it('are bounded by the stock and by MAX_CART_ITEM_QUANTITY', () => {
    expect(maxQuantity(makeCartItem({ stock: 7 }))).toBe(7);
    expect(maxQuantity(makeCartItem({ stock: 500 }))).toBe(MAX_CART_ITEM_QUANTITY);
  });

  it('say why they stop the checkout: withdrawn, sold out, short', () => {
    expect(lineProblem(makeCartItem({ is_available: false }))?.kind).toBe('withdrawn');
    expect(lineProblem(makeCartItem({ stock: 0, quantity: 1 }))?.kind).toBe('sold_out');
    expect(lineProblem(makeCartItem({ stock: 2, quantity: 3 }))).toEqual({
      kind: 'short',
      message: 'Only 2 left. Lower the quantity to 2 to check out.',
    });
    expect(lineProblem(makeCartItem({ stock: 3, quantity: 3 }))).toBeNull();
  });

  it('mention a low stock only while it still covers the line', () => {
    expect(lowStockNote(makeCartItem({ stock: 5, quantity: 1 }))).toBe('Only 5 left');
    expect(lowStockNote(makeCartItem({ stock: 6, quantity: 1 }))).toBeNull();
    expect(lowStockNote(makeCartItem({ stock: 2, quantity: 4 }))).toBeNull();
  });
});

describe('the empty cart', () => {
  it('is the contract’s (kept apart so that zod stays off the first page)', () => {
    expect(EMPTY_CART).toEqual(CONTRACT_EMPTY_CART);
  });
});
