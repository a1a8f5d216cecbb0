import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { CONTROL_CHARACTERS, unsafeTextMessages } from './text';

/**
 * Reviews and ratings (docs/product.md sections 2, 3 and 7). Anyone reads a product's visible reviews;
 * a signed-in customer writes one review per product and edits or deletes their own. A review by
 * a customer who has a delivered order with that product is marked as a verified purchase. Staff
 * hide (and unhide) a review; a hidden review leaves the product's average.
 *
 * The product's `average_rating` and `review_count` (on cards and the product page) are kept
 * exact by the database as reviews come and go. Text is stored as typed and must always be shown
 * escaped (as text, never as HTML).
 *
 * - `GET /orders/reviews/?product=`: a product's reviews, paged, newest or most helpful first.
 * - `GET /orders/reviews/summary/?product=`: average, count and how many of each star.
 * - `GET /orders/reviews/mine/?product=`: the caller's own review of that product, or null.
 * - `POST /orders/reviews/`, `PATCH` and `DELETE /orders/reviews/{id}/`.
 * - `POST` and `DELETE /orders/reviews/{id}/helpful/`: mark another customer's review as helpful.
 * - Staff: `POST /orders/reviews/{id}/hide/` and `/unhide/`.
 */

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TITLE_MAX_LENGTH = 120;
export const REVIEW_TEXT_MAX_LENGTH = 5_000;
export const REVIEW_HIDE_REASON_MAX_LENGTH = 500;

export const REVIEW_ORDERINGS = ['newest', 'helpful'] as const;
export type ReviewOrdering = (typeof REVIEW_ORDERINGS)[number];

export const reviewMessages = {
  rating: `Choose a rating: a whole number of stars from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`,
  titleMissing: 'Please give your review a title',
  titleTooLong: `Use at most ${REVIEW_TITLE_MAX_LENGTH} characters for the title`,
  textMissing: 'Please write your review',
  textTooLong: `Use at most ${REVIEW_TEXT_MAX_LENGTH} characters for the review`,
  controlCharacters: unsafeTextMessages.controlCharacters,
  unknownProduct: 'This product does not exist or is no longer sold',
  alreadyReviewed: 'You have already reviewed this product. Edit your review instead.',
  ownReviewHelpful: 'You cannot mark your own review as helpful',
  nothingToChange: 'Send a rating, a title or a text to change',
  alreadyReported: 'You have already reported this review. Thank you: our staff will look at it.',
  ownReviewReport: 'You cannot report your own review',
  reportReason: 'Choose why you are reporting this review',
  reportNoteTooLong: 'Use at most 500 characters for the note',
  hideReasonMissing: 'Say why the review is hidden: its author will see it',
} as const;

/** Why a customer reports a review (a short list; "other" wants a note but does not require one). */
export const REVIEW_REPORT_REASONS = [
  'spam',
  'offensive',
  'off_topic',
  'false_information',
  'other',
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const reviewReportReasonLabels: Record<ReviewReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or abusive',
  off_topic: 'Not about this product',
  false_information: 'False or misleading',
  other: 'Something else',
};
export const REVIEW_REPORT_NOTE_MAX_LENGTH = 500;

/** The moderation queue's filters: every review (reported first), reported ones, hidden ones. */
export const ADMIN_REVIEW_FILTERS = ['all', 'reported', 'hidden'] as const;
export type AdminReviewFilter = (typeof ADMIN_REVIEW_FILTERS)[number];

