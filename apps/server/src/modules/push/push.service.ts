import type { Db } from '@portal/db/client';
import { MAX_PUSH_SUBSCRIPTIONS_PER_CONTACT, type PushSubscriptionBody, type PushSubscriptionRecord } from '@portal/contract/push';
import { AppError } from '../../lib/app-error';
import * as subscriptions from './push.repository';

/** A push notification's address (mailer.notify('push', …)): the contact whose browsers receive it. */
export function pushAddress(contactId: number): string {
  return `contact:${contactId}`;
}

/** The signed-in contact's browser notification subscriptions: kept, listed and forgotten, each only its own. */
export class PushSubscriptionsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Keeps the browser's subscription for the contact; answers whether it is new to them. */
  subscribe(contactId: number, body: PushSubscriptionBody): Promise<boolean> {
    return subscriptions.saveSubscription(
      this.db,
      { contactId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, now: this.now() },
      MAX_PUSH_SUBSCRIPTIONS_PER_CONTACT,
    );
  }

  /** Forgets the contact's subscription; another contact's endpoint, or an unknown one, is not found. */
  async unsubscribe(contactId: number, endpoint: string): Promise<void> {
    if (!(await subscriptions.deleteSubscription(this.db, contactId, endpoint))) {
      throw new AppError('not-found', { detail: 'There is no such subscription.' });
    }
  }

  async list(contactId: number): Promise<PushSubscriptionRecord[]> {
    const rows = await subscriptions.subscriptionsOf(this.db, contactId);
    return rows.map((r) => ({
      endpoint: r.endpoint,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      expiredAt: r.expiredAt?.toISOString() ?? null,
    }));
  }
}
