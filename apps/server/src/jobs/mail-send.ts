import { defineJob } from '../platform/queue.js';
import { type JobDeps } from './deps.js';

/** Stores the mail in the outbox and, with SMTP_URL set, delivers it. */
export const mailSend = defineJob('mail.send', (mail, deps: JobDeps) => deps.mailer.send(mail));
