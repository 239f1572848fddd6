import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@portal/db/client';
import {
  LIVE_REPLAY_MAX_AGE_SECONDS,
  LIVE_REPLAY_MAX_EVENTS,
  LIVE_TICKET_TTL_SECONDS,
  type LiveEventTicket,
} from '@portal/contract/live-events';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PrincipalCache } from '../identity/principal-cache';
import { clientIdsOf, mayReceive } from './live-events.access';
import { consumeTicket, insertTicket, replayAfter, type LiveEventRow } from './live-events.repository';

export type { LiveEventRow } from './live-events.repository';

/** The sign-in a stream belongs to: it ends when the sign-in does, or when its access token would have expired. */
export interface StreamHolder {
  contactId: number;
  tokenVersion: number;
  familyId: string;
  staffUserId: number | null;
  endsAt: Date;
}

const hash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

const refused = () =>
  new AppError('unauthorized', {
    detail: 'The live updates ticket is missing, used or expired. Ask for a new one.',
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  });

/** Tickets and the opening of a stream; the hub does the streaming. Tickets expire on the wall clock. */
export class LiveEventsService {
  constructor(
    private readonly db: Db,
    private readonly principals: PrincipalCache,
    private readonly clock: Clock,
  ) {}

  /**
   * A random secret of which only the hash is kept; single use, for LIVE_TICKET_TTL_SECONDS. It records the sign-in
   * it was asked from (contact, token version, refresh family, staff user, the access token's expiry): the stream it
   * opens is bound to that sign-in.
   */
  async issueTicket(principal: {
    contactId: number;
    staffUserId: number | undefined;
    familyId: string;
    tokenVersion: number;
    accessExpiresAt: Date;
  }): Promise<LiveEventTicket> {
    const ticket = randomBytes(32).toString('base64url');
    const createdAt = this.clock();
    await insertTicket(this.db, {
      tokenHash: hash(ticket),
      contactId: principal.contactId,
      staffUserId: principal.staffUserId ?? null,
      familyId: principal.familyId,
      tokenVersion: principal.tokenVersion,
      accessExpiresAt: principal.accessExpiresAt,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + LIVE_TICKET_TTL_SECONDS * 1000),
    });
    return { ticket, expiresInSeconds: LIVE_TICKET_TTL_SECONDS };
  }

  /**
   * Uses the ticket up: the sign-in it opens a stream for, if that sign-in still holds now (same token version, the
   * refresh family not ended, the access token not expired); 401 otherwise, as for a bad ticket.
   */
  async redeem(ticket: string | undefined): Promise<StreamHolder> {
    if (!ticket || ticket.length < 20) throw refused();
    const holder = await consumeTicket(this.db, hash(ticket), this.clock());
    if (!holder || holder.familyId === null || holder.tokenVersion === null || holder.accessExpiresAt === null) throw refused();
    this.principals.forget(holder.contactId);
    const [contact, familyActive] = await Promise.all([
      this.principals.contact(holder.contactId),
      this.principals.familyActive(holder.familyId),
    ]);
    if (!contact || !familyActive || contact.tokenVersion !== holder.tokenVersion) throw refused();
    if (holder.accessExpiresAt.getTime() <= this.clock().getTime()) throw refused();
    return {
      contactId: contact.id,
      tokenVersion: contact.tokenVersion,
      familyId: holder.familyId,
      staffUserId: holder.staffUserId,
      endsAt: holder.accessExpiresAt,
    };
  }

  /** What a reconnecting stream missed, of the clients it may see now; null: too much or too old (send `reset`). */
  async missed(contactId: number, afterId: number): Promise<LiveEventRow[] | null> {
    const tree = await this.principals.tree(contactId);
    const rows = await replayAfter(this.db, afterId, clientIdsOf(tree), LIVE_REPLAY_MAX_EVENTS, LIVE_REPLAY_MAX_AGE_SECONDS);
    return rows && rows.filter((row) => mayReceive(tree, row));
  }
}
