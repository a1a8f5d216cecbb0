import { formatUGX } from '@shop/contract/money';

/**
 * A fee the shop kept from a refund (an order refused at the door), said next to the refund
 * still due: the same words on the refund screen and on the customer's order page.
 */
export function KeptFee({
  amount,
  reason,
  refundDue,
}: {
  amount: number;
  reason: string;
  refundDue: number;
}) {
  return (
    <p className="rounded-lg border border-cream-300 bg-cream-100 px-4 py-3 text-sm text-ink">
      <span className="font-semibold">Refund due: {formatUGX(refundDue)}.</span> {formatUGX(amount)} withheld.{' '}
      {reason}.
    </p>
  );
}
