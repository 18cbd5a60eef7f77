import { z } from 'zod';

/** A round as shown with a task (its secret never leaves the server). */
export const roundSummary = z
  .object({
    id: z.number().int(),
    rid: z.number().int(),
    cur_round: z.number().int(),
    desc: z.string().nullable(),
    longdesc: z.string().nullable(),
    total_collected: z.number().int(),
    total_fooled: z.number().int(),
    total_verified_fooled: z.number().int(),
  })
  .meta({ id: 'RoundSummary' });
export type RoundSummary = z.infer<typeof roundSummary>;

/** Task card and task list entry (spec §3 "Task card/list"). */
export const taskCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    desc: z.string().nullable(),
    task_code: z.string(),
    challenge_type: z.number().int(),
    last_updated: z.string().nullable(),
    active: z.boolean(),
    submitable: z.boolean(),
    official: z.boolean(),
    /** The current round's number (the original API's task list has it at the top level). */
    cur_round: z.number().int(),
    round: roundSummary.nullable(),
  })
  .meta({ id: 'TaskCard' });
export type TaskCard = z.infer<typeof taskCard>;

export const taskCardList = z.array(taskCard);
