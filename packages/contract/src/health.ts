import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptime_seconds: z.number(),
});

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  /**
   * The in-process catalog index (CATALOG_INDEX): 'current' once built and caught up, 'building'
   * while the SQL answers instead (start-up, a rebuild, a lost LISTEN), 'off' when disabled.
   */
  catalog_index: z.enum(['current', 'building', 'off']).optional(),
});

export type ReadyResponse = z.infer<typeof readyResponseSchema>;
