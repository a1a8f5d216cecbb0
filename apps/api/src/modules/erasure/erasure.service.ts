import { BRAND } from '@shop/contract/brand';
import {
  type CustomerErasure,
  ERASURE_COOLING_OFF_DAYS,
  ERASURE_FRESH_SIGN_IN_MINUTES,
  ERASURE_REVIEW_LABELS,
  type ErasureReauth,
  type ErasureRequest,
  type ErasureReviewChoice,
  erasureMessages,
  type MyErasure,
} from '@shop/contract/erasure';
import { formatKampalaClock } from '@shop/contract/kampala-time';
import type { Database } from '../../db/client';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../errors';
import type { RequestAuth } from '../../plugins/auth';
import { type AuditActor, recordAudit, SYSTEM_ACTOR } from '../audit/audit';
import type { EmailService } from '../email/email.service';
import { renderEmail } from '../email/layout';
import { attemptKey, clearAttempts, readAttempts, recordAttempt } from '../identity/attempts.repository';
import { createPasswordHasher } from '../identity/password';
import type { NotificationsService } from '../notifications/notifications.plugin';
import {
  accountOf,
  cancelPendingRequest,
  claimDueRequest,
  currentRequestOf,
  type ErasureRequestRow,
  eraseAccount,
  erasedWithTaxRecords,
  hasPassword,
  insertPendingRequest,
  markErased,
  markTaxRecordsPurged,
  orderInFlightOf,
  purgeTaxRecordsOf,
} from './erasure.repository';

export const ERASE_DUE_QUEUE = 'privacy.erase-due';
export const PURGE_TAX_RECORDS_QUEUE = 'privacy.purge-tax-records';

export type ErasureDeps = {
  db: Database;
  email: EmailService;
  notifications: Pick<NotificationsService, 'create'>;
  publicUrl: string;
  /** Years the tax records of an erased account are kept (TAX_RECORD_RETENTION_YEARS). */
  taxRecordYears: number;
};

const DAY_MS = 86_400_000;
/** Wrong passwords on this form: a few per quarter hour, then 429 (sign-in has its own limits). */
const PASSWORD_TRIES = 5;
const PASSWORD_WINDOW_MS = 15 * 60_000;
// Verifying needs no cost parameters: the stored hash carries its own.
const hasher = createPasswordHasher({ fastForTests: false });

export function toErasureRequest(row: ErasureRequestRow): ErasureRequest {
  return {
    id: row.id,
    state: row.state as ErasureRequest['state'],
    reviews: row.reviews as ErasureReviewChoice,
    channel: row.channel as ErasureRequest['channel'],
    created_at: row.createdAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    erased_at: row.erasedAt?.toISOString() ?? null,
  };
}

/**
 * How the customer proves it is them (decision 0025): accounts with a password type it again;
 * accounts without one (Google, OpenID Connect) must have signed in within the last few minutes,
 * which sends them through their provider again. Anonymous visitors have no account to erase.
 */
async function reauthOf(db: Database, auth: RequestAuth): Promise<ErasureReauth & { hash: string | null }> {
  const hash = await hasPassword(db, auth.user.id);
  if (hash) return { method: 'password', hash };
  const until = new Date(auth.session.createdAt.getTime() + ERASURE_FRESH_SIGN_IN_MINUTES * 60_000);
  return { method: 'recent_sign_in', recent_until: until.toISOString(), hash: null };
}

/** The request, and the order a pending one waits for (decision 0040). */
async function requestAndWait(db: Database, userId: string) {
  const row = await currentRequestOf(db, userId);
  const waiting = row?.state === 'pending' ? await orderInFlightOf(db, userId) : null;
  return { request: row ? toErasureRequest(row) : null, waiting_for_order: waiting };
}

export async function myErasure(db: Database, auth: RequestAuth): Promise<MyErasure> {
  const { hash: _hash, ...reauth } = await reauthOf(db, auth);
  return { ...(await requestAndWait(db, auth.user.id)), reauth };
}

