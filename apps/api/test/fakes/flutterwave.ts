import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Flutterwave v3, on 127.0.0.1, following its documented requests and
 * answers for Uganda mobile money:
 *
 * - `POST /v3/charges?type=mobile_money_uganda` (Bearer secret key; tx_ref, amount, currency UGX,
 *   email, phone_number, network MTN|AIRTEL, fullname, redirect_url) answers
 *   `{ status: 'success', message: 'Charge initiated', meta: { authorization: { redirect, mode: 'redirect' } } }`;
 *   a bad request answers 400 `{ status: 'error', message, data: null }`.
 * - `GET /v3/transactions/{id}/verify` and `GET /v3/transactions/verify_by_reference?tx_ref=`
 *   answer `{ status: 'success', message: 'Transaction fetched successfully', data: { id, tx_ref,
 *   flw_ref, amount, currency, charged_amount, status, processor_response, payment_type, … } }`,
 *   or 400 `{ status: 'error', message: 'No transaction was found for this id', data: null }`.
 *
 * - `POST /v3/transactions/{id}/refund` (`amount`, `comments`) answers `{ status: 'success', message:
 *   'Transaction refund initiated', data: { id, tx_id, flw_ref, amount_refunded, status, … } }`, or
 *   400 when the charge is unknown, not successful, or the amount exceeds what is left to refund;
 *   `GET /v3/refunds/{id}` and `GET /v3/refunds?from=&to=` tell refunds.
 *
 * Tests script what happens: how the charge call answers, what the customer does, what verify
 * reports (including short amounts, another currency, timeouts and 5xx). Nothing leaves the machine.
 */

export type ChargeBehaviour =
  /** Takes the charge (the default). */
  | 'accept'
  /** 400: the request is refused (no charge exists). */
  | 'refuse'
  /** Never answers (the client times out); the charge is not created. */
  | 'timeout'
  /** Never answers, but the charge *is* created: the client cannot know. */
  | 'timeout_after_create'
  /** 503 without creating the charge. */
  | 'server_error'
  /** Creates the charge, then answers 502. */
  | 'server_error_after_create';

export type VerifyBehaviour = 'answer' | 'timeout' | 'server_error';

export type ChargeScript = {
  charge?: ChargeBehaviour;
  /** The status after the customer's answer (default successful), reported by verify. */
  outcome?: 'successful' | 'failed' | 'pending';
  /** Verify says pending this many times before reporting the outcome. */
  pendingChecks?: number;
  /** What verify reports as paid, when it differs from what was asked (a short payment). */
  paidAmount?: number;
  paidCurrency?: string;
  /** Answers of successive verify calls for this charge; 'answer' once the list is used up. */
  verify?: VerifyBehaviour[];
  processorResponse?: string;
  /** The status word verify reports instead of the usual one (answers outside the documented set). */
  statusWord?: string;
};

export type FakeCharge = {
  id: number;
  txRef: string;
  flwRef: string;
  amount: number;
  currency: string;
  email: string;
  phoneNumber: string;
  network: string;
  fullname: string | null;
  redirectUrl: string | null;
  script: ChargeScript;
  verifyCalls: number;
  createdAt: Date;
};

export type RefundScript = {
  /** How the refund call answers: with the refund (default), no answer after creating it, or 503. */
  call?: 'answer' | 'timeout_after_create' | 'server_error';
  /** The refund's status when created (default completed); change it later with settleRefund. */
  status?: 'completed' | 'pending' | 'failed';
};

export type FakeRefund = {
  id: number;
  txId: number;
  amount: number;
  status: string;
  comments: string | null;
  createdAt: Date;
};

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
};

export type FakeFlutterwave = {
  url: string;
  secretKey: string;
  webhookHash: string;
  requests: RecordedRequest[];
  charges: Map<string, FakeCharge>;
  /** The script of the next charges (one each, in order); then the default. */
  script(...scripts: ChargeScript[]): void;
  /** The webhook body Flutterwave would send now for this charge. */
  webhookBody(txRef: string): Record<string, unknown>;
  refunds: Map<number, FakeRefund>;
  /** The script of the next refund calls (one each, in order); then the default. */
  scriptRefunds(...scripts: RefundScript[]): void;
  /** Flutterwave finishes a pending refund. */
  settleRefund(id: number, status: 'completed' | 'failed'): void;
  /** The webhook body Flutterwave would send now for this refund. */
  refundWebhookBody(id: number): Record<string, unknown>;
  close(): Promise<void>;
};

