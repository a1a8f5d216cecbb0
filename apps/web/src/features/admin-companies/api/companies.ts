import {
  type CompanyStatus,
  type StaffCompanyDetail,
  type StaffCompanyList,
  staffCompanyDetailSchema,
  staffCompanyListSchema,
} from '@shop/contract/companies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The back office's company accounts (every query of this feature lives under this key). */
export const STAFF_COMPANIES_KEY = ['admin-companies'] as const;
export const STAFF_COMPANIES_PAGE_SIZE = 20;
const BASE = '/companies/admin/companies';

/**
 * `GET /companies/admin/companies/` (staff): newest first, one state or all (null), those a search
 * finds (part of the name, the start of the TIN) when there is one.
 */
export function useStaffCompanies(status: CompanyStatus | null, page: number, search = '') {
  return useQuery({
    queryKey: [...STAFF_COMPANIES_KEY, 'list', status ?? 'all', page, search] as const,
    queryFn: ({ signal }): Promise<StaffCompanyList> =>
      api.get(`${BASE}/`, {
        query: {
          page,
          page_size: STAFF_COMPANIES_PAGE_SIZE,
          ...(status ? { status } : {}),
          ...(search ? { q: search } : {}),
        },
        schema: staffCompanyListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /companies/admin/companies/{id}/` (staff): with its buyers. */
export function useStaffCompany(id: string) {
  return useQuery({
    queryKey: [...STAFF_COMPANIES_KEY, 'detail', id] as const,
    queryFn: ({ signal }): Promise<StaffCompanyDetail> =>
      api.get(`${BASE}/${id}/`, { schema: staffCompanyDetailSchema, signal, toast: false }),
  });
}

type Change =
  | { kind: 'decide'; id: string; status: 'approved' | 'rejected' }
  | { kind: 'add_buyer'; id: string; email: string }
  | { kind: 'remove_buyer'; id: string; userId: string };

function send(change: Change): Promise<StaffCompanyDetail> {
  const options = { schema: staffCompanyDetailSchema, toast: false } as const;
  switch (change.kind) {
    case 'decide':
      return api.post(`${BASE}/${change.id}/decision/`, { status: change.status }, options);
    case 'add_buyer':
      return api.post(`${BASE}/${change.id}/buyers/`, { email: change.email }, options);
    case 'remove_buyer':
      return api.delete(`${BASE}/${change.id}/buyers/${change.userId}/`, options);
  }
}

/** Approves or rejects an account, or adds or removes a buyer; then reads the lists again. */
export function useChangeCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_COMPANIES_KEY }),
  });
}
