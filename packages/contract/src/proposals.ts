import { z } from 'zod';

export const taskProposal = z
  .object({
    id: z.number().int(),
    uid: z.number().int().nullable(),
    username: z.string().nullable(),
    name: z.string(),
    task_code: z.string(),
    desc: z.string(),
    longdesc: z.string(),
    status: z.enum(['pending', 'accepted', 'rejected']),
    changes: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'TaskProposal' });
export type TaskProposal = z.infer<typeof taskProposal>;

export const proposalPageParams = z.object({
  page: z.coerce.number().int().min(0).max(100_000),
  size: z.coerce.number().int().min(1).max(100),
});
