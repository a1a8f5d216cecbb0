/**
 * Africa's Talking's bulk SMS API (https://developers.africastalking.com/docs/sms/sending/bulk):
 * `POST {base}/version1/messaging`, headers `apiKey`, `Accept: application/json`, a form-encoded
 * body (`username`, `to`: E.164 numbers comma-separated, `message`, optional `from`). The answer:
 *
 * ```json
 * {"SMSMessageData":{"Message":"Sent to 1/1 Total Cost: UGX 30","Recipients":[
 *   {"statusCode":101,"number":"+256772123456","status":"Success","cost":"UGX 30.0000","messageId":"ATXid_…"}]}}
 * ```
 *
 * Per-recipient status codes: 100 Processed, 101 Sent, 102 Queued (taken); 401 RiskHold,
 * 402 InvalidSenderId, 403 InvalidPhoneNumber, 404 UnsupportedNumberType, 405 InsufficientBalance,
 * 406 UserInBlacklist, 407 CouldNotRoute, 409 DoNotDisturbRejection, 500 InternalServerError,
 * 501 GatewayError, 502 RejectedByGateway. The delivery report is POSTed later to the callback
 * URL registered on the dashboard (see ./sms.routes.ts).
 */

export type AfricasTalkingOptions = {
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId?: string | undefined;
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** The provider took the message: it may still fail to be delivered (the report tells). */
export type SendAccepted = { ok: true; messageId: string; status: string; cost: string | null };
/**
 * Not taken. `permanent`: sending again cannot help (a bad number, a blacklisted or DND
 * subscriber, a bad sender ID); otherwise the attempt is retried later.
 */
export type SendRefused = { ok: false; permanent: boolean; status: string; error: string };
export type SendOutcome = SendAccepted | SendRefused;

const ACCEPTED_CODES = new Set([100, 101, 102]);
const PERMANENT_CODES = new Set([402, 403, 404, 406, 409]);

type Recipient = {
  statusCode?: number;
  number?: string;
  status?: string;
  cost?: string;
  messageId?: string;
};

export function createAfricasTalking(options: AfricasTalkingOptions) {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/$/, '')}/version1/messaging`;
  return {
    async send(to: string, message: string): Promise<SendOutcome> {
      const form = new URLSearchParams({ username: options.username, to, message });
      if (options.senderId) form.set('from', options.senderId);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            apiKey: options.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
        return { ok: false, permanent: false, status: 'NetworkError', error: `Africa's Talking ${reason}` };
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        // 401 (a wrong key) is the shop's to fix; the message keeps being retried until then.
        return {
          ok: false,
          permanent: false,
          status: `HTTP ${response.status}`,
          error: `Africa's Talking answered HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
        };
      }
      let recipient: Recipient | undefined;
      try {
        const body = JSON.parse(text) as { SMSMessageData?: { Message?: string; Recipients?: Recipient[] } };
        recipient =
          body.SMSMessageData?.Recipients?.find((item) => item.number === to) ??
          body.SMSMessageData?.Recipients?.[0];
        if (!recipient) {
          return {
            ok: false,
            permanent: false,
            status: 'NoRecipient',
            error: `Africa's Talking took no recipient: ${body.SMSMessageData?.Message ?? 'no message'}`,
          };
        }
      } catch {
        return {
          ok: false,
          permanent: false,
          status: 'BadAnswer',
          error: "Africa's Talking's answer was not JSON",
        };
      }
      const code = Number(recipient.statusCode);
      const status = recipient.status ?? String(code);
      if (ACCEPTED_CODES.has(code) && recipient.messageId && recipient.messageId !== 'None') {
        return { ok: true, messageId: recipient.messageId, status, cost: recipient.cost ?? null };
      }
      return {
        ok: false,
        permanent: PERMANENT_CODES.has(code),
        status,
        error: `Africa's Talking refused it: ${status} (${code})`,
      };
    },
  };
}

export type AfricasTalking = ReturnType<typeof createAfricasTalking>;
