import webpush from 'web-push';
import type { Db } from '@portal/db/client';
import type { JobQueue, RetryPolicy } from '../../lib/jobs';
import { PermanentDeliveryError } from '../../lib/notification-provider';
import * as subscriptions from './push.repository';

/**
 * Browser notifications through Web Push: the payload encrypted for the browser (RFC 8291, aes128gcm) and the
 * request signed with the server's VAPID key (RFC 8292), both by the `web-push` library, then POSTed to the
 * subscription's push service (RFC 8030). A notification for `contact:<id>` becomes one job per subscription of the
 * contact, so a push service that fails is retried alone and the others are not sent twice. A push service that no
 * longer knows the subscription (404, 410) gets it marked expired (nothing more is sent to it; push.repository.ts);
 * 408, 429 and 5xx are thrown, so the job is retried with its backoff; any other refusal is given up at once.
 */

export const PUSH_QUEUE = 'push';

function contactOf(to: string): number | undefined {
  const match = /^contact:(\d{1,10})$/.exec(to);
  return match ? Number(match[1]) : undefined;
}

/** What the service worker reads (apps/web/public/push-handler.js): the text it shows, and the page a click opens. */
export interface PushPayload {
  title: string;
  url: string;
}

export interface WebPushDeliveryOptions {
  db: Db;
  vapid: { publicKey: string; privateKey: string; subject: string };
  jobs: JobQueue;
  retry: RetryPolicy;
  now: () => Date;
  log?: { info?(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How long a push service may take to answer (15 s by default). */
  timeoutMs?: number;
  /** How long a push service keeps a notification for a browser that is offline (a day by default). */
  ttlSeconds?: number;
}

interface PushJob {
  subscriptionId: number;
  title: string;
}

/** Answers worth another try later (RFC 9110, RFC 6585); the Web Push services document 429 and 5xx. */
const RETRYABLE = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

export function createWebPushDelivery(options: WebPushDeliveryOptions): { push(to: string, text: string): Promise<void> } {
  const { db, jobs } = options;

  async function sendOne({ subscriptionId, title }: PushJob): Promise<void> {
    const sub = await subscriptions.subscriptionById(db, subscriptionId);
    if (!sub || sub.expiredAt) return;
    const payload: PushPayload = { title, url: '/' };
    let request: webpush.RequestDetails;
    try {
      request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        { vapidDetails: options.vapid, TTL: options.ttlSeconds ?? 86_400, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
    } catch (error) {
      // The browser's key is not a point of P-256: no try will encrypt for it.
      await subscriptions.markExpired(db, sub.id, sub.endpoint, options.now());
      throw new PermanentDeliveryError(
        `push subscription unusable: ${error instanceof Error ? error.message : 'bad keys'}`,
        400,
        undefined,
      );
    }
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    await response.body?.cancel();
    // The endpoint's host only: its path identifies the browser.
    const service = new URL(sub.endpoint).host;
    if (response.ok) {
      await subscriptions.markUsed(db, sub.id, options.now());
      return;
    }
    if (response.status === 404 || response.status === 410) {
      options.log?.info?.({ subscriptionId, service, status: response.status }, 'push subscription expired');
      await subscriptions.markExpired(db, sub.id, sub.endpoint, options.now());
      return;
    }
    const message = `push service ${service} answered ${response.status}`;
    if (RETRYABLE(response.status)) throw new Error(message);
    throw new PermanentDeliveryError(message, response.status, undefined);
  }

  jobs.define<PushJob>(PUSH_QUEUE, options.retry, async (data, job) => {
    try {
      await sendOne(data);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const fields = { subscriptionId: data.subscriptionId, jobId: job.id, retryCount: job.retryCount, reason };
      if (error instanceof PermanentDeliveryError) {
        options.log?.error({ ...fields, status: error.status }, 'push notification given up');
        return;
      }
      if (job.retryCount >= job.retryLimit) options.log?.error(fields, 'push notification given up after its last try');
      else options.log?.warn(fields, 'push notification not sent; will retry');
      throw error;
    }
  });

  return {
    async push(to, text) {
      const contactId = contactOf(to);
      if (contactId === undefined) throw new PermanentDeliveryError(`not a push address: ${to.slice(0, 40)}`, 400, undefined);
      for (const sub of await subscriptions.subscriptionsOf(db, contactId, { live: true })) {
        await jobs.send<PushJob>(PUSH_QUEUE, { subscriptionId: sub.id, title: text });
      }
    },
  };
}
