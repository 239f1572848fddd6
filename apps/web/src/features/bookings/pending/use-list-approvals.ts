import type { PendingBookingSummary } from '@portal/contract/bookings';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import type { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { UNDO_WINDOW_MS, useUndoable } from '../../../lib/use-undoable';
import { actOnPendingBooking } from '../api/act-on-pending-booking';
import { bookingsKey } from '../api/get-bookings';
import { pendingBookingsKey } from '../api/get-pending-bookings';
import { useBookingsText } from '../list/use-bookings-text';
import type { ApprovalPhase } from './pending-requests';

export const listRequests = (data: { requests: PendingBookingSummary[] } | undefined) => data?.requests ?? [];

/**
 * Approve from the list, one click with a way back: the row stays in place marked "Approving…" with Undo for
 * UNDO_WINDOW_MS before anything is sent (Undo sends nothing; leaving the page sends it at once, see useUndoable).
 * Sent and approved, the row stays, marked, while the pointer is over the list, so the next one never slides
 * under it; the pointer leaving (or another page) lets the list close up.
 */
export function useListApprovals(fetched: PendingBookingSummary[], keys: ReturnType<typeof useIdempotencyKey>, offset: number) {
  const { t } = useBookingsText();
  const toast = useToast();
  const queryClient = useQueryClient();
  const undoable = useUndoable<number>();
  const [phases, setPhases] = useState<ReadonlyMap<number, { phase: ApprovalPhase; request: PendingBookingSummary; index: number }>>(
    () => new Map(),
  );
  const [pointerInside, setPointerInside] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const headingFocus = useRef<() => void>(() => document.getElementById('pending-list-heading')?.focus());

  const setPhase = (id: number, next: { phase: ApprovalPhase; request: PendingBookingSummary; index: number } | undefined) =>
    setPhases((current) => {
      const copy = new Map(current);
      if (next) copy.set(id, next);
      else copy.delete(id);
      return copy;
    });

  /** Sent outside React's life: it must finish (and say so) even after the page was left. */
  const send = (request: PendingBookingSummary, index: number) => {
    const body = { action: 'accept' } as const;
    const idempotencyKey = keys.keyFor({ id: request.id, body });
    // Focus on its Undo would be lost with the button.
    const row = document.querySelector(`[data-request-id="${request.id}"]`);
    if (row?.contains(document.activeElement)) headingFocus.current();
    setPhase(request.id, { phase: 'sending', request, index });
    actOnPendingBooking(request.id, body, idempotencyKey).then(
      () => {
        keys.settle(idempotencyKey);
        toast.success(t('pending.acceptSuccess'));
        setAnnouncement(t('pending.approvedAnnounce', { name: request.createdBy.name }));
        setPhase(request.id, { phase: 'approved', request, index });
        void queryClient.invalidateQueries({ queryKey: bookingsKey });
      },
      (error: unknown) => {
        keys.settle(idempotencyKey, error);
        setPhase(request.id, undefined);
        if (error instanceof ApiError && error.status === 409) toast.info(t('pending.decidedElsewhere'));
        else toast.error((error instanceof ApiError && error.serverMessage) || t('pending.processFailed'));
        void queryClient.invalidateQueries({ queryKey: pendingBookingsKey });
      },
    );
  };

  const approve = (request: PendingBookingSummary) => {
    // Its place in the whole list, so that another page does not show it.
    const index = offset + fetched.findIndex((r) => r.id === request.id);
    setPhase(request.id, { phase: 'queued', request, index });
    setAnnouncement(t('pending.approvingAnnounce', { name: request.createdBy.name, seconds: Math.round(UNDO_WINDOW_MS / 1000) }));
    undoable.schedule(request.id, () => send(request, index));
  };
  const undo = (request: PendingBookingSummary) => {
    if (!undoable.undo(request.id)) return;
    setPhase(request.id, undefined);
    setAnnouncement(t('pending.undoneAnnounce', { name: request.createdBy.name }));
  };
  const phase = (request: PendingBookingSummary) => phases.get(request.id)?.phase;

  // The fetched list, with the rows on their way (or just approved, while the pointer is over the list) where they were.
  const shown = [...fetched];
  for (const [id, held] of phases) {
    if (shown.some((r) => r.id === id)) continue;
    if (held.phase === 'approved' && !pointerInside) continue;
    const at = held.index - offset;
    if (at < 0 || at > shown.length) continue;
    shown.splice(at, 0, held.request);
  }
  const visible = shown.filter((r) => phases.get(r.id)?.phase !== 'approved' || pointerInside);

  /** Approved rows are let go (the list closes up). */
  const release = () => setPhases((current) => new Map([...current].filter(([, held]) => held.phase !== 'approved')));

  return {
    shown: visible,
    phase,
    approve,
    undo,
    announcement,
    release,
    setPointerInside: (inside: boolean) => {
      setPointerInside(inside);
      if (!inside) release();
    },
  };
}
