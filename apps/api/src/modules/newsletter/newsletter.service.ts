import crypto from 'node:crypto';
import type { ConsentSource } from '@shop/contract/consents';
import {
  type ConfirmSubscriptionResponse,
  NEWSLETTER_CONFIRMATION_TTL_HOURS,
  NEWSLETTER_EXPORT_COLUMNS,
  newsletterApiMessages,
  type SubscribeResponse,
  type UnsubscribeResponse,
} from '@shop/contract/newsletter';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { csvLine } from '../../lib/csv';
import { recordConsent } from '../consents/consents.repository';
import type { EmailService } from '../email/email.service';
import { confirmationEmail, confirmUrl, welcomeEmail } from './newsletter.emails';
import {
  confirmedSubscribersAfter,
  type ExportCursor,
  lockByConfirmTokenHash,
  lockByUnsubscribeToken,
  lockOrCreateSubscriber,
  updateSubscriber,
} from './newsletter.repository';

/**
 * The newsletter's rules: double opt-in, one row per address whatever its letter case, an answer
 * that never tells whether an address was subscribed, a few confirmation e-mails per address per
 * day at most, and one-click unsubscribe from every newsletter e-mail.
 */

export type NewsletterDeps = {
  db: Database;
  email: EmailService;
  publicUrl: string;
  /** Confirmation e-mails per address per day. */
  emailLimitPerDay: number;
  now?: () => Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const newToken = () => crypto.randomBytes(32).toString('base64url');
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** A token that matches nothing (or has expired): the same answer either way. */
const linkInvalid = () => new AppError('not_found', newsletterApiMessages.linkInvalid);

const ACCEPTED: SubscribeResponse = {
  status: 'pending_confirmation',
  message: newsletterApiMessages.checkInbox,
};

/**
 * Subscribes `email`. New, waiting and unsubscribed addresses get a fresh confirmation link
 * (the previous one stops working); a confirmed address is left as it is. The answer is the same
 * in every case, and the e-mail goes out after the answer, so neither its content nor its timing
 * tells anything.
 */
export async function subscribe(
  deps: NewsletterDeps,
  input: { email: string; ip: string | null; source?: ConsentSource },
): Promise<SubscribeResponse> {
  const now = deps.now?.() ?? new Date();
  const email = normaliseEmail(input.email);
  const send = await deps.db.transaction(async (tx) => {
    const row = await lockOrCreateSubscriber(tx, email, { unsubscribeToken: newToken(), ip: input.ip });
    if (row.status === 'confirmed') return null;
    const windowStart = row.confirmationWindowStartedAt;
    const windowOpen = windowStart !== null && now.getTime() - windowStart.getTime() < DAY_MS;
    const sent = windowOpen ? row.confirmationsSent : 0;
    // Past the limit the answer stays the same and no e-mail goes out: nobody can use the form
    // to flood an inbox.
    if (sent >= deps.emailLimitPerDay) return null;
    const token = newToken();
    await updateSubscriber(tx, row.id, {
      status: 'pending',
      confirmTokenHash: hashToken(token),
      confirmTokenExpiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRMATION_TTL_HOURS * HOUR_MS),
      confirmationsSent: sent + 1,
      confirmationWindowStartedAt: windowOpen ? windowStart : now,
      subscribedIp: input.ip,
    });
    await recordConsent(tx, {
      email,
      purpose: 'newsletter_email',
      action: 'requested',
      source: input.source ?? 'newsletter_form',
    });
    return token;
  });
  if (send)
    deps.email.sendInBackground(confirmationEmail({ to: email, url: confirmUrl(deps.publicUrl, send) }));
  return ACCEPTED;
}

/** Confirms the address of the link. Clicking it again answers the same; an old link is refused. */
export async function confirm(
  deps: NewsletterDeps,
  input: { token: string; ip: string | null },
): Promise<ConfirmSubscriptionResponse> {
  const now = deps.now?.() ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockByConfirmTokenHash(tx, hashToken(input.token));
    if (!row?.confirmTokenExpiresAt || row.confirmTokenExpiresAt.getTime() <= now.getTime()) return null;
    if (row.status === 'confirmed') return { row, first: false };
    const confirmed = await updateSubscriber(tx, row.id, {
      status: 'confirmed',
      confirmedAt: now,
      confirmedIp: input.ip,
      unsubscribedAt: null,
    });
    await recordConsent(tx, {
      email: row.email,
      purpose: 'newsletter_email',
      action: 'given',
      source: 'newsletter_confirm_link',
    });
    return { row: confirmed, first: true };
  });
  if (!result) throw linkInvalid();
  if (result.first) {
    deps.email.sendInBackground(
      welcomeEmail({
        to: result.row.email,
        publicUrl: deps.publicUrl,
        unsubscribeToken: result.row.unsubscribeToken,
      }),
    );
  }
  return { status: 'confirmed', email: result.row.email, message: newsletterApiMessages.confirmed };
}

/** Unsubscribes the address of the link, for good (a new subscription needs a new confirmation). */
export async function unsubscribe(
  deps: NewsletterDeps,
  input: { token: string; source: ConsentSource },
): Promise<UnsubscribeResponse> {
  const now = deps.now?.() ?? new Date();
  const row = await deps.db.transaction(async (tx) => {
    const found = await lockByUnsubscribeToken(tx, input.token);
    if (!found) return null;
    if (found.status === 'unsubscribed') return found;
    await recordConsent(tx, {
      email: found.email,
      purpose: 'newsletter_email',
      action: 'withdrawn',
      source: input.source,
    });
    return updateSubscriber(tx, found.id, {
      status: 'unsubscribed',
      unsubscribedAt: now,
      // The old confirmation link must not subscribe the address again.
      confirmTokenHash: null,
      confirmTokenExpiresAt: null,
    });
  });
  if (!row) throw linkInvalid();
  return { status: 'unsubscribed', email: row.email, message: newsletterApiMessages.unsubscribed };
}

/** The confirmed subscribers as CSV, in batches (keyset), so a long list is never held at once. */
export async function* exportConfirmedCsv(db: Database, batchSize = 1000): AsyncGenerator<string> {
  yield csvLine([...NEWSLETTER_EXPORT_COLUMNS]);
  let after: ExportCursor | null = null;
  for (;;) {
    const rows = await confirmedSubscribersAfter(db, after, batchSize);
    if (rows.length > 0) {
      yield rows
        .map((row) =>
          csvLine([
            row.email,
            new Date(row.confirmed_at).toISOString(),
            new Date(row.created_at).toISOString(),
          ]),
        )
        .join('');
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { at: last.cursor_at, id: last.id };
  }
}