const json = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export async function startFakeFlutterwave(
  options: { secretKey?: string; webhookHash?: string } = {},
): Promise<FakeFlutterwave> {
  const secretKey = options.secretKey ?? 'FLWSECK_TEST-fake-0123456789abcdef-X';
  const webhookHash = options.webhookHash ?? 'fake-webhook-hash-0123456789';
  const requests: RecordedRequest[] = [];
  const charges = new Map<string, FakeCharge>();
  const queued: ChargeScript[] = [];
  const hanging = new Set<http.ServerResponse>();
  let nextId = 4_100_001;
  const refunds = new Map<number, FakeRefund>();
  const refundScripts: RefundScript[] = [];
  let nextRefundId = 7_500_001;
  const refundData = (refund: FakeRefund) => ({
    id: refund.id,
    account_id: 17321,
    tx_id: refund.txId,
    flw_ref: `URF_${refund.createdAt.getTime()}_${refund.id}`,
    wallet_id: 74639,
    amount_refunded: refund.amount,
    status: refund.status,
    destination: 'payment_source',
    comments: refund.comments,
    meta: { source: 'availablebalance' },
    created_at: refund.createdAt.toISOString(),
  });

  const chargeData = (charge: FakeCharge) => {
    const { script } = charge;
    const pendingLeft = (script.pendingChecks ?? 0) - charge.verifyCalls;
    const status = pendingLeft > 0 ? 'pending' : (script.outcome ?? 'successful');
    const amount = script.paidAmount ?? charge.amount;
    return {
      id: charge.id,
      tx_ref: charge.txRef,
      flw_ref: charge.flwRef,
      device_fingerprint: 'N/A',
      amount,
      currency: script.paidCurrency ?? charge.currency,
      charged_amount: amount,
      app_fee: Math.round(amount * 0.029),
      merchant_fee: 0,
      processor_response:
        script.processorResponse ??
        (status === 'successful' ? 'Approved' : status === 'failed' ? 'Insufficient funds' : 'Pending'),
      auth_model: 'MOBILEMONEY',
      ip: '127.0.0.1',
      narration: 'Kampala Cellars',
      status: script.statusWord ?? status,
      payment_type: 'mobilemoneyug',
      created_at: charge.createdAt.toISOString(),
      account_id: 17321,
      meta: null,
      customer: {
        id: 255000 + charge.id,
        name: charge.fullname ?? 'Anonymous customer',
        phone_number: charge.phoneNumber,
        email: charge.email,
        created_at: charge.createdAt.toISOString(),
      },
    };
  };

  const hang = (response: http.ServerResponse) => {
    hanging.add(response);
    response.on('close', () => hanging.delete(response));
  };

  const answerVerify = (response: http.ServerResponse, charge: FakeCharge | undefined) => {
    if (!charge) {
      json(response, 400, { status: 'error', message: 'No transaction was found for this id', data: null });
      return;
    }
    const behaviour = charge.script.verify?.shift() ?? 'answer';
    if (behaviour === 'timeout') return hang(response);
    if (behaviour === 'server_error') {
      json(response, 500, { status: 'error', message: 'Internal server error', data: null });
      return;
    }
    const data = chargeData(charge);
    charge.verifyCalls += 1;
    json(response, 200, { status: 'success', message: 'Transaction fetched successfully', data });
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      let body: unknown = null;
      if (chunks.length > 0) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
      }
      requests.push({
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        body,
      });

      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        json(response, 401, { status: 'error', message: 'Invalid authorization key', data: null });
        return;
      }

      if (request.method === 'POST' && url.pathname === '/v3/charges') {
        if (url.searchParams.get('type') !== 'mobile_money_uganda') {
          json(response, 400, { status: 'error', message: 'Invalid charge type', data: null });
          return;
        }
        const fields = (body ?? {}) as Record<string, unknown>;
        const missing = ['tx_ref', 'amount', 'currency', 'email', 'phone_number', 'network'].find(
          (name) => fields[name] === undefined || fields[name] === '',
        );
        if (missing) {
          json(response, 400, { status: 'error', message: `${missing} is required`, data: null });
          return;
        }
        if (fields.currency !== 'UGX') {
          json(response, 400, {
            status: 'error',
            message: 'Invalid currency for Uganda mobile money',
            data: null,
          });
          return;
        }
        if (fields.network !== 'MTN' && fields.network !== 'AIRTEL') {
          json(response, 400, { status: 'error', message: 'Invalid network', data: null });
          return;
        }
        const txRef = String(fields.tx_ref);
        if (charges.has(txRef)) {
          json(response, 400, { status: 'error', message: 'Duplicate transaction reference', data: null });
          return;
        }
        const script = queued.shift() ?? {};
        const behaviour = script.charge ?? 'accept';
        if (behaviour === 'refuse') {
          json(response, 400, {
            status: 'error',
            message: 'Invalid phone number for the network',
            data: null,
          });
          return;
        }
        if (behaviour === 'timeout') return hang(response);
        if (behaviour === 'server_error') {
          json(response, 503, { status: 'error', message: 'Service unavailable', data: null });
          return;
        }
        const id = nextId++;
        const charge: FakeCharge = {
          id,
          txRef,
          flwRef: `FLW-MOCK-${id}`,
          amount: Number(fields.amount),
          currency: String(fields.currency),
          email: String(fields.email),
          phoneNumber: String(fields.phone_number),
          network: String(fields.network),
          fullname: typeof fields.fullname === 'string' ? fields.fullname : null,
          redirectUrl: typeof fields.redirect_url === 'string' ? fields.redirect_url : null,
          script,
          verifyCalls: 0,
          createdAt: new Date(),
        };
        charges.set(txRef, charge);
        if (behaviour === 'timeout_after_create') return hang(response);
        if (behaviour === 'server_error_after_create') {
          json(response, 502, { status: 'error', message: 'Bad gateway', data: null });
          return;
        }
        json(response, 200, {
          status: 'success',
          message: 'Charge initiated',
          meta: {
            authorization: {
              redirect: `${fake.url}/captcha/verify/lang-en/${id}:${charge.flwRef}`,
              mode: 'redirect',
            },
          },
        });
        return;
      }

      const byId = /^\/v3\/transactions\/(\d+)\/verify$/.exec(url.pathname);
      if (request.method === 'GET' && byId) {
        const id = Number(byId[1]);
        answerVerify(
          response,
          [...charges.values()].find((charge) => charge.id === id),
        );
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v3/transactions/verify_by_reference') {
        answerVerify(response, charges.get(url.searchParams.get('tx_ref') ?? ''));
        return;
      }
      const refundOf = /^\/v3\/transactions\/(\d+)\/refund$/.exec(url.pathname);
      if (request.method === 'POST' && refundOf) {
        const charge = [...charges.values()].find((candidate) => candidate.id === Number(refundOf[1]));
        const fields = (body ?? {}) as Record<string, unknown>;
        const amount = fields.amount === undefined ? charge?.amount : Number(fields.amount);
        const script = refundScripts.shift() ?? {};
        if (script.call === 'server_error') {
          json(response, 503, { status: 'error', message: 'Service unavailable', data: null });
          return;
        }
        if (!charge || (charge.script.outcome ?? 'successful') !== 'successful') {
          json(response, 400, {
            status: 'error',
            message: 'Transaction not found or not successful',
            data: null,
          });
          return;
        }
        const refunded = [...refunds.values()]
          .filter((refund) => refund.txId === charge.id && refund.status !== 'failed')
          .reduce((sum, refund) => sum + refund.amount, 0);
        const paid = charge.script.paidAmount ?? charge.amount;
        if (!amount || !Number.isInteger(amount) || amount <= 0 || refunded + amount > paid) {
          json(response, 400, {
            status: 'error',
            message: 'Refund amount exceeds the amount left to refund',
            data: null,
          });
          return;
        }
        const refund: FakeRefund = {
          id: nextRefundId++,
          txId: charge.id,
          amount,
          status: script.status ?? 'completed',
          comments: typeof fields.comments === 'string' ? fields.comments : null,
          createdAt: new Date(),
        };
        refunds.set(refund.id, refund);
        if (script.call === 'timeout_after_create') return hang(response);
        json(response, 200, {
          status: 'success',
          message: 'Transaction refund initiated',
          data: refundData(refund),
        });
        return;
      }
      const refundById = /^\/v3\/refunds\/(\d+)$/.exec(url.pathname);
      if (request.method === 'GET' && refundById) {
        const refund = refunds.get(Number(refundById[1]));
        if (!refund) {
          json(response, 404, { status: 'error', message: 'Refund not found', data: null });
          return;
        }
        json(response, 200, { status: 'success', message: 'Refund fetched', data: refundData(refund) });
        return;
      }
      if (request.method === 'GET' && url.pathname === '/v3/refunds') {
        json(response, 200, {
          status: 'success',
          message: 'Refunds fetched',
          meta: { page_info: { total: refunds.size, current_page: 1, total_pages: 1 } },
          data: [...refunds.values()].map(refundData),
        });
        return;
      }
      json(response, 404, { status: 'error', message: 'Not found', data: null });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeFlutterwave = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookHash,
    requests,
    charges,
    script(...scripts) {
      queued.push(...scripts);
    },
    webhookBody(txRef) {
      const charge = charges.get(txRef);
      if (!charge) throw new Error(`no fake charge ${txRef}`);
      return {
        event: 'charge.completed',
        data: chargeData(charge),
        'event.type': 'MOBILEMONEYUG_TRANSACTION',
      };
    },
    refunds,
    scriptRefunds(...scripts) {
      refundScripts.push(...scripts);
    },
    settleRefund(id, status) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no fake refund ${id}`);
      refund.status = status;
    },
    refundWebhookBody(id) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no fake refund ${id}`);
      return { event: 'refund.completed', data: refundData(refund) };
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
