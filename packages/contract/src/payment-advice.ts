import type { MobileMoneyNetwork } from './orders';

/**
 * What to tell a customer whose mobile-money payment did not go through. Providers answer with
 * their own words (Flutterwave's messages carry MTN's and Airtel's reasons: `NOT_ENOUGH_FUNDS`,
 * `APPROVAL_REJECTED`, Airtel's `DP00800001007`, "Transaction timed out", …); "payment failed"
 * helps nobody, so each known reason becomes a short message with what to do next. Reasons not
 * recognised fall back to a generic message (and the API logs them for staff, to extend this).
 */

export const PAYMENT_FAILURE_KINDS = [
  'insufficient_funds',
  'not_approved_in_time',
  'declined_on_phone',
  'wrong_pin',
  'limit_reached',
  'pending_elsewhere',
  'number_not_registered',
  'network_unreachable',
  'cancelled',
  'unknown',
] as const;
export type PaymentFailureKind = (typeof PAYMENT_FAILURE_KINDS)[number];

/**
 * Matched in order: the first that fits wins. MTN's `LOW_BALANCE_OR_PAYEE_LIMIT_REACHED` must read
 * as funds before "limit"; "Not approved within 15 minutes" is our own expiry wording.
 */
const REASON_PATTERNS: readonly (readonly [PaymentFailureKind, RegExp])[] = [
  [
    'insufficient_funds',
    /insufficient|not[\s_-]*enough[\s_-]*(funds|balance|money)|low[\s_-]*balance|DP00800001007|INTERNAL_PROCESSING_ERROR/i,
  ],
  ['wrong_pin', /\b(wrong|invalid|incorrect)[\s_-]*pin\b|\bpin\b.*(wrong|invalid|incorrect)|DP00800001002/i],
  ['limit_reached', /limit|DP00800001003/i],
  [
    'pending_elsewhere',
    /already\s+(a\s+)?pending|transaction\s+(is\s+)?(already\s+)?in\s+progress|RESOURCE_ALREADY_EXIST|DP00800001006|unable to lock/i,
  ],
  [
    'not_approved_in_time',
    /timed?[\s_-]*out|time[\s-]*out|expired|not approved within|COULD_NOT_PERFORM_TRANSACTION|DP00800001024/i,
  ],
  [
    'declined_on_phone',
    /declined|rejected|APPROVAL_REJECTED|PAYMENT_NOT_APPROVED|did not approve|not approved|DP00800001008|refused by (the )?(customer|payer|subscriber)/i,
  ],
  [
    'number_not_registered',
    /PAYER_NOT_FOUND|not registered|no (mobile money|momo) account|invalid (msisdn|phone|number)/i,
  ],
  [
    'network_unreachable',
    /unreachable|unavailable|SERVICE_UNAVAILABLE|internal server error|system internal error|IOException|5XX|network error|could not (be )?reach/i,
  ],
];

export function classifyPaymentFailure(
  reason: string | null,
  status: 'failed' | 'cancelled' | 'expired',
): PaymentFailureKind {
  if (status === 'cancelled') return 'cancelled';
  if (status === 'expired') return 'not_approved_in_time';
  if (!reason) return 'unknown';
  for (const [kind, pattern] of REASON_PATTERNS) if (pattern.test(reason)) return kind;
  return 'unknown';
}

const wallet = (network: MobileMoneyNetwork) => (network === 'MTN' ? 'MTN MoMo' : 'Airtel Money');
/** Where each network keeps approvals waiting for the customer's PIN (USSD menus, Uganda). */
const approvalsCode = (network: MobileMoneyNetwork) => (network === 'MTN' ? '*165#' : '*185#');
const otherNetwork = (network: MobileMoneyNetwork) => (network === 'MTN' ? 'Airtel Money' : 'MTN MoMo');

const ADVICE: Record<PaymentFailureKind, (network: MobileMoneyNetwork) => string> = {
  insufficient_funds: (network) =>
    `There was not enough money on the ${wallet(network)} account. Top up (at an agent or from your bank), then try again, or pay with ${otherNetwork(network)}.`,
  not_approved_in_time: (network) =>
    `The prompt was not approved in time. Send a new request and approve it with your PIN within a minute; if no prompt appears, dial ${approvalsCode(network)} and check your pending approvals.`,
  declined_on_phone: () =>
    'The payment was declined on the phone. If that was not you, send a new request and approve it with your PIN.',
  wrong_pin: (network) =>
    `The PIN entered was not accepted. Try again with your ${wallet(network)} PIN (not the SIM PIN); after several wrong PINs the wallet locks until ${network === 'MTN' ? 'MTN' : 'Airtel'} unlocks it.`,
  limit_reached: (network) =>
    `The ${wallet(network)} account has reached its daily or per-payment limit. Pay from another number, with ${otherNetwork(network)}, or cash on delivery.`,
  pending_elsewhere: (network) =>
    `Another payment is already waiting for approval on this number. Dial ${approvalsCode(network)}, approve or reject it in your pending approvals, then try again.`,
  number_not_registered: (network) =>
    `This number has no ${wallet(network)} account. Check the number, or choose the network where you have mobile money.`,
  network_unreachable: (network) =>
    `${network === 'MTN' ? 'MTN' : 'Airtel'} could not be reached just now. Wait a minute and try again, or pay with ${otherNetwork(network)}.`,
  cancelled: () => 'This request was replaced or withdrawn: nothing was taken from your account.',
  unknown: (network) =>
    `The payment did not go through and nothing was taken. Try again, pay with ${otherNetwork(network)}, or choose cash on delivery.`,
};

/** The customer's message for a payment that did not go through: what happened, what to do next. */
export function paymentAdvice(kind: PaymentFailureKind, network: MobileMoneyNetwork): string {
  return ADVICE[kind](network);
}
