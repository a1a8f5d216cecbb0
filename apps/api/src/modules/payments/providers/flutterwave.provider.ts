import { paymentMessages } from '@shop/contract/payments';
import {
  type ChargeLookup,
  type ChargeRequest,
  type ChargeResult,
  normaliseProviderStatus,
  normaliseRefundStatus,
  type PaymentProvider,
  type ProviderRefund,
  ProviderUnavailableError,
  type RefundLookup,
  type RefundRequest,
  type RefundResult,
  type VerifyResult,
} from './provider';
import { secretHeaderMatches, WEBHOOK_HASH_HEADER } from './webhook-secret';

/**
 * Flutterwave v3 direct charge for Uganda mobile money (MTN and AIRTEL):
 *
 * - `POST /v3/charges?type=mobile_money_uganda` with tx_ref, amount, currency, email,
 *   phone_number, network, fullname and redirect_url. Flutterwave answers
 *   `{ status: 'success', message: 'Charge initiated', meta: { authorization: { mode: 'redirect',
 *   redirect } } }`: the customer opens `redirect`, then approves on their phone.
 * - `GET /v3/transactions/{id}/verify`, or `/v3/transactions/verify_by_reference?tx_ref=` before
 *   the id is known: `{ status: 'success', data: { id, tx_ref, amount, currency, status, … } }`.
 * - Webhooks carry the dashboard's secret hash in `verif-hash`.
 * - Refunds: `POST /v3/transactions/{id}/refund` with `amount` and `comments` answers
 *   `{ status: 'success', message: 'Transaction refund initiated', data: { id, tx_id, flw_ref,
 *   amount_refunded, status: 'completed' | 'pending' | …, created_at } }`; `GET /v3/refunds/{id}`
 *   tells one refund, `GET /v3/refunds?from=&to=` lists them (found by tx_id when the refund
 *   call got no answer).
 *
 * A timeout, a 5xx or an unreadable answer never decides anything: the charge stays pending and
 * the poll asks again.
 */
export type FlutterwaveOptions = {
  secretKey: string;
  webhookHash: string;
  baseUrl: string;
  timeoutMs: number;
};

type FlutterwaveAnswer = {
  status?: unknown;
  message?: unknown;
  data?: unknown;
  meta?: { authorization?: { mode?: unknown; redirect?: unknown } } | null;
};

type HttpOutcome =
  | { kind: 'answer'; status: number; body: FlutterwaveAnswer | null; text: string }
  | { kind: 'no_answer'; reason: string };

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** Flutterwave wants Ugandan numbers as 2567XXXXXXXX. */
const flutterwavePhone = (e164: string) => e164.replace(/^\+/, '');

