import { type PagedList, pageOffset, toPagedList } from '@shop/contract/pagination';
import {
  type AdminReview,
  type AdminReviewListQuery,
  type createReviewRequestSchema,
  type ReportReviewResponse,
  type Review,
  type ReviewHelpfulResponse,
  type ReviewListQuery,
  type ReviewReportReason,
  type ReviewSummary,
  type reportReviewRequestSchema,
  reviewMessages,
  type updateReviewRequestSchema,
} from '@shop/contract/reviews';
import { type ReviewPolicy, settingsMessages } from '@shop/contract/settings';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { conflict, forbidden, invalidInput, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit';
import {
  deleteOwnReview,
  findReview,
  findReviewOf,
  hasDeliveredOrderOf,
  insertReport,
  insertReview,
  isReviewableProduct,
  listReviews,
  lockForModeration,
  lockReview,
  moderationQueue,
  productExists,
  type ReviewRow,
  reviewSummary,
  setHelpful,
  setHidden,
  updateOwnReview,
} from './reviews.repository';

/** "Namara Kisakye" -> "Namara K.": enough to be a person, not enough to find them. */
export function authorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'A customer';
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** `staff`: the reader is staff (sees why a review was hidden, as its author does). */
export function toReview(row: ReviewRow, staff = false): Review {
  const createdAt = new Date(row.created_at);
  const updatedAt = new Date(row.updated_at);
  return {
    id: row.id,
    product: row.product,
    rating: row.rating,
    title: row.title,
    text: row.body,
    author_name: authorName(row.author_name),
    verified_purchase: row.verified_purchase,
    helpful_count: row.helpful_count,
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
    is_edited: updatedAt.getTime() > createdAt.getTime(),
    is_own: row.is_own,
    voted_helpful: row.voted_helpful,
    is_hidden: row.is_hidden,
    hidden_reason: row.is_hidden && (row.is_own || staff) ? row.hidden_reason : null,
    reported_by_me: row.reported_by_me,
  };
}

export type Viewer = { id: string; isStaff: boolean } | null;

/** A product's reviews, paged. Hidden ones only for staff who ask for them. */
export async function getReviews(
  db: Database,
  viewer: Viewer,
  query: ReviewListQuery,
): Promise<PagedList<Review>> {
  if (query.include_hidden && !viewer?.isStaff) throw forbidden();
  if (!(await productExists(db, query.product))) throw notFound('The product');
  const { rows, total } = await listReviews(db, {
    productId: query.product,
    viewerId: viewer?.id ?? null,
    includeHidden: query.include_hidden,
    ordering: query.ordering,
    limit: query.page_size,
    offset: pageOffset(query),
  });
  return toPagedList(
    rows.map((row) => toReview(row, viewer?.isStaff)),
    total,
    query,
  );
}

export async function getReviewSummary(db: Database, productId: number): Promise<ReviewSummary> {
  const row = await reviewSummary(db, productId);
  if (!row) throw notFound('The product');
  const counts = new Map((row.stars ?? []).map((star) => [star.rating, star.count]));
  return {
    product: productId,
    average_rating: Number(row.average_rating),
    review_count: row.review_count,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts.get(rating) ?? 0 })),
  };
}

export async function getOwnReview(db: Database, userId: string, productId: number): Promise<Review | null> {
  const row = await findReviewOf(db, userId, productId);
  return row ? toReview(row) : null;
}

/**
 * The caller's own review of a product and whether they may write one, by the same rules as
 * `createReview`: so the product page offers the form only to those it would accept.
 */
export async function ownReviewAndEligibility(
  db: Database,
  userId: string,
  productId: number,
  policy: ReviewPolicy,
): Promise<{ review: Review | null; can_review: boolean; cannot_review_reason: string | null }> {
  const review = await getOwnReview(db, userId, productId);
  if (review) return { review, can_review: false, cannot_review_reason: null };
  const refusal = await policyRefusal(db, userId, productId, policy);
  return { review, can_review: refusal === null, cannot_review_reason: refusal };
}

/** Why the shop's review policy refuses this customer a review of the product, or null. */
async function policyRefusal(
  db: Database,
  userId: string,
  productId: number,
  policy: ReviewPolicy,
): Promise<string | null> {
  if (policy === 'signed_in_customers') return null;
  return (await hasDeliveredOrderOf(db, userId, productId))
    ? null
    : settingsMessages.reviewNeedsDeliveredOrder;
}

/** A review someone may see: visible, or their own, or anyone's for staff. */
async function visibleReview(db: Database, id: number, viewer: Viewer): Promise<Review> {
  const row = await findReview(db, id, viewer?.id ?? null);
  if (!row || (row.is_hidden && !row.is_own && !viewer?.isStaff)) throw notFound('The review');
  return toReview(row, viewer?.isStaff);
}

export async function getReview(db: Database, id: number, viewer: Viewer): Promise<Review> {
  return visibleReview(db, id, viewer);
}

/**
 * One review per customer per product, of a product that is sold. The shop's review policy (a
 * setting) decides who may write one: only customers with a delivered order of the product (the
 * default; 403 otherwise), or any signed-in customer (purchasers are then shown as verified).
 */
