import {
  type EfrisConnectionTest,
  type EfrisCreditNoteState,
  type EfrisDocumentState,
  type EfrisSettings,
  type EfrisSettingsUpdate,
  type EfrisSummary,
  efrisConnectionTestSchema,
  efrisCreditNoteListSchema,
  efrisDocumentListSchema,
  efrisSettingsSchema,
  efrisSummarySchema,
} from '@shop/contract/efris';
import {
  type EfrisDictionaryRefresh,
  type EfrisGoodsState,
  type EfrisMappingUpdate,
  type EfrisStockState,
  efrisCategoryMappingListSchema,
  efrisCommodityCategoryListSchema,
  efrisDictionaryRefreshSchema,
  efrisExciseCodeListSchema,
  efrisGoodListSchema,
  efrisStockIncreaseListSchema,
} from '@shop/contract/efris-goods';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Every query of this feature lives under this key. */
export const EFRIS_KEY = ['admin-efris'] as const;
export const EFRIS_PAGE_SIZE = 25;

/** `GET /admin/efris/summary/` (staff): what waits for URA; the desk's banner reads it. */
export function efrisSummaryQuery() {
  return queryOptions<EfrisSummary>({
    queryKey: [...EFRIS_KEY, 'summary'] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/efris/summary/', { schema: efrisSummarySchema, signal, toast: false }),
    refetchInterval: 60_000,
  });
}

export function useEfrisSummary(enabled = true) {
  return useQuery({ ...efrisSummaryQuery(), enabled });
}

/** `GET /admin/efris/documents/` (staff): the fiscalisation queue, newest first. */
export function useEfrisDocuments(state: EfrisDocumentState | undefined, page: number) {
  return useQuery({
    queryKey: [...EFRIS_KEY, 'documents', state ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/efris/documents/', {
        query: { page, page_size: EFRIS_PAGE_SIZE, ...(state ? { state } : {}) },
        schema: efrisDocumentListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** `POST /admin/efris/documents/{id}/retry/` (staff): a failed document back in the queue. */
export function useRetryEfrisDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/admin/efris/documents/${id}/retry/`, undefined, {
        schema: z.object({ queued: z.literal(true) }),
        toast: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EFRIS_KEY }),
  });
}

/** `GET /admin/efris/credit-notes/` (staff): refunds' credit notes at URA, newest first. */
export function useEfrisCreditNotes(state: EfrisCreditNoteState | undefined, page: number) {
  return useQuery({
    queryKey: [...EFRIS_KEY, 'credit-notes', state ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/efris/credit-notes/', {
        query: { page, page_size: EFRIS_PAGE_SIZE, ...(state ? { state } : {}) },
        schema: efrisCreditNoteListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** `POST /admin/efris/credit-notes/{id}/retry/` (staff): a failed or rejected credit note applied for again. */
export function useRetryEfrisCreditNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/admin/efris/credit-notes/${id}/retry/`, undefined, {
        schema: z.object({ queued: z.literal(true) }),
        toast: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EFRIS_KEY }),
  });
}

/** `GET /admin/efris/settings/` (admins): the key only as "on file" and its fingerprint. */
export function useEfrisSettings(enabled: boolean) {
  return useQuery({
    queryKey: [...EFRIS_KEY, 'settings'] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/efris/settings/', { schema: efrisSettingsSchema, signal, toast: false }),
    enabled,
  });
}

function useSettingsMutation<Input>(call: (input: Input) => Promise<EfrisSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData([...EFRIS_KEY, 'settings'], saved);
      return queryClient.invalidateQueries({ queryKey: [...EFRIS_KEY, 'summary'] });
    },
  });
}

export function useSaveEfrisSettings() {
  return useSettingsMutation((body: EfrisSettingsUpdate) =>
    api.put('/admin/efris/settings/', body, { schema: efrisSettingsSchema, toast: false }),
  );
}

export function useUploadEfrisKey() {
  return useSettingsMutation((privateKey: string) =>
    api.put(
      '/admin/efris/settings/private-key/',
      { private_key: privateKey },
      { schema: efrisSettingsSchema, toast: false },
    ),
  );
}