export function createFlutterwaveProvider(options: FlutterwaveOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpOutcome> {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const raw = await response.text();
      let parsed: FlutterwaveAnswer | null = null;
      try {
        const value: unknown = JSON.parse(raw);
        if (typeof value === 'object' && value !== null) parsed = value as FlutterwaveAnswer;
      } catch {
        parsed = null;
      }
      return { kind: 'answer', status: response.status, body: parsed, text: raw.slice(0, 2000) };
    } catch (error) {
      const name = (error as { name?: string }).name;
      return {
        kind: 'no_answer',
        reason: name === 'TimeoutError' ? 'timeout' : `no answer (${(error as Error).message})`,
      };
    }
  }

  return {
    name: 'flutterwave',

    async initiateCharge(request: ChargeRequest): Promise<ChargeResult> {
      const outcome = await call('POST', '/v3/charges?type=mobile_money_uganda', {
        tx_ref: request.reference,
        amount: request.amount,
        currency: request.currency,
        email: request.email,
        phone_number: flutterwavePhone(request.phone),
        network: request.network,
        fullname: request.fullname,
        redirect_url: request.redirectUrl,
      });
      if (outcome.kind === 'no_answer') {
        return { kind: 'unknown', reason: `Flutterwave: ${outcome.reason}`, raw: null };
      }
      const { status, body } = outcome;
      const raw = body ?? outcome.text;
      if (status >= 500 || body === null) {
        return { kind: 'unknown', reason: `Flutterwave answered ${status}`, raw };
      }
      if (status >= 400 || body.status !== 'success') {
        const message = text(body.message) ?? `Flutterwave answered ${status}`;
        return { kind: 'refused', reason: message, raw };
      }
      const data = (typeof body.data === 'object' && body.data !== null ? body.data : {}) as {
        id?: unknown;
      };
      const providerTransactionId =
        typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : null;
      const redirect = text(body.meta?.authorization?.redirect);
      if (redirect && /^https?:\/\//.test(redirect)) {
        return {
          kind: 'accepted',
          providerTransactionId,
          nextAction: { type: 'redirect', message: paymentMessages.redirect, url: redirect },
          raw,
        };
      }
      return {
        kind: 'accepted',
        providerTransactionId,
        nextAction: {
          type: 'approve_on_phone',
          message: paymentMessages.approveOnPhone(request.network),
          sandbox_url: null,
        },
        raw,
      };
    },

    async verify(lookup: ChargeLookup): Promise<VerifyResult> {
      const path = lookup.providerTransactionId
        ? `/v3/transactions/${encodeURIComponent(lookup.providerTransactionId)}/verify`
        : `/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(lookup.reference)}`;
      const outcome = await call('GET', path);
      if (outcome.kind === 'no_answer') throw new ProviderUnavailableError(`Flutterwave: ${outcome.reason}`);
      const { status, body } = outcome;
      if (status >= 500 || body === null) {
        throw new ProviderUnavailableError(`Flutterwave answered ${status}`, body ?? outcome.text);
      }
      if (status === 400 || status === 404) {
        // "No transaction was found for this id": the charge never reached Flutterwave.
        return { kind: 'not_found', raw: body };
      }
      const data = body.data as Record<string, unknown> | null | undefined;
      if (status >= 400 || body.status !== 'success' || typeof data !== 'object' || data === null) {
        throw new ProviderUnavailableError(
          `Flutterwave answered ${status}: ${text(body.message) ?? ''}`,
          body,
        );
      }
      if (typeof data.id !== 'number' && typeof data.id !== 'string') {
        throw new ProviderUnavailableError('Flutterwave answered a transaction without an id', body);
      }
      const amount = Number(data.amount);
      return {
        kind: 'found',
        charge: {
          providerTransactionId: String(data.id),
          reference: text(data.tx_ref) ?? '',
          status: normaliseProviderStatus(data.status),
          amount: Number.isFinite(amount) ? amount : 0,
          currency: text(data.currency) ?? '',
          processorResponse: text(data.processor_response),
          raw: body,
        },
      };
    },

    isAuthenticWebhook(headers) {
      return secretHeaderMatches(headers, WEBHOOK_HASH_HEADER, options.webhookHash);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const outcome = await call(
        'POST',
        `/v3/transactions/${encodeURIComponent(request.providerTransactionId)}/refund`,
        { amount: request.amount, comments: request.comments.slice(0, 200) },
      );
      if (outcome.kind === 'no_answer') {
        return { kind: 'unknown', reason: `Flutterwave: ${outcome.reason}`, raw: null };
      }
      const { status, body } = outcome;
      const raw = body ?? outcome.text;
      if (status >= 500 || body === null) {
        return { kind: 'unknown', reason: `Flutterwave answered ${status}`, raw };
      }
      if (status >= 400 || body.status !== 'success') {
        return { kind: 'refused', reason: text(body.message) ?? `Flutterwave answered ${status}`, raw };
      }
      const refund = refundOf(body.data, body);
      if (!refund) return { kind: 'unknown', reason: 'Flutterwave answered a refund without an id', raw };
      return { kind: 'accepted', refund };
    },

    async findRefund(lookup: RefundLookup): Promise<ProviderRefund | null> {
      if (lookup.providerRefundId) {
        const outcome = await call('GET', `/v3/refunds/${encodeURIComponent(lookup.providerRefundId)}`);
        const body = answered(outcome);
        if (body === 'not_found') return null;
        return refundOf(body.data, body);
      }
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const outcome = await call(
        'GET',
        `/v3/refunds?from=${day(lookup.since)}&to=${day(new Date(Date.now() + 86_400_000))}`,
      );
      const body = answered(outcome);
      if (body === 'not_found' || !Array.isArray(body.data)) return null;
      for (const item of body.data) {
        const refund = refundOf(item, item);
        if (
          refund &&
          refund.providerTransactionId === lookup.providerTransactionId &&
          refund.amount === lookup.amount &&
          !lookup.excludeIds.includes(refund.providerRefundId)
        ) {
          return refund;
        }
      }
      return null;
    },
  };
}

/** A readable answer's body, 'not_found' for 400/404; throws when Flutterwave could not say. */
function answered(outcome: HttpOutcome): FlutterwaveAnswer | 'not_found' {
  if (outcome.kind === 'no_answer') throw new ProviderUnavailableError(`Flutterwave: ${outcome.reason}`);
  const { status, body } = outcome;
  if (status >= 500 || body === null) {
    throw new ProviderUnavailableError(`Flutterwave answered ${status}`, body ?? outcome.text);
  }
  if (status === 400 || status === 404) return 'not_found';
  if (status >= 400 || body.status !== 'success') {
    throw new ProviderUnavailableError(`Flutterwave answered ${status}: ${text(body.message) ?? ''}`, body);
  }
  return body;
}

function refundOf(data: unknown, raw: unknown): ProviderRefund | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  if (typeof fields.id !== 'number' && typeof fields.id !== 'string') return null;
  const amount = Number(fields.amount_refunded);
  const txId = fields.tx_id;
  return {
    providerRefundId: String(fields.id),
    providerTransactionId: typeof txId === 'number' || typeof txId === 'string' ? String(txId) : null,
    status: normaliseRefundStatus(fields.status),
    amount: Number.isFinite(amount) ? amount : 0,
    raw,
  };
}
