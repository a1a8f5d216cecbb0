import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { ConsentSource } from '@shop/contract/consents';
import {
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_TTL_MINUTES,
  PHONE_CODES_PER_HOUR,
  SMS_KIND_TOPIC,
  SMS_NOT_SENT_NO_PROVIDER,
  SMS_TOPICS,
  type SmsKind,
  type SmsPreferences,
  type SmsSettings,
  type SmsState,
  type UpdateSmsPreferencesRequest,
} from '@shop/contract/sms';
import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/identity';
import { smsMessages, smsPhoneCodes, smsPreferences } from '../../db/schema/sms';
import type { Tx } from '../../db/transaction';
import { AppError, invalidInput } from '../../errors';
import type { Jobs } from '../../plugins/jobs';
import { recordConsent } from '../consents/consents.repository';
import type { AfricasTalking } from './africastalking';
import { PHONE_CODE_NOT_KEPT, phoneVerificationSms } from './sms.templates';

/** The job that sends one SMS (data: its id); retried with a doubling delay. */
export const SMS_SEND_QUEUE = 'sms.send';

/** Codes asked for by one account in an hour (beside the per-number limit). */
const CODES_PER_ACCOUNT_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

export type SmsDeps = {
  db: Database;
  jobs: Jobs;
  /** Null: no provider configured; every SMS is kept unsent for the outbox. */
  provider: AfricasTalking | null;
  maxAttempts: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export type SmsRequest = {
  kind: SmsKind;
  /** What the message is about (order id, RSVP id, code id): one SMS per (kind, subject). */
  subject: string;
  body: string;
  /**
   * For a message that carries a secret (the verification code): what is kept instead of `body`
   * once a provider sends it. The message then goes out at once and is never stored, so no one
   * reading the database or the outbox sees the secret; it cannot be retried later (the customer
   * asks for a new code). Without a provider `body` is kept, for staff to pass on by phone.
   */
  keptBody?: string;
  userId: string | null;
  /** Only for the verification code: the number being verified. Else the customer's verified phone. */
  phone?: string;
};

const DEFAULT_PREFERENCES: SmsPreferences = { order_updates: true, event_updates: true, marketing: false };

type PreferencesRow = typeof smsPreferences.$inferSelect;

async function preferencesRow(db: Database, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(smsPreferences).where(eq(smsPreferences.userId, userId));
  return row;
}

const toPreferences = (row: PreferencesRow | undefined): SmsPreferences =>
  row
    ? { order_updates: row.orderUpdates, event_updates: row.eventUpdates, marketing: row.marketing }
    : DEFAULT_PREFERENCES;

/** The customer's verified phone when their choices let `kind` through, else null. */
function addresseeOf(row: PreferencesRow | undefined, kind: SmsKind): string | null {
  // SMS only go to a phone the customer proved is theirs.
  if (!row?.verifiedPhone) return null;
  const topic = SMS_KIND_TOPIC[kind];
  if (topic && !toPreferences(row)[topic]) return null;
  return row.verifiedPhone;
}

/**
 * The phone an SMS of `kind` to `userId` will reach, or null when none will be sent: no SMS
 * provider (it waits in the staff outbox), no verified phone, or the customer turned it off.
 * What the storefront may promise ("we confirm your order by SMS to …") follows this rule.
 */
export async function smsRecipient(
  deps: { db: Database; providerConfigured: boolean },
  userId: string,
  kind: SmsKind,
): Promise<string | null> {
  if (!deps.providerConfigured) return null;
  return addresseeOf(await preferencesRow(deps.db, userId), kind);
}

/**
 * Writes an SMS and queues its sending, once per (kind, subject): answers its id, or null when
 * nothing is to be sent (no verified phone, the customer's choice, or already written). Without
 * a provider the SMS is written `unsent` for the staff outbox and no job is queued.
 */
export async function requestSms(deps: SmsDeps, request: SmsRequest): Promise<string | null> {
  let phone = request.phone ?? null;
  if (!phone) {
    if (!request.userId) return null;
    phone = addresseeOf(await preferencesRow(deps.db, request.userId), request.kind);
    if (!phone) return null;
  }
  const state: SmsState = deps.provider ? 'queued' : 'unsent';
  const sendsNow = deps.provider !== null && request.keptBody !== undefined;
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(smsMessages)
      .values({
        kind: request.kind,
        userId: request.userId,
        phone,
        body: sendsNow ? (request.keptBody as string) : request.body,
        state,
        idempotencyKey: `${request.kind}:${request.subject}`,
        provider: deps.provider ? 'africastalking' : null,
        lastError: deps.provider ? null : SMS_NOT_SENT_NO_PROVIDER,
      })
      .onConflictDoNothing({ target: smsMessages.idempotencyKey })
      .returning({ id: smsMessages.id });
    if (!row) return null;
    if (sendsNow && deps.provider) {
      // Sent before the row commits: the text exists only here, so this is its one attempt.
      const outcome = await sendAndRecord(
        tx,
        deps.provider,
        { id: row.id, phone, attempts: 0 },
        request.body,
        true,
      );
      if (outcome.result === 'failed') deps.log.warn({ sms: row.id }, 'an SMS could not be sent');
      return row.id;
    }
    // The job exists if and only if the message does (same commit).
    if (deps.provider) await deps.jobs.send(SMS_SEND_QUEUE, { smsId: row.id }, { tx, singletonKey: row.id });
    return row.id;
  });
  if (id && deps.provider && !sendsNow) deps.jobs.wake(SMS_SEND_QUEUE);
  return id;
}

