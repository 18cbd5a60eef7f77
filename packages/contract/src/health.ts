import { z } from 'zod';

export const healthStatus = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['reachable', 'unreachable']),
    version: z.string(),
    uptime_seconds: z.number(),
  })
  .meta({ id: 'Health' });
export type HealthStatus = z.infer<typeof healthStatus>;
