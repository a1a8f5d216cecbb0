import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptime_seconds: z.number(),
});

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  /**
   * The catalog index, the read model of lists and searches (decision 0027): 'current' once built,
   * 'building' while a first build or a whole rebuild runs (no index yet: 503). 'off' is no longer
   * sent (kept for clients reading older instances).
   */
  catalog_index: z.enum(['current', 'building', 'off']).optional(),
});

export type ReadyResponse = z.infer<typeof readyResponseSchema>;
