import {
  type RecipientGift,
  recipientGiftSchema,
  type UpdateRecipientGiftRequest,
} from '@shop/contract/gifts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const path = (token: string) => `/gifts/${encodeURIComponent(token)}/`;

/** `GET /gifts/{token}/`: the gift as its recipient sees it (no sign-in). */
export function recipientGiftQuery(token: string) {
  return queryOptions<RecipientGift>({
    queryKey: ['gifts', 'recipient', token],
    queryFn: ({ signal }) =>
      // The page says what went wrong (unknown or expired link) in its own words.
      api.get(path(token), { schema: recipientGiftSchema, signal, toast: false }),
    retry: false,
  });
}

/** `PATCH /gifts/{token}/`: the recipient's window and note. */
export function updateRecipientGift(token: string, body: UpdateRecipientGiftRequest): Promise<RecipientGift> {
  return api.patch(path(token), body, { schema: recipientGiftSchema, toast: false });
}
