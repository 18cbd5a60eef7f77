import nodemailer, { type Transporter } from 'nodemailer';
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
  /** Stores the mail; resolves once it is stored and (with SMTP) delivery was attempted. */
  send(mail: Mail): Promise<void>;
}

/**
 * Every mail is stored in `outbox_mails` and logged, so that an admin (or a test) can read it.
 * With SMTP_URL set it is also delivered, and the outbox row records the outcome.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    smtp?: { url: string; from: string },
  ) {
    this.transport = smtp ? nodemailer.createTransport(smtp.url, { from: smtp.from }) : undefined;
  }

  async send(mail: Mail): Promise<void> {
    const row = await this.db
      .insertInto('outbox_mails')
      .values({
        to_address: mail.to,
        subject: mail.subject,
        body_text: mail.text,
        template: mail.template,
        uid: mail.uid ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.log.info(
      { to: mail.to, subject: mail.subject, template: mail.template },
      'mail stored in outbox',
    );
    if (!this.transport) return;
    try {
      await this.transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
      await this.db
        .updateTable('outbox_mails')
        .set({ sent_at: new Date(), attempts: 1 })
        .where('id', '=', row.id)
        .execute();
    } catch (err) {
      this.log.error({ err, template: mail.template }, 'mail delivery failed');
      await this.db
        .updateTable('outbox_mails')
        .set({ attempts: 1, last_error: (err as Error).message.slice(0, 500) })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
