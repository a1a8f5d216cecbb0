import type { ProductListResponse } from '@shop/contract/catalog';
import {
  type CheckInResponse,
  type CreateEventRequest,
  checkInResponseSchema,
  type GuestListResponse,
  guestListResponseSchema,
  type StaffEvent,
  type StaffEventListResponse,
  staffEventListResponseSchema,
  staffEventSchema,
  type UpdateEventRequest,
} from '@shop/contract/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from './event-keys';

/** The back office's event calls (`/events/staff/…`, staff and admins only). */

export const STAFF_PAGE_SIZE = 20;
export const GUESTS_PAGE_SIZE = 25;

export function staffEventsQueryOptions(params: { status?: string; page: number }) {
  return queryOptions({
    queryKey: eventKeys.staffList(params),
    queryFn: ({ signal }): Promise<StaffEventListResponse> =>
      api.get('/events/staff/events/', {
        signal,
        query: { status: params.status, page: params.page, page_size: STAFF_PAGE_SIZE },
        schema: staffEventListResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffEvents(params: { status?: string; page: number }, enabled: boolean) {
  return useQuery({ ...staffEventsQueryOptions(params), enabled });
}

export function staffEventQueryOptions(id: number) {
  return queryOptions({
    queryKey: eventKeys.staffEvent(id),
    queryFn: ({ signal }): Promise<StaffEvent> =>
      api.get(`/events/staff/events/${id}/`, { signal, schema: staffEventSchema }),
  });
}

export function useStaffEvent(id: number) {
  return useQuery(staffEventQueryOptions(id));
}

export function guestsQueryOptions(id: number, params: { search?: string; page: number }) {
  return queryOptions({
    queryKey: eventKeys.guests(id, params),
    queryFn: ({ signal }): Promise<GuestListResponse> =>
      api.get(`/events/staff/events/${id}/guests/`, {
        signal,
        query: { search: params.search || undefined, page: params.page, page_size: GUESTS_PAGE_SIZE },
        schema: guestListResponseSchema,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useGuests(id: number, params: { search?: string; page: number }) {
  return useQuery(guestsQueryOptions(id, params));
}

const quiet = { schema: staffEventSchema, toast: false } as const;

export const staffEventCalls = {
  create: (body: CreateEventRequest) => api.post('/events/staff/events/', body, quiet),
  update: (id: number, body: UpdateEventRequest) => api.patch(`/events/staff/events/${id}/`, body, quiet),
  publish: (id: number) => api.post(`/events/staff/events/${id}/publish/`, undefined, quiet),
  cancel: (id: number, reason: string) => api.post(`/events/staff/events/${id}/cancel/`, { reason }, quiet),
  complete: (id: number) => api.post(`/events/staff/events/${id}/complete/`, undefined, quiet),
  checkIn: (id: number, code: string): Promise<CheckInResponse> =>
    api.post(
      `/events/staff/events/${id}/check_in/`,
      { code },
      { schema: checkInResponseSchema, toast: false },
    ),
};

/** Bottles to feature: the catalog's search, a few at a time. */
export function searchProducts(search: string, signal?: AbortSignal): Promise<ProductListResponse> {
  return api.get('/products/products/', {
    query: { search, page_size: 6 },
    toast: false,
    ...(signal ? { signal } : {}),
  });
}
