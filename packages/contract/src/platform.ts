import { z } from 'zod';

/** Runtime settings the SPA needs (feature flags), served publicly. */
export const platformSettings = z
  .object({
    flags: z.object({
      beta_login: z.boolean(),
      fork: z.boolean(),
      snapshot: z.boolean(),
      dynaboard: z.boolean(),
    }),
  })
  .meta({ id: 'PlatformSettings' });
export type PlatformSettings = z.infer<typeof platformSettings>;
