import { type PagedList, pageOffset, toPagedList } from '@shop/contract/pagination';
import {
  type createReviewRequestSchema,
  type HideReviewRequest,
  type Review,
  type ReviewHelpfulResponse,
  type ReviewListQuery,
  type ReviewSummary,
  reviewMessages,
  type updateReviewRequestSchema,
} from '@shop/contract/reviews';
import { type ReviewPolicy, settingsMessages } from '@shop/contract/settings';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { conflict, forbidden, invalidInput, notFound } from '../../errors';
import {
  deleteOwnReview,
  findReview,
  findReviewOf,
  hasDeliveredOrderOf,
  insertReview,
  isReviewableProduct,
  listReviews,
  lockReview,
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

export function toReview(row: ReviewRow): Review {
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
  return toPagedList(rows.map(toReview), total, query);
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

/** A review someone may see: visible, or their own, or anyone's for staff. */
async function visibleReview(db: Database, id: number, viewer: Viewer): Promise<Review> {
  const row = await findReview(db, id, viewer?.id ?? null);
  if (!row || (row.is_hidden && !row.is_own && !viewer?.isStaff)) throw notFound('The review');
  return toReview(row);
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
  if (policy === 'delivered_purchasers' && !(await hasDeliveredOrderOf(db, userId, request.product))) {
    throw forbidden(settingsMessages.reviewNeedsDeliveredOrder);
  }
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

/** Staff: hide (leaves the average) or show again. */
export async function moderateReview(
  db: Database,
  staffId: string,
  id: number,
  hide: HideReviewRequest | null,
): Promise<Review> {
  const found = await setHidden(db, id, hide ? { by: staffId, reason: hide.reason || null } : null);
  if (!found) throw notFound('The review');
  return visibleReview(db, id, { id: staffId, isStaff: true });
}
