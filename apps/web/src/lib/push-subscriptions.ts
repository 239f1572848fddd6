import { PushSubscriptionList, PushSubscriptionRecord, type PushSubscriptionBody } from '@portal/contract/push';
import { ApiError } from './api-error';
import { apiRequest } from './api-client';

/** The caller's browser notification subscriptions on the server (GET/POST/DELETE /v1/push/subscriptions). */

export function getPushSubscriptions(): Promise<PushSubscriptionList> {
  return apiRequest('push/subscriptions', { schema: PushSubscriptionList });
}

/** Keeps this browser's subscription for the caller (the same endpoint again is fine). */
export function savePushSubscription(body: PushSubscriptionBody): Promise<PushSubscriptionRecord> {
  return apiRequest('push/subscriptions', { method: 'POST', body, schema: PushSubscriptionRecord });
}

/** Forgets it; one the server no longer has (404) is already forgotten. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  try {
    await apiRequest<void>('push/subscriptions', { method: 'DELETE', body: { endpoint } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}
