import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveEvent } from '@portal/contract/live-events';
import { connectLiveEvents, invalidateAllLive, invalidateForEvent, liveUpdatesSwitchedOff } from '../lib/live-events';
import { formatDateList } from '../lib/locale-format';
import { useProfile } from '../lib/profile';
import { useToast } from '../lib/toast';

/**
 * Keeps the live updates stream open while signed in (lib/live-events.ts): each event refreshes the queries it
 * concerns (dashboard tiles, bookings list and detail, pending approval, timesheets, invoices, service status), and a
 * booking the user made being filled is told with a toast. Renders nothing; mounted inside the signed-in shell's toasts.
 */
export function LiveEventsProvider() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const contactId = useProfile().data?.contact.id;
  // The handlers read the latest of these without reopening the stream.
  const latest = useRef({ t, toast, locale: i18n.language, contactId });
  useEffect(() => {
    latest.current = { t, toast, locale: i18n.language, contactId };
  });

  useEffect(() => {
    if (contactId === undefined || liveUpdatesSwitchedOff()) return;
    const connection = connectLiveEvents({
      onEvent: (event: LiveEvent) => {
        invalidateForEvent(queryClient, event.kind);
        const { t: tr, toast: show, locale, contactId: me } = latest.current;
        const p = event.payload;
        if (event.kind === 'booking.filled' && p.createdByContactId === me && p.locationName && p.dateLocal) {
          show.success(
            tr('liveEvents.bookingFilled', {
              school: p.locationName,
              date: formatDateList(p.dateLocal, locale),
              educator: p.educatorName ?? tr('liveEvents.anEducator'),
            }),
          );
        }
      },
      onReset: () => invalidateAllLive(queryClient),
      onPoll: () => invalidateAllLive(queryClient),
    });
    return () => connection.stop();
  }, [contactId, queryClient]);

  return null;
}