async function checkItIsThem(db: Database, auth: RequestAuth, password: string | undefined, now: Date) {
  const reauth = await reauthOf(db, auth);
  if (reauth.method === 'recent_sign_in') {
    if (now.getTime() > new Date(reauth.recent_until).getTime()) throw forbidden(erasureMessages.signInAgain);
    return;
  }
  if (!password) throw invalidInput([{ field: 'password', message: erasureMessages.passwordRequired }]);
  const key = attemptKey('erasure-password', auth.user.id);
  const tries = await readAttempts(db, key, PASSWORD_WINDOW_MS, now);
  if (tries && tries.count >= PASSWORD_TRIES) {
    throw new AppError('rate_limited', 'Too many wrong passwords. Please try again in a quarter of an hour.');
  }
  if (!(await hasher.verify({ hash: reauth.hash!, password }))) {
    await recordAttempt(db, key, PASSWORD_WINDOW_MS, now);
    throw invalidInput([{ field: 'password', message: erasureMessages.passwordWrong }]);
  }
  await clearAttempts(db, key);
}

type NewRequest = {
  userId: string;
  reviews: ErasureReviewChoice;
  staff: { actor: AuditActor; reason: string } | null;
};

async function createRequest(deps: ErasureDeps, request: NewRequest, now: Date): Promise<ErasureRequest> {
  const dueAt = new Date(now.getTime() + ERASURE_COOLING_OFF_DAYS * DAY_MS);
  const { row, email, name } = await deps.db.transaction(async (tx) => {
    const account = await accountOf(tx, request.userId);
    if (!account || account.is_anonymous) throw notFound('The customer');
    if (account.role !== 'customer') throw conflict(erasureMessages.staffNotErasable);
    const inserted = await insertPendingRequest(tx, {
      userId: request.userId,
      reviews: request.reviews,
      channel: request.staff ? 'staff' : 'customer',
      requestedBy: request.staff?.actor.id ?? null,
      staffReason: request.staff?.reason ?? null,
      createdAt: now,
      dueAt,
    });
    if (!inserted) {
      const pending = await currentRequestOf(tx, request.userId);
      const when = pending ? ` on ${formatKampalaClock(pending.dueAt)}` : '';
      throw conflict(`The account is already to be deleted${when}: cancel that request first to change it.`);
    }
    if (request.staff) {
      await recordAudit(tx, request.staff.actor, {
        kind: 'user.erasure_request',
        subjectType: 'user',
        subjectId: request.userId,
        summary: `Account erasure asked for, due ${formatKampalaClock(dueAt)}: ${request.staff.reason}`,
        after: { request: inserted.id, reviews: request.reviews, due_at: dueAt.toISOString() },
      });
    }
    return { row: inserted, email: account.email, name: account.name };
  });
  const until = formatKampalaClock(row.dueAt);
  await deps.notifications.create({
    userId: request.userId,
    type: 'system',
    title: 'Your account is to be deleted',
    message: `Your account and personal data will be deleted on ${until} (Kampala time). You can cancel this from your profile until then.`,
    relatedId: row.id,
    dedupeKey: `erasure:${row.id}`,
  });
  await deps.email.sendEmail({
    to: email,
    ...renderEmail({
      subject: `Your ${BRAND.name} account will be deleted on ${until}`,
      heading: 'Deleting your account',
      paragraphs: [
        `Hello ${name},`,
        `We received a request to delete your account. On ${until} (Kampala time) we will delete your personal data; invoices and payment records the tax law asks us to keep stay, without your contact details. Your reviews: ${ERASURE_REVIEW_LABELS[row.reviews as ErasureReviewChoice].toLowerCase()}.`,
        'Changed your mind? Cancel it from your profile before then. If you did not ask for this, cancel it and change your password.',
      ],
      action: { label: 'Open my profile', url: `${deps.publicUrl}/profile` },
    }),
  });
  return toErasureRequest(row);
}

