import {
  type Company,
  type CompanyApplication,
  type CompanyOrderList,
  companyListSchema,
  companyOrderListSchema,
  companySchema,
} from '@shop/contract/companies';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The caller's company accounts (every query of this feature lives under this key). */
export const MY_COMPANIES_KEY = ['my-companies'] as const;
export const COMPANY_ORDERS_PAGE_SIZE = 20;
/** A person orders for a handful of companies: one page holds them all. */
const COMPANIES_PAGE_SIZE = 50;

/** `GET /companies/`: the companies the caller orders for, newest first. */
export function myCompaniesQuery() {
  return queryOptions({
    queryKey: [...MY_COMPANIES_KEY, 'list'] as const,
    queryFn: ({ signal }) =>
      api.get('/companies/', {
        query: { page_size: COMPANIES_PAGE_SIZE },
        schema: companyListSchema,
        signal,
        toast: false,
      }),
  });
}

export const useMyCompanies = () => useQuery(myCompaniesQuery());

/** `GET /companies/{id}/orders/`: one page of a company's orders (its buyers only). */
export function useCompanyOrders(companyId: string, page: number) {
  return useQuery({
    queryKey: [...MY_COMPANIES_KEY, 'orders', companyId, page] as const,
    queryFn: ({ signal }): Promise<CompanyOrderList> =>
      api.get(`/companies/${companyId}/orders/`, {
        query: { page, page_size: COMPANY_ORDERS_PAGE_SIZE },
        schema: companyOrderListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /companies/`: asks for a company account, then reads the list again. */
export function useApplyForCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (application: CompanyApplication): Promise<Company> =>
      api.post('/companies/', application, { schema: companySchema, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_COMPANIES_KEY }),
  });
}
