import type { MobileMoneyNetwork } from '@shop/contract/orders';
import type { PaymentProviderName } from '@shop/contract/payments';
import type { StoredNextAction } from '../../../db/schema/payments';

/**
 * What the shop asks of a mobile-money provider. Two implementations: `sandbox` (built in, the
 * default) and `flutterwave` (v3 direct charge). Nothing here gives value: a provider only
 * starts charges and reports, on request, what it knows about one; the settlement decides.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Asks the provider to charge the customer's phone. Never throws for the provider's faults. */
  initiateCharge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What the provider knows of a charge, by its own id when known, else by our reference.
   * Throws {@link ProviderUnavailableError} when the provider cannot say (timeout, 5xx).
   */
  verify(lookup: ChargeLookup): Promise<VerifyResult>;
  /** True when a webhook request carries this provider's secret (compared in constant time). */
  isAuthenticWebhook(headers: Record<string, string | string[] | undefined>): boolean;
  /**
   * Asks the provider to refund (part of) a successful charge. Never throws for the provider's
   * faults: no usable answer is `unknown` (a refund may or may not exist; the poll finds out).
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * What the provider knows of a refund: by its own id when known, else the refund of this
   * charge and amount made since `since`. Null when there is none. Throws
   * {@link ProviderUnavailableError} when the provider cannot say.
   */
  findRefund(lookup: RefundLookup): Promise<ProviderRefund | null>;
}

export type RefundRequest = {
  /** The provider's id of the charge to refund. */
  providerTransactionId: string;
  amount: number;
  /** The reason, as a note on the provider's side. */
  comments: string;
};

/** The provider's statement about one refund, normalised. */
export type ProviderRefund = {
  providerRefundId: string;
  providerTransactionId: string | null;
  status: 'succeeded' | 'failed' | 'pending';
  amount: number;
  raw: unknown;
};

export type RefundResult =
  | { kind: 'accepted'; refund: ProviderRefund }
  /** The provider refused it outright: no refund exists (nothing left to refund, balance, …). */
  | { kind: 'refused'; reason: string; raw: unknown }
  | { kind: 'unknown'; reason: string; raw: unknown };

export type RefundLookup = {
  providerRefundId: string | null;
  providerTransactionId: string;
  amount: number;
  since: Date;
  /** Refund ids already matched to other refunds of ours: never taken for this one. */
  excludeIds: string[];
};

/** Flutterwave's refund words: `completed` is done; failed, error or declined failed; else pending. */
export function normaliseRefundStatus(status: unknown): ProviderRefund['status'] {
  const word = typeof status === 'string' ? status.toLowerCase() : '';
  if (word === 'completed' || word === 'successful') return 'succeeded';
  if (word === 'failed' || word === 'error' || word === 'declined') return 'failed';
  return 'pending';
}

export type ChargeRequest = {
  reference: string;
  amount: number;
  currency: 'UGX';
  email: string;
  fullname: string;
  /** E.164, `+2567XXXXXXXX`. */
  phone: string;
  network: MobileMoneyNetwork;
  /** Absolute URL of the payment return page, with our reference. */
  redirectUrl: string;
};

export type ChargeResult =
  /** The provider took the charge; the customer approves it (phone prompt or provider page). */
  | {
      kind: 'accepted';
      providerTransactionId: string | null;
      nextAction: StoredNextAction;
      raw: unknown;
    }
  /** The provider refused it outright: no charge exists (bad number, unsupported, …). */
  | { kind: 'refused'; reason: string; raw: unknown }
  /** No usable answer (timeout, 5xx, garbage): a charge may or may not exist. Stays pending. */
  | { kind: 'unknown'; reason: string; raw: unknown };

export type ChargeLookup = { providerTransactionId: string | null; reference: string };

/** The provider's statement about one charge, normalised. */
export type ProviderCharge = {
  providerTransactionId: string;
  reference: string;
  status: 'successful' | 'failed' | 'cancelled' | 'pending';
  amount: number;
  currency: string;
  /** The network's or processor's words, e.g. "Insufficient funds". */
  processorResponse: string | null;
  raw: unknown;
};

export type VerifyResult = { kind: 'found'; charge: ProviderCharge } | { kind: 'not_found'; raw: unknown };

export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly raw: unknown = null,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/**
 * Maps a provider's status word to ours; anything unknown counts as still pending. Only the
 * documented word, exactly `successful`, means paid: no near miss ("success", "Successful") ever
 * gives value.
 */
export function normaliseProviderStatus(status: unknown): ProviderCharge['status'] {
  if (status === 'successful') return 'successful';
  const word = typeof status === 'string' ? status.toLowerCase() : '';
  if (word === 'failed' || word === 'error') return 'failed';
  if (word === 'cancelled' || word === 'canceled') return 'cancelled';
  return 'pending';
}