/** The customer's own request from their profile, after proving it is them. */
export async function requestErasure(
  deps: ErasureDeps,
  auth: RequestAuth,
  body: { reviews: ErasureReviewChoice; password?: string | undefined },
  now: Date,
): Promise<ErasureRequest> {
  await checkItIsThem(deps.db, auth, body.password, now);
  return createRequest(deps, { userId: auth.user.id, reviews: body.reviews, staff: null }, now);
}

/** A request made by e-mail or phone, entered by staff (audited, with the reason). */
export async function staffRequestErasure(
  deps: ErasureDeps,
  actor: AuditActor,
  userId: string,
  body: { reviews: ErasureReviewChoice; reason: string },
  now: Date,
): Promise<ErasureRequest> {
  return createRequest(deps, { userId, reviews: body.reviews, staff: { actor, reason: body.reason } }, now);
}

/** Cancels the pending request (the customer's own, or by staff with a reason, audited). */
export async function cancelErasure(
  deps: ErasureDeps,
  userId: string,
  staff: { actor: AuditActor; reason: string } | null,
  now: Date,
): Promise<ErasureRequest> {
  const row = await deps.db.transaction(async (tx) => {
    const cancelled = await cancelPendingRequest(tx, userId, now);
    if (!cancelled) throw notFound('A pending request to delete the account');
    if (staff) {
      await recordAudit(tx, staff.actor, {
        kind: 'user.erasure_cancel',
        subjectType: 'user',
        subjectId: userId,
        summary: `Account erasure cancelled: ${staff.reason}`,
        before: { request: cancelled.id, state: 'pending' },
        after: { request: cancelled.id, state: 'cancelled' },
      });
    }
    return cancelled;
  });
  await deps.notifications.create({
    userId,
    type: 'system',
    title: 'Your account will not be deleted',
    message: 'The request to delete your account was cancelled: your account stays as it is.',
    relatedId: row.id,
    dedupeKey: `erasure-cancelled:${row.id}`,
  });
  return toErasureRequest(row);
}

export async function staffCancelErasure(
  deps: ErasureDeps,
  actor: AuditActor,
  userId: string,
  reason: string,
): Promise<ErasureRequest> {
  return cancelErasure(deps, userId, { actor, reason }, new Date());
}

export async function customerErasure(db: Database, userId: string): Promise<CustomerErasure> {
  return requestAndWait(db, userId);
}

/**
 * The job: erases every account whose cooling-off has ended and which has no order in flight
 * (it waits for those, decision 0040), one transaction each (a crash
 * leaves the request pending, to be taken again). Answers how many were erased.
 */
export async function eraseDue(db: Database, now: Date): Promise<number> {
  let erased = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const request = await claimDueRequest(tx, now);
      if (!request) return false;
      const account = await accountOf(tx, request.userId);
      if (account) {
        await eraseAccount(tx, request.userId, account, request.reviews as ErasureReviewChoice, now);
      }
      await markErased(tx, request.id, now);
      await recordAudit(tx, SYSTEM_ACTOR, {
        kind: 'user.erase',
        subjectType: 'user',
        subjectId: request.userId,
        summary: 'Account erased after the cooling-off period; tax records kept without contact details',
        after: { request: request.id, reviews: request.reviews },
      });
      return true;
    });
    if (!done) return erased;
    erased += 1;
  }
}

/** The job: deletes erased accounts' tax records once the legal period has passed. */
export async function purgeTaxRecords(deps: Pick<ErasureDeps, 'db' | 'taxRecordYears'>, now: Date) {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - deps.taxRecordYears);
  let purged = 0;
  for (const { id, user_id } of await erasedWithTaxRecords(deps.db, 500)) {
    await deps.db.transaction(async (tx) => {
      const left = await purgeTaxRecordsOf(tx, user_id, before);
      if (left === 0) {
        await markTaxRecordsPurged(tx, id, now);
        purged += 1;
      }
    });
  }
  return purged;
}
