import type { Db } from '@portal/db/client';
import type { ServiceStatusBody } from '@portal/contract/service-status';
import type { Clock } from '../../lib/clock';
import { audit } from '../identity/audit.port';
import * as liveEvents from '../live-events/live-events.port';
import { deactivateStatuses, findActiveStatus, saveStatus, type ServiceStatusRow } from './service-status.repository';

export type { ServiceStatusRow } from './service-status.repository';

/** Who changes the banner, for the audit log. */
export interface Actor {
  staffUserId: number | null;
  requestId: string;
  ip: string;
}

/** The service status banner (spec §3): read by everyone; staff changes written with their audit entry in one transaction. */
export class ServiceStatusService {
  constructor(
    private readonly db: Db,
    /** The app's clock: when a change is made. */
    private readonly now: Clock,
  ) {}

  active(): Promise<ServiceStatusRow | undefined> {
    return findActiveStatus(this.db);
  }

  async save(body: ServiceStatusBody, actor: Actor): Promise<ServiceStatusRow> {
    const at = this.now();
    return this.db.transaction(async (tx) => {
      const saved = await saveStatus(tx, body, actor.staffUserId, at);
      await liveEvents.record(tx, { kind: 'serviceStatus.changed' });
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

  async deactivate(actor: Actor): Promise<void> {
    const at = this.now();
    await this.db.transaction(async (tx) => {
      const deactivated = await deactivateStatuses(tx, actor.staffUserId, at);
      await liveEvents.record(tx, { kind: 'serviceStatus.changed' });
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
}
