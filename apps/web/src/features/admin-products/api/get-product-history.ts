import { type AuditList, auditListSchema } from '@shop/contract/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_PRODUCTS_KEY } from './get-admin-products';

/** `GET /admin/audit/?subject_type=product&subject_id={id}`: the product's history, newest first. */
export function productHistoryQuery(productId: number, page: number) {
  return queryOptions<AuditList>({
    queryKey: [...ADMIN_PRODUCTS_KEY, 'history', productId, page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/audit/', {
        query: { subject_type: 'product', subject_id: String(productId), page, page_size: 20 },
        schema: auditListSchema,
        signal,
        toast: false,
      }),
  });
}

export function useProductHistory(productId: number, page: number) {
  return useQuery(productHistoryQuery(productId, page));
}