const id = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number` })
    .int({ error: `${what} must be a whole number` })
    .positive({ error: `${what} must be a positive id` })
    .max(2_147_483_647, { error: `${what} is not a known id` });

const text = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: tooLong })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: reviewMessages.controlCharacters });

const rating = z
  .number({ error: reviewMessages.rating })
  .int({ error: reviewMessages.rating })
  .min(REVIEW_RATING_MIN, { error: reviewMessages.rating })
  .max(REVIEW_RATING_MAX, { error: reviewMessages.rating })
  .describe(`Stars, a whole number from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}`);

const title = text(
  reviewMessages.titleMissing,
  REVIEW_TITLE_MAX_LENGTH,
  reviewMessages.titleTooLong,
).describe(`1 to ${REVIEW_TITLE_MAX_LENGTH} characters, stored as typed (trimmed)`);
const body = text(reviewMessages.textMissing, REVIEW_TEXT_MAX_LENGTH, reviewMessages.textTooLong).describe(
  `1 to ${REVIEW_TEXT_MAX_LENGTH} characters, stored as typed (trimmed); show it as text`,
);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `POST /orders/reviews/`: one review per customer per product. */
export const createReviewRequestSchema = z.object({
  product: id('Product').describe('Product id'),
  rating,
  title,
  text: body,
});
export type CreateReviewRequest = z.input<typeof createReviewRequestSchema>;

/** `PATCH /orders/reviews/{id}/`: only the fields sent change. */
export const updateReviewRequestSchema = z
  .object({ rating: rating.optional(), title: title.optional(), text: body.optional() })
  .refine((value) => value.rating !== undefined || value.title !== undefined || value.text !== undefined, {
    error: reviewMessages.nothingToChange,
    path: ['rating'],
  });
export type UpdateReviewRequest = z.input<typeof updateReviewRequestSchema>;

/** `POST /orders/reviews/{id}/hide/` (staff). */
export const hideReviewRequestSchema = z.object({
  reason: z
    .string({ error: reviewMessages.hideReasonMissing })
    .trim()
    .min(1, { error: reviewMessages.hideReasonMissing })
    .max(REVIEW_HIDE_REASON_MAX_LENGTH, {
      error: `Use at most ${REVIEW_HIDE_REASON_MAX_LENGTH} characters`,
    })
    .describe("Why it was hidden: shown to the review's author (and staff), never to anyone else"),
});
export type HideReviewRequest = z.input<typeof hideReviewRequestSchema>;

export const reviewParamsSchema = z.object({ id: id('Review').describe('The review id') });

export const reviewProductQuerySchema = z.object({
  product: id('Product').describe('Product id'),
});

/** `GET /orders/reviews/`. */
export const reviewListQuerySchema = pageQuerySchema.extend({
  product: id('Product').describe('Product id (required)'),
  ordering: z
    .enum(REVIEW_ORDERINGS, { error: `must be one of ${REVIEW_ORDERINGS.join(', ')}` })
    .default('newest')
    .describe('newest (default) or helpful (most marked helpful first, then newest)'),
  include_hidden: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .describe('Staff only: include hidden reviews (403 for anyone else)'),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;
export type ReviewListQueryInput = z.input<typeof reviewListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const reviewSchema = z.object({
  id: z.number().int(),
  product: z.number().int().describe('Product id'),
  rating: z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX),
  title: z.string().describe('As typed: show as text, never as HTML'),
  text: z.string().describe('As typed: show as text, never as HTML'),
  author_name: z.string().describe('First name and the initial of the last ("Namara K.")'),
  verified_purchase: z.boolean().describe('The author has a delivered order with this product'),
  helpful_count: z.number().int().min(0),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
  is_edited: z.boolean().describe('Changed after it was written'),
  is_own: z.boolean().describe('Written by the caller'),
  voted_helpful: z.boolean().describe('The caller marked it as helpful'),
  is_hidden: z.boolean().describe('Hidden by staff (only its author and staff see it)'),
  hidden_reason: z
    .string()
    .nullable()
    .describe('Why staff hid it; only in answers to its author and staff (null otherwise or when shown)'),
  reported_by_me: z.boolean().describe('The caller has reported it (a report is once per person)'),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListResponseSchema = pagedListSchema(reviewSchema);
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

/** `GET /orders/reviews/summary/?product=`: the visible reviews in numbers. */
export const reviewSummarySchema = z.object({
  product: z.number().int(),
  average_rating: z.number().min(0).max(5).describe('Mean of the visible ratings, 2 decimals; 0 without'),
  review_count: z.number().int().min(0),
  distribution: z
    .array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int().min(0) }))
    .length(5)
    .describe('How many reviews gave each number of stars, 5 first'),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** `GET /orders/reviews/mine/?product=`. */
export const myReviewResponseSchema = z.object({
  review: reviewSchema.nullable().describe("The caller's review of the product, or null"),
  can_review: z
    .boolean()
    .describe(
      'Whether the caller may write a review of it now (the shop’s review policy); false once written',
    ),
  cannot_review_reason: z
    .string()
    .nullable()
    .describe('Why not, in words for the customer, when the policy is what refuses; null otherwise'),
});
export type MyReviewResponse = z.infer<typeof myReviewResponseSchema>;

/** `POST` / `DELETE /orders/reviews/{id}/helpful/`. */
export const reviewHelpfulResponseSchema = z.object({
  id: z.number().int(),
  helpful_count: z.number().int().min(0),
  voted_helpful: z.boolean(),
});
export type ReviewHelpfulResponse = z.infer<typeof reviewHelpfulResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reports (customers) and the moderation queue (staff)
// ---------------------------------------------------------------------------------------------

/** `POST /orders/reviews/{id}/report/`: once per customer per review, never their own. */
export const reportReviewRequestSchema = z.object({
  reason: z
    .enum(REVIEW_REPORT_REASONS, { error: reviewMessages.reportReason })
    .describe(`One of ${REVIEW_REPORT_REASONS.join(', ')}`),
  note: z
    .string()
    .trim()
    .max(REVIEW_REPORT_NOTE_MAX_LENGTH, { error: reviewMessages.reportNoteTooLong })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: reviewMessages.controlCharacters })
    .optional()
    .describe(`Optional, at most ${REVIEW_REPORT_NOTE_MAX_LENGTH} characters`),
});
export type ReportReviewRequest = z.input<typeof reportReviewRequestSchema>;

export const reportReviewResponseSchema = z.object({
  id: z.number().int().describe('The review'),
  reported_by_me: z.literal(true),
  message: z.string(),
});
export type ReportReviewResponse = z.infer<typeof reportReviewResponseSchema>;

/** `POST /orders/reviews/{id}/unhide/` (staff): the reason goes to the audit trail. */
export const unhideReviewRequestSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(REVIEW_HIDE_REASON_MAX_LENGTH, { error: `Use at most ${REVIEW_HIDE_REASON_MAX_LENGTH} characters` })
    .optional()
    .describe('Why it is shown again (kept in the audit trail)'),
});
export type UnhideReviewRequest = z.input<typeof unhideReviewRequestSchema>;

/** `GET /admin/reviews/`. */
export const adminReviewListQuerySchema = pageQuerySchema.extend({
  filter: z
    .enum(ADMIN_REVIEW_FILTERS, { error: `must be one of ${ADMIN_REVIEW_FILTERS.join(', ')}` })
    .default('all')
    .describe('all (reported and still shown first, then newest), reported or hidden'),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;
export type AdminReviewListQueryInput = z.input<typeof adminReviewListQuerySchema>;

export const adminReviewReportSchema = z.object({
  reason: z.enum(REVIEW_REPORT_REASONS),
  note: z.string().nullable(),
  reporter_name: z.string(),
  created_at: z.string().describe('ISO 8601'),
});

export const adminReviewSchema = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  rating: z.number().int(),
  title: z.string().describe('As typed: show as text'),
  text: z.string().describe('As typed: show as text'),
  author_name: z.string().describe('The full name, for staff'),
  created_at: z.string().describe('ISO 8601'),
  is_hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  hidden_at: z.string().nullable(),
  report_count: z.number().int().min(0),
  reports: z.array(adminReviewReportSchema).describe('Newest first, at most 20'),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = pagedListSchema(adminReviewSchema);
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;
