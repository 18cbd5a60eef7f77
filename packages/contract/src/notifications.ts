import { z } from 'zod';

export const notificationItem = z
  .object({
    id: z.number().int(),
    type: z.string(),
    message: z.string(),
    created: z.string(),
    seen: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type NotificationItem = z.infer<typeof notificationItem>;
