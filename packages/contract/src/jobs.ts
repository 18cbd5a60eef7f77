import { z } from 'zod';

/**
 * Background jobs: each job's name and payload schema, defined once here and used by the
 * producer (`enqueue` in the server's platform/queue.ts) and the consumer (its file in the
 * server's jobs/). Payloads are stored with the job, so they change only additively: a new field
 * is optional, and no field is removed or changes its meaning.
 */

/** `mail.send`: one mail, stored in the outbox and delivered by SMTP when configured. */
export const mailSendJob = z.object({
  to: z.string().min(1),
  subject: z.string().min(1),
  text: z.string(),
  /** What kind of mail it is (`forgot_password`, `task_proposal_approval`…), kept in the outbox. */
  template: z.string().min(1),
  /** The user the mail is about, when there is one. */
  uid: z.number().int().nullable().optional(),
});
export type MailSendJob = z.infer<typeof mailSendJob>;

/** `tokens.prune`: deletes refresh tokens of no further use; scheduled, no payload. */
export const tokensPruneJob = z.object({});
export type TokensPruneJob = z.infer<typeof tokensPruneJob>;

/** `evaluation.run`: wakes a worker for one evaluation_jobs row (the row holds the state). */
export const evaluationRunJob = z.object({ jobId: z.number().int().positive() });
export type EvaluationRunJob = z.infer<typeof evaluationRunJob>;

export const jobPayloads = {
  'mail.send': mailSendJob,
  'tokens.prune': tokensPruneJob,
  'evaluation.run': evaluationRunJob,
} as const;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;
export const JOB_NAMES = Object.keys(jobPayloads) as JobName[];
