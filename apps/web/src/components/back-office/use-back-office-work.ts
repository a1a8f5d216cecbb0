import { type BackOfficeWork, backOfficeWorkSchema } from '@shop/contract/back-office';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** How often the frame's counts are asked again while a page stays open. */
const WORK_REFRESH_MS = 60_000;

/**
 * The work waiting now (`GET /admin/work/`), for the counts beside the frame's sections. Quiet
 * on failure: the navigation works without its counts.
 */
export function useBackOfficeWork(enabled: boolean): BackOfficeWork | undefined {
  const query = useQuery({
    queryKey: ['back-office-work'] as const,
    queryFn: ({ signal }) =>
      api.get<BackOfficeWork>('/admin/work/', { schema: backOfficeWorkSchema, signal, toast: false }),
    enabled,
    staleTime: WORK_REFRESH_MS / 2,
    refetchInterval: WORK_REFRESH_MS,
    retry: false,
  });
  return query.data;
}
