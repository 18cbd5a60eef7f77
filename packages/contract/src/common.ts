import { z } from 'zod';

/** Paged lists: `offset` is a page index (offset × limit rows are skipped), as the original API. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), data: z.array(item) });
}

export const success = z.object({ success: z.literal('ok') }).meta({ id: 'Success' });

export const idParam = z.object({ id: z.coerce.number().int().positive() });
