import nodemailer, { type Transporter } from 'nodemailer';
import { outboxMessages } from '@portal/db/schema';
import type { Db } from '@portal/db/client';

/**
 * Every e-mail goes through nodemailer. With SMTP_URL it is sent; without it (demo mode) nodemailer still builds
 * the message and it is kept in the outbox table, where a person (/dev/outbox) and the tests can read it.
 * SMS, voice and push go through `notify`, recorded in the outbox too.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  notify(channel: 'sms' | 'voice' | 'push', to: string, text: string): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; db: Db }): Mailer {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
      // Sent mail is not kept: its links (password reset, unlock) must live only in the recipient's mailbox.
      if (options.smtpUrl) return;
      await options.db.insert(outboxMessages).values({
        channel: 'email',
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
      });
    },
    async notify(channel, to, text) {
      await options.db.insert(outboxMessages).values({ channel, toAddress: to, textBody: text });
    },
  };
}
