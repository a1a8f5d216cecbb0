import { type AuditList, auditListSchema } from '@shop/contract/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AuditSearch } from '../lib/audit-search';

/** The audit page's queries (every query of this feature lives under this key). */
export const AUDIT_KEY = ['admin-audit'] as const;
export const AUDIT_PAGE_SIZE = 25;

/** `GET /admin/audit/` (staff): newest first, by person, kind and Kampala days, paged. */
export function auditEntriesQuery(search: AuditSearch) {
  const query = {
    page: search.page ?? 1,
    page_size: AUDIT_PAGE_SIZE,
    ...(search.actor ? { actor_id: search.actor } : {}),
    ...(search.kind ? { kind: search.kind } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  };
  return queryOptions<AuditList>({
    queryKey: [...AUDIT_KEY, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/audit/', { query, schema: auditListSchema, signal, toast: false }),
  });
}

export function useAuditEntries(search: AuditSearch, enabled: boolean) {
  return useQuery({ ...auditEntriesQuery(search), placeholderData: keepPreviousData, enabled });
}