type SendResult = { result: 'sent' | 'failed' } | { result: 'retry'; error: string };

/**
 * Asks the provider to send `text` and records its answer on the message's row (which the caller
 * holds locked or has just written). A refusal that may pass is left queued for a later attempt,
 * unless `lastTry`.
 */
async function sendAndRecord(
  tx: Tx,
  provider: AfricasTalking,
  row: { id: string; phone: string; attempts: number },
  text: string,
  lastTry: boolean,
): Promise<SendResult> {
  const attempts = row.attempts + 1;
  const answer = await provider.send(row.phone, text);
  const now = new Date();
  if (answer.ok) {
    await tx
      .update(smsMessages)
      .set({
        state: 'sent',
        attempts,
        providerMessageId: answer.messageId,
        providerStatus: answer.status,
        cost: answer.cost,
        lastError: null,
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(smsMessages.id, row.id));
    return { result: 'sent' };
  }
  const final = answer.permanent || lastTry;
  await tx
    .update(smsMessages)
    .set({
      state: final ? 'failed' : 'queued',
      attempts,
      providerStatus: answer.status,
      lastError: answer.error,
      failedAt: final ? now : null,
      updatedAt: now,
    })
    .where(eq(smsMessages.id, row.id));
  return final ? { result: 'failed' } : { result: 'retry', error: answer.error };
}

/**
 * Sends one queued SMS (the job's handler). The row is locked while the provider is asked, so
 * two workers (or a repeated job) cannot both send it: the second finds it no longer queued. A
 * refusal that may pass (network, 5xx, the provider's balance) throws so that the queue retries
 * it later, until `maxAttempts`; one that cannot (a bad number, a blacklisted subscriber) fails it.
 */
export async function deliverSms(deps: SmsDeps, smsId: string): Promise<'sent' | 'failed' | 'skipped'> {
  const provider = deps.provider;
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(smsMessages).where(eq(smsMessages.id, smsId)).for('update');
    if (!provider || row?.state !== 'queued') return { result: 'skipped' as const };
    return sendAndRecord(tx, provider, row, row.body, row.attempts + 1 >= deps.maxAttempts);
  });
  if (outcome.result === 'retry') throw new Error(`SMS not sent yet: ${outcome.error}`);
  if (outcome.result === 'failed') deps.log.warn({ sms: smsId }, 'an SMS could not be sent');
  return outcome.result;
}

/** Delivery-report statuses of Africa's Talking and what they mean for the message. */
const REPORT_STATES: Record<string, 'sent' | 'delivered' | 'failed'> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'failed',
};

export type DeliveryReport = {
  id: string;
  status: string;
  phoneNumber?: string | undefined;
  networkCode?: string | undefined;
  failureReason?: string | undefined;
  retryCount?: string | undefined;
};