/** T101 and T103 against URA: the registration to confirm, or why it failed. */
export function useTestEfrisConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<EfrisConnectionTest> =>
      api.post('/admin/efris/settings/test-connection/', undefined, {
        schema: efrisConnectionTestSchema,
        toast: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EFRIS_KEY }),
  });
}

const queued = z.object({ queued: z.literal(true) });

/** `GET /admin/efris/category-mappings/` (staff): each category's commodity, unit and excise codes. */
export function useEfrisCategoryMappings(page: number) {
  return useQuery({
    queryKey: [...EFRIS_KEY, 'category-mappings', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/efris/category-mappings/', {
        query: { page, page_size: EFRIS_PAGE_SIZE },
        schema: efrisCategoryMappingListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Up to this many of a dictionary's matches are offered to pick from as the admin types. */
export const EFRIS_PICK_SIZE = 8;

/** `GET /admin/efris/commodity-categories/` or `…/excise-codes/` (staff): URA's dictionaries, searched. */
export function useEfrisDictionary(dictionary: 'commodity' | 'excise', search: string) {
  const trimmed = search.trim();
  return useQuery({
    queryKey: [...EFRIS_KEY, 'dictionary', dictionary, trimmed] as const,
    queryFn: ({ signal }): Promise<{ results: Array<{ code: string; name: string }> }> => {
      const query = { page: 1, page_size: EFRIS_PICK_SIZE, search: trimmed };
      return dictionary === 'commodity'
        ? api.get('/admin/efris/commodity-categories/', {
            query,
            schema: efrisCommodityCategoryListSchema,
            signal,
            toast: false,
          })
        : api.get('/admin/efris/excise-codes/', {
            query,
            schema: efrisExciseCodeListSchema,
            signal,
            toast: false,
          });
    },
    enabled: trimmed.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** `PUT /admin/efris/category-mappings/{id}/` (admins): the category's sizes are registered again. */
export function useMapEfrisCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, body }: { categoryId: number; body: EfrisMappingUpdate }) =>
      api.put(`/admin/efris/category-mappings/${categoryId}/`, body, { schema: queued, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EFRIS_KEY }),
  });
}

/** `GET /admin/efris/goods/` (staff): each size's mapping and registration with URA. */
export function useEfrisGoods(state: EfrisGoodsState | undefined, page: number) {
  return useQuery({
    queryKey: [...EFRIS_KEY, 'goods', state ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/efris/goods/', {
        query: { page, page_size: EFRIS_PAGE_SIZE, ...(state ? { state } : {}) },
        schema: efrisGoodListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** `POST /admin/efris/goods/{variant_id}/retry/` (staff): a failed registration sent again. */
export function useRetryEfrisGood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variantId: number) =>
      api.post(`/admin/efris/goods/${variantId}/retry/`, undefined, { schema: queued, toast: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EFRIS_KEY }),
  });
}

/** `GET /admin/efris/stock-increases/` (staff): received stock reported to EFRIS, newest first. */
export function useEfrisStockIncreases(state: EfrisStockState | undefined, page: number) {
  return useQuery({
    queryKey: [...EFRIS_KEY, 'stock-increases', state ?? 'all', page] as const,
    queryFn: ({ signal }) =>
      api.get('/admin/efris/stock-increases/', {
        query: { page, page_size: EFRIS_PAGE_SIZE, ...(state ? { state } : {}) },
        schema: efrisStockIncreaseListSchema,
        signal,
        toast: false,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** `POST /admin/efris/stock-increases/{movement_id}/retry/` (staff): a failed report sent again. */
export function useRetryEfrisStockIncrease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movementId: number) =>
      api.post(`/admin/efris/stock-increases/${movementId}/retry/`, undefined, {
        schema: queued,
        toast: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EFRIS_KEY }),
  });
}

/** `POST /admin/efris/dictionaries/refresh/` (admins): URA's commodity and excise lists read again. */
export function useRefreshEfrisDictionaries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<EfrisDictionaryRefresh> =>
      api.post('/admin/efris/dictionaries/refresh/', undefined, {
        schema: efrisDictionaryRefreshSchema,
        toast: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...EFRIS_KEY, 'dictionary'] }),
  });
}
