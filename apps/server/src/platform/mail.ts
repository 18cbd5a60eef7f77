import { type Db } from '../db/database.js';
import { type Logger } from './logger.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  template: string;
  uid?: number | null;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The embedded default: every mail is stored in `outbox_mails` and logged, so that an admin
 * (or a test) can read it. SMTP delivery is added when SMTP_URL is configured.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  async send(mail: Mail): Promise<void> {
    await this.db
      .insertInto('outbox_mails')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        template: mail.template,
        uid: mail.uid ?? null,
      })
      .execute();
    this.log.info(
      { to: mail.to, subject: mail.subject, template: mail.template },
      'mail stored in outbox',
    );
  }
}
