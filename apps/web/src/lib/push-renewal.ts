import { PushSubscriptionBody } from '@portal/contract/push';
import { useEffect } from 'react';
import { z } from 'zod';
import { deletePushSubscription, getPushSubscriptions, savePushSubscription } from './push-subscriptions';

/**
 * A push subscription the browser renewed while no page was open (public/push-handler.js, `pushsubscriptionchange`):
 * the service worker subscribed again and left the old endpoint and the new subscription in a cache of its own,
 * since it cannot call the server as the contact. The next signed-in page moves it: when the server keeps the old
 * endpoint for the signed-in contact, the new subscription takes its place. Without this the server would go on
 * sending to an endpoint the push service no longer answers, and the contact would see no more notifications.
 */
export const RENEWAL_CACHE = 'portal-push-renewal';
export const RENEWAL_KEY = '/push-renewal';

const Renewal = z.object({ oldEndpoint: z.string(), subscription: PushSubscriptionBody });

export type RenewalOutcome = 'none' | 'moved' | 'not-kept';

/**
 * Moves a renewal left by the service worker, if any, to the server. The server keeps the old endpoint for the
 * contact, live or marked expired (a push reached it first), until its retention period ends. 'not-kept': the server
 * does not keep the old endpoint for this contact (someone else's, or long gone), and the renewal is dropped. Throws when the server
 * refuses (e.g. staff acting as the contact, who may not keep the contact's browser): the renewal stays for the
 * contact's own next visit.
 */
export async function movePushRenewal(): Promise<RenewalOutcome> {
  // Asked first: opening a cache would make an empty one on every visit.
  if (typeof caches === 'undefined' || !(await caches.has(RENEWAL_CACHE))) return 'none';
  const cache = await caches.open(RENEWAL_CACHE);
  const stored = await cache.match(RENEWAL_KEY);
  if (!stored) return 'none';
  const renewal = Renewal.safeParse(await stored.json().catch(() => null));
  if (!renewal.success) {
    await cache.delete(RENEWAL_KEY);
    return 'not-kept';
  }
  const { oldEndpoint, subscription } = renewal.data;
  const kept = (await getPushSubscriptions()).some((s) => s.endpoint === oldEndpoint);
  if (kept) {
    await savePushSubscription(subscription);
    await deletePushSubscription(oldEndpoint);
  }
  await cache.delete(RENEWAL_KEY);
  return kept ? 'moved' : 'not-kept';
}

/** Moves a renewal once the signed-in contact is known (not while staff act as them); failures wait for a later visit. */
export function usePushRenewal(signedInAsContact: boolean): void {
  useEffect(() => {
    if (!signedInAsContact) return;
    movePushRenewal().catch(() => undefined);
  }, [signedInAsContact]);
}
