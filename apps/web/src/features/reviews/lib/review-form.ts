import {
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  type Review,
  reviewMessages,
} from '@shop/contract/reviews';
import { z } from 'zod';

/**
 * The review form's rules: the contract's limits and messages, with the rating coming from radio
 * buttons (a string, or nothing when none is chosen).
 */
export const reviewFormSchema = z.object({
  rating: z.coerce
    .number({ error: reviewMessages.rating })
    .int({ error: reviewMessages.rating })
    .min(REVIEW_RATING_MIN, { error: reviewMessages.rating })
    .max(REVIEW_RATING_MAX, { error: reviewMessages.rating }),
  title: z
    .string()
    .trim()
    .min(1, { error: reviewMessages.titleMissing })
    .max(REVIEW_TITLE_MAX_LENGTH, { error: reviewMessages.titleTooLong }),
  text: z
    .string()
    .trim()
    .min(1, { error: reviewMessages.textMissing })
    .max(REVIEW_TEXT_MAX_LENGTH, { error: reviewMessages.textTooLong }),
});
export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

export const REVIEW_FIELDS = ['rating', 'title', 'text'] as const;

export function formValuesOf(review: Review | null): ReviewFormInput {
  return review
    ? { rating: String(review.rating), title: review.title, text: review.text }
    : { rating: '', title: '', text: '' };
}
