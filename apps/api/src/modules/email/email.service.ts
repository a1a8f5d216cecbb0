import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { insertDevMail } from './dev-mailbox.repository';

export type OutgoingEmail = {
  to: string;
  subject: string;
  /** Plain-text version (every e-mail has both). */
  text: string;
  /** HTML version; build both with `renderEmail` from ./layout. */
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` on newsletter e-mails (SMTP only; the dev mailbox keeps none). */
  headers?: Record<string, string>;
};

export type EmailService = {
  /** 'smtp' when SMTP_URL is set, else 'dev-mailbox'. */
  readonly transport: 'smtp' | 'dev-mailbox';
  /**
   * Sends now and resolves once the mail server (or the development mailbox) has it. With `tx`,
   * the development mailbox keeps the message in that transaction (it exists only if it commits).
   */
  sendEmail(message: OutgoingEmail, options?: { tx?: Executor }): Promise<void>;
  /**
   * Sends without making the caller wait; a failure is logged. For requests whose answer must
   * not depend on whether an e-mail went out (password reset: no timing difference). Pass a
   * function to also prepare the message in the background; answering null sends nothing.
   */
  sendInBackground(message: OutgoingEmail | (() => Promise<OutgoingEmail | null>)): void;
  /** Resolves when every background send has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

/**
 * E-mail through SMTP (nodemailer) when SMTP_URL is set; otherwise each message is stored in the
 * `dev_mailbox` table, shown at /api/v1/dev/mailbox/ outside production.
 */
export function createEmailService(options: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  db: Database;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** Called when the mail server refuses a message (counted on /metrics). */
  onFailure?: () => void;
}): EmailService {
  const { config, db, log, onFailure } = options;
  const smtpUrl = config.SMTP_URL;
  // nodemailer loads with the first e-mail sent through SMTP: without SMTP_URL it is never needed,
  // and with it most processes send little (it costs about 15 MB of RSS).
  let transporter: Promise<Transporter> | undefined;
  const smtpTransporter = (url: string) =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(url, { from: config.MAIL_FROM }),
    ));
  const inFlight = new Set<Promise<void>>();

  const sendEmail = async (message: OutgoingEmail, sendOptions: { tx?: Executor } = {}) => {
    if (smtpUrl) {
      try {
        await (await smtpTransporter(smtpUrl)).sendMail({
          from: config.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
        });
      } catch (error) {
        onFailure?.();
        throw error;
      }
      return;
    }
    const { headers: _headers, ...stored } = message;
    await insertDevMail(sendOptions.tx ?? db, { from: config.MAIL_FROM, ...stored });
  };

  return {
    transport: smtpUrl ? 'smtp' : 'dev-mailbox',
    sendEmail,
    sendInBackground(message) {
      const held: { message: OutgoingEmail | null } = { message: null };
      const sending = (async () => {
        held.message = typeof message === 'function' ? await message() : message;
        if (held.message) await sendEmail(held.message);
      })()
        .catch(async (error: unknown) => {
          log.error({ err: error }, 'could not send an e-mail');
          // Nobody retries a background send: keep the message for the staff's outbox, so a
          // reset link the mail server refused can still reach the customer.
          if (smtpUrl && held.message) {
            const { headers: _headers, ...stored } = held.message;
            await insertDevMail(db, { from: config.MAIL_FROM, ...stored }).catch((storeError: unknown) =>
              log.error({ err: storeError }, 'could not keep an unsent e-mail for the outbox'),
            );
          }
        })
        .finally(() => {
          inFlight.delete(sending);
        });
      inFlight.add(sending);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      // Only a transporter that was made has connections to close (a failed load was reported
      // by the send that needed it).
      (await transporter?.catch(() => undefined))?.close();
    },
  };
}
