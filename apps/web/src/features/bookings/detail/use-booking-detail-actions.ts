import type { BookingDetail, CancellationRequestSent } from '@portal/contract/bookings';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/profile';
import { useToast } from '../../../lib/toast';
import { useFeedbackFormLink } from '../api/get-feedback-form';
import { useBookingsText } from '../list/use-bookings-text';

export type BookingDetailDialog = 'cancel' | 'extend' | 'feedback' | 'request' | null;

const NO_ACTIONS = { cancel: false, cancelBlockedReason: null, extend: false, quickFeedback: false, viewOnly: false };

/**
 * What the booking detail lets the caller do: the actions its state and permissions allow (only once the booking
 * has been read since the page opened, never from an older copy), the dialog open, this visit's cancellation request
 * and the way to the full feedback form.
 */
export function useBookingDetailActions(detail: BookingDetail, current: boolean) {
  const { t } = useBookingsText();
  const toast = useToast();
  const navigate = useNavigate();
  const features = useProfile().data?.features;
  const feedbackLink = useFeedbackFormLink();
  const [dialog, setDialog] = useState<BookingDetailDialog>(null);
  // This visit's cancellation request (the server e-mails the office; the booking itself stays as it is).
  const [requestSent, setRequestSent] = useState<CancellationRequestSent | null>(null);
  const booking = detail.booking;
  const actions = current ? booking.actions : NO_ACTIONS;
  const canExtend = actions.extend && !!features?.enableExtendBooking;

  const openFullFeedback = () =>
    feedbackLink.mutate(booking.id, {
      onSuccess: ({ url }) => {
        // The form lives in this app (`/bookings?feedback=<id>`): follow it without a reload when it does.
        const target = new URL(url, window.location.origin);
        if (target.pathname === paths.bookings) void navigate(`${target.pathname}${target.search}`);
        else window.location.assign(target.href);
      },
      onError: () => toast.error(t('feedback.formUrlFailed')),
    });

  return {
    actions,
    canExtend,
    dialog,
    setDialog,
    requestSent,
    setRequestSent,
    openFullFeedback,
    fullFeedbackPending: feedbackLink.isPending,
  };
}

export type BookingDetailActions = ReturnType<typeof useBookingDetailActions>;
