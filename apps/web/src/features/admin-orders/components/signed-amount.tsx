import { formatUGX } from '@shop/contract/money';

/** A cash difference with its sign: +Shs 5,000 over, −Shs 5,000 short, Shs 0 even. */
export const signedUGX = (amount: number) =>
  amount > 0 ? `+${formatUGX(amount)}` : amount < 0 ? `−${formatUGX(-amount)}` : formatUGX(0);

/** A rider's or a day's cash difference, in red when cash is missing. */
export function SignedAmount({ amount }: { amount: number }) {
  return <span className={amount < 0 ? 'font-semibold text-red-700' : undefined}>{signedUGX(amount)}</span>;
}
