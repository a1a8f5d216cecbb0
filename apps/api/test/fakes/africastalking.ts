import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Africa's Talking's SMS API on 127.0.0.1, following its documented formats
 * (https://developers.africastalking.com/docs/sms/sending/bulk and …/notifications):
 *
 * - `POST /version1/messaging` with headers `apiKey` and `Accept: application/json` and a
 *   form-encoded body (`username`, `to`: E.164 numbers comma-separated, `message`, optional
 *   `from`) answers 201 `{"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: UGX 30.0000",
 *   "Recipients":[{"statusCode":101,"number":"+256…","status":"Success","cost":"UGX 30.0000",
 *   "messageId":"ATXid_…"}]}}`. A wrong apiKey is a 401 (plain text, as the real one), a
 *   missing field a 400.
 * - Delivery reports: `report(messageId, status)` POSTs the form-encoded callback (`id`,
 *   `status`, `phoneNumber`, `networkCode`, `failureReason`, `retryCount`) to `callbackUrl`.
 *
 * Tests (and the Playwright journey, through its control routes under `/__fake/`) script what
 * happens next: an HTTP 500, or a per-recipient statusCode such as 403 InvalidPhoneNumber or
 * 405 InsufficientBalance, for the next N requests. Nothing leaves the machine.
 */

export type FakeSms = {
  messageId: string;
  username: string;
  to: string;
  message: string;
  from: string | null;
  at: string;
};

export type FailureScript =
  | { kind: 'http'; status: number }
  | { kind: 'recipient'; statusCode: number; status: string };

const RECIPIENT_STATUSES: Record<number, string> = {
  401: 'RiskHold',
  402: 'InvalidSenderId',
  403: 'InvalidPhoneNumber',
  404: 'UnsupportedNumberType',
  405: 'InsufficientBalance',
  406: 'UserInBlacklist',
  407: 'CouldNotRoute',
  409: 'DoNotDisturbRejection',
  500: 'InternalServerError',
  501: 'GatewayError',
  502: 'RejectedByGateway',
};

export type FakeAfricasTalkingOptions = {
  username?: string;
  apiKey?: string;
  port?: number;
  /** Where delivery reports go (can be set later). */
  callbackUrl?: string;
};

export class FakeAfricasTalking {
  readonly username: string;
  readonly apiKey: string;
  callbackUrl: string | null;
  /** Every message taken, in order. */
  readonly messages: FakeSms[] = [];
  /** Every request to /version1/messaging, taken or not. */
  requests = 0;
  #failures: FailureScript[] = [];
  #server: http.Server | null = null;
  #sequence = 0;

  constructor(options: FakeAfricasTalkingOptions = {}) {
    this.username = options.username ?? 'sandbox';
    this.apiKey = options.apiKey ?? 'atsk_fake_key_for_tests_0123456789';
    this.callbackUrl = options.callbackUrl ?? null;
  }

  get url(): string {
    const address = this.#server?.address() as AddressInfo | null;
    if (!address) throw new Error('the fake is not started');
    return `http://127.0.0.1:${address.port}`;
  }

  /** The next requests fail this way (in order), then the fake takes messages again. */
  failNext(...failures: FailureScript[]) {
    this.#failures.push(...failures);
  }

  /** Messages to one number. */
  messagesTo(phone: string): FakeSms[] {
    return this.messages.filter((sms) => sms.to === phone);
  }

  reset() {
    this.messages.length = 0;
    this.#failures = [];
    this.requests = 0;
  }

  /** POSTs a delivery report for a message to the callback URL; answers the callback's status. */
  async report(
    messageId: string,
    status: 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed',
    failureReason?: string,
  ): Promise<number> {
    if (!this.callbackUrl) throw new Error('no callback URL');
    const sms = this.messages.find((item) => item.messageId === messageId);
    const form = new URLSearchParams({
      id: messageId,
      status,
      phoneNumber: sms?.to ?? '',
      networkCode: '64110',
      retryCount: '0',
      ...(failureReason ? { failureReason } : {}),
    });
    const response = await fetch(this.callbackUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    return response.status;
  }

  async start(port = 0): Promise<this> {
    this.#server = http.createServer((request, response) => {
      void this.#handle(request, response).catch(() => {
        response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(port, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async #handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://fake');
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };

    // Control routes for the Playwright journey (not part of Africa's Talking).
    if (url.pathname === '/__fake/messages' && request.method === 'GET') return json(200, this.messages);
    if (url.pathname === '/__fake/reset' && request.method === 'POST') {
      this.reset();
      return json(200, { ok: true });
    }
    if (url.pathname === '/__fake/fail' && request.method === 'POST') {
      this.failNext(JSON.parse(body) as FailureScript);
      return json(200, { ok: true });
    }
    if (url.pathname === '/__fake/callback' && request.method === 'POST') {
      this.callbackUrl = (JSON.parse(body) as { url: string }).url;
      return json(200, { ok: true });
    }
    if (url.pathname === '/__fake/report' && request.method === 'POST') {
      const { id, status } = JSON.parse(body) as { id: string; status: 'Success' };
      return json(200, { callbackStatus: await this.report(id, status) });
    }

    if (url.pathname !== '/version1/messaging' || request.method !== 'POST') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    this.requests += 1;
    if (request.headers.apikey !== this.apiKey) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('The supplied authentication is invalid');
      return;
    }
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      response.writeHead(415, { 'content-type': 'text/plain' }).end('Unsupported Media Type');
      return;
    }
    const form = new URLSearchParams(body);
    const username = form.get('username');
    const to = form.get('to');
    const message = form.get('message');
    if (!username || !to || !message) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Request is missing required form field');
      return;
    }
    if (username !== this.username) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('The supplied authentication is invalid');
      return;
    }
    const failure = this.#failures.shift();
    if (failure?.kind === 'http') {
      response.writeHead(failure.status, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    const numbers = to.split(',').map((number) => number.trim());
    const parts = Math.max(1, Math.ceil(message.length / 153));
    const recipients = numbers.map((number) => {
      if (failure?.kind === 'recipient') {
        return {
          statusCode: failure.statusCode,
          number,
          status: failure.status || RECIPIENT_STATUSES[failure.statusCode] || 'Failed',
          cost: '0',
          messageId: 'None',
        };
      }
      this.#sequence += 1;
      const messageId = `ATXid_${Date.now().toString(16)}${this.#sequence.toString(16).padStart(6, '0')}`;
      this.messages.push({
        messageId,
        username,
        to: number,
        message,
        from: form.get('from'),
        at: new Date().toISOString(),
      });
      return {
        statusCode: 101,
        number,
        status: 'Success',
        cost: `UGX ${(30 * parts).toFixed(4)}`,
        messageId,
      };
    });
    const taken = recipients.filter((item) => item.statusCode === 101).length;
    json(201, {
      SMSMessageData: {
        Message: `Sent to ${taken}/${recipients.length} Total Cost: UGX ${(30 * parts * taken).toFixed(4)}`,
        Recipients: recipients,
      },
    });
  }
}

/** `tsx apps/api/test/fakes/africastalking.ts`: runs the fake on FAKE_AT_PORT (Playwright). */
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const fake = new FakeAfricasTalking({
    username: process.env.FAKE_AT_USERNAME,
    apiKey: process.env.FAKE_AT_API_KEY,
    callbackUrl: process.env.FAKE_AT_CALLBACK_URL,
  });
  await fake.start(Number(process.env.FAKE_AT_PORT ?? 0));
  process.stdout.write(`fake Africa's Talking on ${fake.url}\n`);
  const stop = () => void fake.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