/**
 * Applies a delivery report: answers whether a message changed. Idempotent (the same report
 * again changes nothing) and monotonic (a late "Buffered" never undoes "Success"; a final state
 * stays final). Unknown message ids are ignored.
 */
export async function applyDeliveryReport(db: Database, report: DeliveryReport): Promise<boolean> {
  const target = REPORT_STATES[report.status];
  if (!target) return false;
  const now = new Date();
  const failure = report.failureReason ? `not delivered: ${report.failureReason}` : 'not delivered';
  const changed = await db
    .update(smsMessages)
    .set({
      state: target,
      providerStatus: report.status,
      updatedAt: now,
      ...(target === 'delivered' ? { deliveredAt: now, lastError: null } : {}),
      ...(target === 'failed' ? { failedAt: now, lastError: failure } : {}),
    })
    .where(
      and(
        eq(smsMessages.providerMessageId, report.id),
        // Only forward: sent → sent (a newer intermediate status), sent → delivered | failed.
        eq(smsMessages.state, 'sent'),
        target === 'sent' ? sql`${smsMessages.providerStatus} IS DISTINCT FROM ${report.status}` : sql`true`,
      ),
    )
    .returning({ id: smsMessages.id });
  return changed.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The customer's settings and phone verification
// ---------------------------------------------------------------------------------------------

export async function getSmsSettings(
  db: Database,
  userId: string,
  smsEnabled: boolean,
): Promise<SmsSettings> {
  const row = await preferencesRow(db, userId);
  return {
    verified_phone: row?.verifiedPhone ?? null,
    phone_verified_at: row?.phoneVerifiedAt?.toISOString() ?? null,
    preferences: toPreferences(row),
    sms_enabled: smsEnabled,
  };
}

/**
 * Applies the customer's SMS choices; each choice that changes is recorded in the consent ledger
 * in the same transaction (under a lock on their row, so two saves at once record what happened).
 */
export async function updateSmsPreferences(
  db: Database,
  userId: string,
  change: UpdateSmsPreferencesRequest,
  source: ConsentSource = 'sms_settings',
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(smsPreferences).values({ userId }).onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(smsPreferences)
      .where(eq(smsPreferences.userId, userId))
      .for('update');
    const before = toPreferences(row);
    for (const topic of SMS_TOPICS) {
      const wanted = change[topic];
      if (wanted === undefined || wanted === before[topic]) continue;
      await recordConsent(tx, {
        userId,
        purpose: `sms_${topic}`,
        action: wanted ? 'given' : 'withdrawn',
        source,
      });
    }
    await tx
      .update(smsPreferences)
      .set({
        ...(change.order_updates === undefined ? {} : { orderUpdates: change.order_updates }),
        ...(change.event_updates === undefined ? {} : { eventUpdates: change.event_updates }),
        ...(change.marketing === undefined ? {} : { marketing: change.marketing }),
        updatedAt: new Date(),
      })
      .where(eq(smsPreferences.userId, userId));
  });
}

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: string,
  length: number,
) => Promise<Buffer>;

/** `salt:hash` (scrypt, off the event loop): a stolen table does not give the codes away at a glance. */
async function hashCode(code: string, salt: string): Promise<string> {
  return `${salt}:${(await scrypt(code, salt, 32)).toString('base64url')}`;
}

async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [salt] = stored.split(':');
  if (!salt) return false;
  const given = Buffer.from(await hashCode(code, salt));
  const expected = Buffer.from(stored);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const tooMany = (message: string) => new AppError('rate_limited', message);

/**
 * Sends a 6-digit code to `phone` (E.164) for the customer to prove it is theirs. The answer is
 * the same whether the number is used by another account or not. Limits: PHONE_CODES_PER_HOUR
 * codes to one number and a few per account in an hour (429), counted under a lock on the
 * number so that parallel requests cannot pass the limit together.
 */
