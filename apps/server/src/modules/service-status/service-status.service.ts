import type { Db } from '@portal/db/client';
import type { ServiceStatusBody } from '@portal/contract/service-status';
import { audit } from '../identity/identity.repository';
import { recordLiveEvent } from '../live-events/live-events.repository';
import { deactivateStatuses, saveStatus } from './service-status.repository';

/** Staff changes to the banner, each written with its audit entry in one transaction. */

interface Actor {
  staffUserId: number | null;
  requestId: string;
  ip: string;
  /** When the change is made (the app's clock). */
  at: Date;
}

export async function saveServiceStatus(db: Db, body: ServiceStatusBody, actor: Actor) {
  return db.transaction(async (tx) => {
    const saved = await saveStatus(tx, body, actor.staffUserId, actor.at);
    await recordLiveEvent(tx, { clientId: null, locationId: null, kind: 'serviceStatus.changed', payload: {} });
    await audit(tx, {
      staffUserId: actor.staffUserId,
      action: 'service-status.save',
      entityType: 'service_status',
      entityId: String(saved.id),
      details: { ...body },
      requestId: actor.requestId,
      ip: actor.ip,
    });
    return saved;
  });
}

export async function deactivateServiceStatus(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const deactivated = await deactivateStatuses(tx, actor.staffUserId, actor.at);
    await recordLiveEvent(tx, { clientId: null, locationId: null, kind: 'serviceStatus.changed', payload: {} });
    await audit(tx, {
      staffUserId: actor.staffUserId,
      action: 'service-status.deactivate',
      entityType: 'service_status',
      details: { deactivated },
      requestId: actor.requestId,
      ip: actor.ip,
    });
  });
}
