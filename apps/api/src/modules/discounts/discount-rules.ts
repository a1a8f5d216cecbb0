import {
  type DiscountCheck,
  discountAmount,
  discountLabel,
  discountMessages,
} from '@shop/contract/discounts';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import type { Executor, Tx } from '../../db/transaction';
import { conflict, invalidInput } from '../../errors';
import {
  type CodeForCheckout,
  cartBottles,
  customerUses,
  findCodeForCheckout,
  redeem,
} from './discounts.repository';

/**
 * Whether a code applies to a cart, and its saving: one function for the checkout transaction
 * (code row locked, so the uses read are the last word) and for the checkout page's "check code"
 * (nothing locked, nothing reserved: the order itself decides). Every refusal is a 422 naming
 * the field `discount_code` with the reason.
 */

export type Bottle = { price: number; quantity: number; category_id: number };

/** The discount a checkout takes off, to be recorded with the order (`recordDiscountUse`). */
export type AppliedDiscount = { codeId: number; code: string; amount: number };

const refuse = (message: string) => invalidInput([{ field: 'discount_code', message }], message);

/** The saving of `code` on `bottles` for the customer, or the refusal (thrown). */
export function evaluate(
  code: CodeForCheckout | undefined,
  bottles: Bottle[],
  usesByCustomer: number,
  now: Date,
): { subtotal: number; amount: number } {
  if (!code) throw refuse(discountMessages.unknown);
  if (code.status === 'ended') throw refuse(discountMessages.ended);
  if (code.status === 'paused') throw refuse(discountMessages.paused);
  if (code.starts_at && now < code.starts_at) {
    throw refuse(discountMessages.notStarted(formatKampalaDateTime(code.starts_at)));
  }
  if (code.ends_at && now >= code.ends_at) throw refuse(discountMessages.expired);
  const subtotal = bottles.reduce((sum, bottle) => sum + bottle.price * bottle.quantity, 0);
  if (subtotal < code.minimum_order) throw refuse(discountMessages.minimum(code.minimum_order));
  const covered = new Set(code.category_ids);
  const eligible = bottles
    .filter((bottle) => covered.size === 0 || covered.has(bottle.category_id))
    .reduce((sum, bottle) => sum + bottle.price * bottle.quantity, 0);
  const amount = discountAmount(code.kind, code.value, eligible);
  if (amount <= 0) throw refuse(discountMessages.notForTheseBottles);
  if (code.max_uses !== null && code.uses >= code.max_uses) throw refuse(discountMessages.usedUp);
  if (code.max_uses_per_customer !== null && usesByCustomer >= code.max_uses_per_customer) {
    throw refuse(discountMessages.alreadyUsed);
  }
  return { subtotal, amount };
}

/**
 * Inside the checkout transaction, after the cart's sizes are locked: locks the code's row and
 * answers its discount on these bottles, or refuses the checkout. The lock is held until the
 * checkout commits, so concurrent checkouts with the same code see each other's uses.
 */
export async function claimDiscount(
  tx: Tx,
  userId: string,
  code: string,
  bottles: Bottle[],
): Promise<AppliedDiscount> {
  const found = await findCodeForCheckout(tx, code, true);
  const uses = found ? await customerUses(tx, found.id, userId) : 0;
  const { amount } = evaluate(found, bottles, uses, new Date());
  return { codeId: found!.id, code: found!.code, amount };
}

/** Records the order's use of its code (same transaction as `claimDiscount`). */
export async function recordDiscountUse(
  tx: Tx,
  applied: AppliedDiscount,
  orderId: string,
  userId: string,
): Promise<void> {
  await redeem(tx, { codeId: applied.codeId, orderId, userId, amount: applied.amount });
}

/** The checkout page's "check code": the saving on the cart as it is now. */
export async function checkDiscount(db: Executor, userId: string, code: string): Promise<DiscountCheck> {
  const bottles = await cartBottles(db, userId);
  if (bottles.length === 0) {
    throw conflict('Your cart is empty.', 'conflict', [
      { field: 'items', message: 'Add something to your cart first' },
    ]);
  }
  const found = await findCodeForCheckout(db, code, false);
  const uses = found ? await customerUses(db, found.id, userId) : 0;
  const { subtotal, amount } = evaluate(found, bottles, uses, new Date());
  return {
    code: found!.code,
    description: found!.description,
    label: discountLabel(found!.kind, found!.value),
    subtotal,
    discount: amount,
  };
}
