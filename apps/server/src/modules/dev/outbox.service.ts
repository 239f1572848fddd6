import type { Db } from '@portal/db/client';
import { listOutboxMessages } from './outbox.repository';

/** Demo mode: the messages kept instead of sent (e-mail, SMS, voice, push), newest first. */
export class OutboxService {
  constructor(private readonly db: Db) {}

  async list(to: string | undefined, take: number) {
    const rows = await listOutboxMessages(this.db, to, take);
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