export async function sendPhoneCode(
  deps: SmsDeps,
  userId: string,
  phone: string,
  now = new Date(),
): Promise<void> {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashCode(code, crypto.randomBytes(16).toString('base64url'));
  const since = new Date(now.getTime() - HOUR_MS);
  const codeId = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sms-code:${phone}`}))`);
    const [perPhone] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(smsPhoneCodes)
      .where(and(eq(smsPhoneCodes.phone, phone), gte(smsPhoneCodes.createdAt, since)));
    if ((perPhone?.count ?? 0) >= PHONE_CODES_PER_HOUR) {
      throw tooMany(
        `${PHONE_CODES_PER_HOUR} codes were sent to this number in the last hour. Please try again later.`,
      );
    }
    const [perAccount] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(smsPhoneCodes)
      .where(and(eq(smsPhoneCodes.userId, userId), gte(smsPhoneCodes.createdAt, since)));
    if ((perAccount?.count ?? 0) >= CODES_PER_ACCOUNT_PER_HOUR) {
      throw tooMany('You asked for several codes in the last hour. Please try again later.');
    }
    // A new code replaces the customer's earlier ones.
    await tx
      .update(smsPhoneCodes)
      .set({ usedAt: now })
      .where(and(eq(smsPhoneCodes.userId, userId), isNull(smsPhoneCodes.usedAt)));
    const [row] = await tx
      .insert(smsPhoneCodes)
      .values({
        userId,
        phone,
        codeHash,
        expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000),
        createdAt: now,
      })
      .returning({ id: smsPhoneCodes.id });
    return (row as { id: string }).id;
  });
  await requestSms(deps, {
    kind: 'phone_verification',
    subject: codeId,
    body: phoneVerificationSms(code),
    // Only the hash is kept once a provider sends it: not even staff read the digits.
    keptBody: phoneVerificationSms(PHONE_CODE_NOT_KEPT),
    userId,
    phone,
  });
}

const codeError = (message: string) => invalidInput([{ field: 'code', message }], message);

/**
 * Checks the code the customer typed for `phone`: right, the phone is theirs (verified, and
 * their profile's phone); wrong, one try is used (PHONE_CODE_MAX_TRIES per code). Expired, used
 * or unknown codes are all "send a new code".
 */
export async function verifyPhoneCode(
  db: Database,
  userId: string,
  phone: string,
  code: string,
  now = new Date(),
): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsPhoneCodes)
      .where(
        and(eq(smsPhoneCodes.userId, userId), eq(smsPhoneCodes.phone, phone), isNull(smsPhoneCodes.usedAt)),
      )
      .orderBy(desc(smsPhoneCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt <= now) return 'expired' as const;
    if (row.attempts >= PHONE_CODE_MAX_TRIES) return 'locked' as const;
    if (!(await codeMatches(code, row.codeHash))) {
      await tx
        .update(smsPhoneCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(smsPhoneCodes.id, row.id));
      return row.attempts + 1 >= PHONE_CODE_MAX_TRIES ? ('locked' as const) : ('wrong' as const);
    }
    await tx.update(smsPhoneCodes).set({ usedAt: now }).where(eq(smsPhoneCodes.id, row.id));
    await tx
      .insert(smsPreferences)
      .values({ userId, verifiedPhone: phone, phoneVerifiedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: smsPreferences.userId,
        set: { verifiedPhone: phone, phoneVerifiedAt: now, updatedAt: now },
      });
    await tx.update(users).set({ phone, updatedAt: now }).where(eq(users.id, userId));
    return 'verified' as const;
  });
  if (outcome === 'expired') throw codeError('This code has expired or was replaced. Send a new code.');
  if (outcome === 'locked') throw codeError('Too many wrong tries for this code. Send a new code.');
  if (outcome === 'wrong') throw codeError('That code is not right. Check the SMS and try again.');
}

/** The SMS written to the customer, oldest first (the copy of their data, modules/data-exports). */
export async function smsMessagesOfUser(db: Database, userId: string) {
  return db
    .select({
      kind: smsMessages.kind,
      phone: smsMessages.phone,
      body: smsMessages.body,
      state: smsMessages.state,
      createdAt: smsMessages.createdAt,
      sentAt: smsMessages.sentAt,
      deliveredAt: smsMessages.deliveredAt,
    })
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .orderBy(smsMessages.createdAt, smsMessages.id);
}