export async function createReview(
  db: Database,
  userId: string,
  request: z.output<typeof createReviewRequestSchema>,
  policy: ReviewPolicy = 'delivered_purchasers',
): Promise<Review> {
  if (!(await isReviewableProduct(db, request.product))) {
    throw invalidInput([{ field: 'product', message: reviewMessages.unknownProduct }]);
  }
  const refusal = await policyRefusal(db, userId, request.product, policy);
  if (refusal) throw forbidden(refusal);
  const inserted = await insertReview(db, {
    productId: request.product,
    userId,
    rating: request.rating,
    title: request.title,
    body: request.text,
  });
  if (!inserted) throw conflict(reviewMessages.alreadyReviewed);
  return visibleReview(db, inserted.id, { id: userId, isStaff: false });
}

/** The author changes their own review; anyone else's id is not found. */
export async function changeReview(
  db: Database,
  userId: string,
  id: number,
  request: z.output<typeof updateReviewRequestSchema>,
): Promise<Review> {
  const changed = await updateOwnReview(db, userId, id, {
    ...(request.rating === undefined ? {} : { rating: request.rating }),
    ...(request.title === undefined ? {} : { title: request.title }),
    ...(request.text === undefined ? {} : { body: request.text }),
  });
  if (!changed) throw notFound('The review');
  return visibleReview(db, id, { id: userId, isStaff: false });
}

export async function removeReview(db: Database, userId: string, id: number): Promise<void> {
  if (!(await deleteOwnReview(db, userId, id))) throw notFound('The review');
}

/** Marks (or unmarks) someone else's visible review as helpful; repeating changes nothing. */
export async function markHelpful(
  db: Database,
  userId: string,
  id: number,
  helpful: boolean,
): Promise<ReviewHelpfulResponse> {
  return db.transaction(async (tx) => {
    const review = await lockReview(tx, id);
    if (!review || review.is_hidden) throw notFound('The review');
    if (review.user_id === userId) {
      throw conflict(reviewMessages.ownReviewHelpful);
    }
    const count = await setHelpful(tx, id, userId, helpful);
    return { id, helpful_count: count, voted_helpful: helpful };
  });
}

/**
 * Staff: hide (leaves the average; its author sees the reason) or show again, with an audit
 * entry in the same transaction.
 */
export async function moderateReview(
  db: Database,
  actor: AuditActor & { id: string },
  id: number,
  change: { hide: true; reason: string | null } | { hide: false; reason: string | null },
): Promise<Review> {
  await db.transaction(async (tx) => {
    const before = await lockForModeration(tx, id);
    if (!before) throw notFound('The review');
    await setHidden(tx, id, change.hide ? { by: actor.id, reason: change.reason } : null);
    await recordAudit(tx, actor, {
      kind: change.hide ? 'review.hide' : 'review.unhide',
      subjectType: 'review',
      subjectId: id,
      summary: `${change.hide ? 'Hid' : 'Showed again'} the review "${before.title}"${
        change.reason ? `: ${change.reason}` : ''
      }`,
      before: { is_hidden: before.is_hidden, hidden_reason: before.hidden_reason },
      after: {
        is_hidden: change.hide,
        hidden_reason: change.hide ? change.reason : null,
        reason: change.reason,
      },
    });
  });
  return visibleReview(db, id, { id: actor.id, isStaff: true });
}

/** A customer reports someone else's visible review, once. */
export async function reportReview(
  db: Database,
  userId: string,
  id: number,
  request: z.output<typeof reportReviewRequestSchema>,
): Promise<ReportReviewResponse> {
  return db.transaction(async (tx) => {
    const review = await lockForModeration(tx, id);
    if (!review || review.is_hidden) throw notFound('The review');
    if (review.user_id === userId) throw conflict(reviewMessages.ownReviewReport);
    const inserted = await insertReport(tx, {
      reviewId: id,
      userId,
      reason: request.reason,
      note: request.note || null,
    });
    if (!inserted) throw conflict(reviewMessages.alreadyReported);
    return {
      id,
      reported_by_me: true as const,
      message: 'Thank you. Our staff will look at this review.',
    };
  });
}

/** Staff: the moderation queue, paged. */
export async function getModerationQueue(
  db: Database,
  query: AdminReviewListQuery,
): Promise<PagedList<AdminReview>> {
  const { rows, total } = await moderationQueue(db, {
    filter: query.filter,
    limit: query.page_size,
    offset: pageOffset(query),
  });
  const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);
  return toPagedList(
    rows.map((row) => ({
      id: row.id,
      product: { id: row.product_id, name: row.product_name, slug: row.product_slug },
      rating: row.rating,
      title: row.title,
      text: row.body,
      author_name: row.author_name,
      created_at: new Date(row.created_at).toISOString(),
      is_hidden: row.is_hidden,
      hidden_reason: row.hidden_reason,
      hidden_at: iso(row.hidden_at),
      report_count: row.report_count,
      reports: row.reports.map((report) => ({
        reason: report.reason as ReviewReportReason,
        note: report.note,
        reporter_name: report.reporter_name,
        created_at: new Date(report.created_at).toISOString(),
      })),
    })),
    total,
    query,
  );
}
