import { BRAND } from '@shop/contract/brand';
import type { EmailDelivery } from '@shop/contract/outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export type { EmailDelivery };

/**
 * Whether the shop's e-mails leave it: 'held' when the server runs without SMTP_URL (every e-mail
 * waits in the staff's outbox). The storefront's copy promises an e-mail only when it is 'sent'.
 */
export const emailDeliveryQuery = queryOptions({
  queryKey: ['email', 'delivery'],
  // The schema, and zod with it, is loaded with the request: the footer's newsletter form uses this
  // query on every page, and the first screen would otherwise carry zod (22 KB brotli).
  queryFn: async ({ signal }) => {
    const { emailDeliveryResponseSchema } = await import('@shop/contract/outbox');
    return api.get('/email/delivery/', { schema: emailDeliveryResponseSchema, signal, toast: false });
  },
  // A server setting: it changes only with a restart.
  staleTime: 10 * 60 * 1000,
});

/** 'sent', 'held', or 'unknown' while loading or when the server could not say (promise nothing then). */
export function useEmailDelivery(): EmailDelivery | 'unknown' {
  const { data } = useQuery(emailDeliveryQuery);
  return data?.email_delivery ?? 'unknown';
}

/** How a customer reaches a person at the shop, for copy that cannot send them an e-mail. */
export const CONTACT_US = `call or WhatsApp us on ${BRAND.phone}, or write to ${BRAND.email}`;
