import type { BookingDetail, CancellationRequestSent } from '@portal/contract/bookings';
import { locationLabel } from '@portal/contract/format/location-name';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ProviderContact } from '../../../components/provider-contact';
import { UserAvatar } from '../../../components/user-avatar';
import { ApiError } from '../../../lib/api-error';
import { bookingPath, paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/profile';
import { useToast } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useBooking } from '../api/get-booking';
import { useFeedbackFormLink } from '../api/get-feedback-form';
import { QuickFeedbackDialog } from '../feedback/quick-feedback-dialog';
import { educatorName } from '../list/booking-format';
import { formatDateTime, formatDay, formatDayLong, formatTimeOfDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { BookingStatusChip } from '../list/booking-status-chip';
import { seriesPosition } from '../list/list-params';
import { useBookingsText } from '../list/use-bookings-text';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { DetailSection, Facts } from './detail-sections';
import { ExtendBookingDialog } from './extend-booking-dialog';
import { RequestCancellationDialog } from './request-cancellation-dialog';
import { ErrorState, LoadingState } from '../../../components/query-state';

const METHODS = ['email', 'sms', 'voice', 'push'] as const;

/** A booking in full (spec §3 'Booking detail') with the actions its state and the caller's permissions allow. */
export function BookingDetailPage() {
  const { t } = useBookingsText();
  const { bookingId } = useParams();
  const id = /^\d{1,10}$/.test(bookingId ?? '') ? Number(bookingId) : undefined;
  const booking = useBooking(id);
  usePageTitle(t('detail.title'));

  const back = (
    <Button component={RouterLink} to={paths.bookings} startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start', ml: -1 }}>
      {t('actions.back')}
    </Button>
  );
  if (
    id === undefined ||
    (booking.isError && booking.error instanceof ApiError && (booking.error.status === 404 || booking.error.status === 403))
  ) {
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="warning">{t('detail.notFound')}</Alert>
      </Stack>
    );
  }
  if (booking.isError) {
    return (
      <Stack spacing={2}>
        {back}
        <ErrorState message={t('detail.loadFailed')} onRetry={() => void booking.refetch()} />
      </Stack>
    );
  }
  if (!booking.data) {
    return (
      <Stack spacing={2}>
        {back}
        <LoadingState label={t('detail.loading')} sx={{ py: 4 }} />
      </Stack>
    );
  }
  // Actions are offered only once the booking has been read since this page opened (never from an older copy).
  return <BookingDetailView detail={booking.data} back={back} current={booking.isFetchedAfterMount} />;
}

function BookingDetailView({ detail, back, current }: { detail: BookingDetail; back: ReactNode; current: boolean }) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const toast = useToast();
  const navigate = useNavigate();
  const features = useProfile().data?.features;
  const feedbackLink = useFeedbackFormLink();
  const [dialog, setDialog] = useState<'cancel' | 'extend' | 'feedback' | 'request' | null>(null);
  // This visit's cancellation request (the server e-mails the office; the booking itself stays as it is).
  const [requestSent, setRequestSent] = useState<CancellationRequestSent | null>(null);
  const booking = detail.booking;
  const actions = current
    ? booking.actions
    : { cancel: false, cancelBlockedReason: null, extend: false, quickFeedback: false, viewOnly: false };
  const series = seriesPosition(booking);
  const day = formatDayLong(booking.dateLocal, locale);
  const canExtend = actions.extend && !!features?.enableExtendBooking;
  const name = booking.candidate ? educatorName(booking.candidate) : '';
  const covering = detail.details.covering;

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

  const none = (
    <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      {t('detail.none')}
    </Typography>
  );

  const whenSection = (
    <DetailSection id="detail-when" title={t('detail.when')}>
      <Facts
        items={[
          [t('detail.date'), day],
          [
            t('detail.times'),
            withZone(
              t('time.range', {
                start: formatTimeOfDay(booking.startTimeLocal, locale),
                end: formatTimeOfDay(booking.endTimeLocal, locale),
              }),
              zoneLabel(booking.timeZone, `${booking.dateLocal}T${booking.startTimeLocal}`),
            ),
          ],
          [t('detail.break'), booking.breakMinutes > 0 ? t('time.break', { count: booking.breakMinutes }) : t('time.noBreak')],
          [t('detail.fullDay'), detail.details.isFullDay ? t('feedback.yes') : t('detail.partDay')],
        ]}
      />
    </DetailSection>
  );
  const whatSection = (
    <DetailSection id="detail-what" title={t('detail.what')}>
      <Facts
        items={[
          [t('detail.classification'), detail.classification.onlineTitle],
          [t('detail.grades'), detail.grades.length > 0 ? detail.grades.map((g) => g.title).join(', ') : none],
          [
            t('detail.certifications'),
            detail.certifications.length > 0 ? (
              <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                {detail.certifications.map((c) => (
                  <Chip key={c.id} label={c.name} size="small" variant="outlined" />
                ))}
              </Box>
            ) : (
              none
            ),
          ],
          detail.details.bookingsPerDay > 1 && [t('detail.bookingsPerDay'), String(detail.details.bookingsPerDay)],
          [t('detail.covering'), covering?.name ?? none],
          [t('detail.coveringReason'), covering?.reason ? t(`reasons.${covering.reason}`) : none],
          [t('detail.room'), detail.details.room ?? none],
          [
            t('detail.notes'),
            detail.details.notes ? (
              <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
                {detail.details.notes}
              </Box>
            ) : (
              none
            ),
          ],
          [t('detail.createdBy'), detail.createdBy.name],
          [
            t('detail.createdOn'),
            withZone(
              formatDateTime(detail.createdOnUtc, locale, detail.location.timeZone),
              zoneLabel(detail.location.timeZone, detail.createdOnUtc),
            ),
          ],
          [t('detail.requestStatus'), <BookingStatusChip key="request" status={detail.status} />],
        ]}
      />
    </DetailSection>
  );
  const blockSection = detail.seriesReference && (
    <DetailSection id="detail-block" title={t('detail.block')}>
      <Facts
        items={[
          [t('detail.series'), detail.seriesReference],
          series && [t('detail.position'), t('list.positionOfTotal', { position: series.position, total: series.total })],
        ]}
      />
      <Typography variant="h3" sx={{ fontSize: '0.9375rem', mt: 2.5, mb: 1 }} id="detail-block-dates">
        {t('detail.allDates')}
      </Typography>
      <Box
        component="ol"
        aria-labelledby="detail-block-dates"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {detail.bookings.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              px: 1.25,
              py: 0.75,
              borderRadius: '8px',
              bgcolor: item.id === booking.id ? 'action.selected' : 'transparent',
            }}
          >
            {item.id === booking.id ? (
              <Typography variant="body2" sx={{ fontWeight: 700 }} aria-current="page">
                {formatDay(item.dateLocal, locale)}
              </Typography>
            ) : (
              <Link component={RouterLink} to={bookingPath(item.id)} variant="body2">
                {formatDay(item.dateLocal, locale)}
              </Link>
            )}
            <BookingStatusChip status={item.status} />
          </Box>
        ))}
      </Box>
    </DetailSection>
  );
  const educatorSection = (
    <DetailSection id="detail-educator" title={t('detail.educator')}>
      {booking.candidate ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <UserAvatar name={booking.candidate.fullName} size="lg" />
          <div>
            <Typography sx={{ fontWeight: 700, fontSize: '1.0625rem' }} data-testid="detail-educator">
              {name}
            </Typography>
            {booking.candidate.preferredName && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {booking.candidate.fullName}
              </Typography>
            )}
          </div>
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary' }} data-testid="detail-no-educator">
          {booking.status === 'cancelled'
            ? t('detail.noEducatorCancelled')
            : booking.status === 'rejected'
              ? t('detail.noEducatorRejected')
              : t('detail.noEducator')}
        </Typography>
      )}
      {detail.requestedCandidate && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }} data-testid="detail-requested-educator">
          {t('detail.requestedEducator', { name: detail.requestedCandidate.fullName })}
        </Typography>
      )}
    </DetailSection>
  );
  const locationSection = (
    <DetailSection id="detail-location" title={t('detail.location')}>
      <Facts
        items={[
          [t('detail.school'), detail.client.name],
          [t('detail.location'), detail.location.name],
        ]}
      />
    </DetailSection>
  );
  const confirmationsSection = (
    <DetailSection id="detail-confirmations" title={t('detail.confirmations')}>
      {detail.confirmations.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('detail.noConfirmations')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
          {detail.confirmations.map((confirmation) => (
            <Box component="li" key={confirmation.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <UserAvatar name={confirmation.name} size="sm" />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {confirmation.name}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
                  {METHODS.filter((method) => confirmation[method]).map((method) => (
                    <Chip key={method} label={t(`detail.methods.${method}`)} size="small" variant="outlined" sx={{ height: 22 }} />
                  ))}
                </Box>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </DetailSection>
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      {back}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <div>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 0.5 }}>
            <Typography variant="h1">{t('detail.heading', { date: day })}</Typography>
            <BookingStatusChip status={booking.status} size="medium" />
          </Box>
          <Typography sx={{ color: 'text.secondary' }}>{locationLabel(booking.client.name, booking.location.name)}</Typography>
        </div>
        <Box
          role="group"
          aria-label={t('detail.actions')}
          sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}
        >
          {actions.quickFeedback && (
            <>
              <Button
                variant="contained"
                startIcon={<RateReviewOutlinedIcon />}
                onClick={() => setDialog('feedback')}
                sx={{ flex: { xs: 1, sm: 'none' } }}
              >
                {t('feedback.quick')}
              </Button>
              <Button
                variant="outlined"
                endIcon={<OpenInNewIcon />}
                onClick={openFullFeedback}
                loading={feedbackLink.isPending}
                sx={{ flex: { xs: 1, sm: 'none' } }}
              >
                {t('feedback.fullForm')}
              </Button>
            </>
          )}
          {canExtend && (
            <Button
              variant="outlined"
              startIcon={<EventRepeatOutlinedIcon />}
              onClick={() => setDialog('extend')}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              {t('extend.button')}
            </Button>
          )}
          {actions.cancel && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<EventBusyOutlinedIcon />}
              onClick={() => setDialog('cancel')}
              sx={{ flex: { xs: 1, sm: 'none' } }}
            >
              {t('cancel.button')}
            </Button>
          )}
        </Box>
      </Box>

      {actions.viewOnly && (
        <Alert severity="info" variant="outlined" data-testid="booking-view-only">
          {t('detail.viewOnly')}
        </Alert>
      )}
      {!actions.cancel && actions.cancelBlockedReason && (
        <Alert severity="info" variant="outlined" data-testid="cancel-blocked" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          <AlertTitle>{t('cancel.blockedTitle')}</AlertTitle>
          <Typography variant="body2">{actions.cancelBlockedReason}</Typography>
          <Typography variant="body2" sx={{ mt: 1, mb: 1.5 }}>
            {t('cancel.contactIntro')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
            <ProviderContact region={detail.region} />
            {!requestSent && (
              <Button
                variant="outlined"
                startIcon={<SendOutlinedIcon />}
                onClick={() => setDialog('request')}
                sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
              >
                {t('cancel.request')}
              </Button>
            )}
          </Box>
        </Alert>
      )}
      {requestSent && (
        <Alert severity="success" role="status" data-testid="cancellation-request-sent">
          <AlertTitle>{t('cancel.requestSentTitle')}</AlertTitle>
          <Typography variant="body2">
            {t('cancel.requestSent', { email: requestSent.sentTo, time: formatDateTime(requestSent.sentAt, locale, booking.timeZone) })}
          </Typography>
        </Alert>
      )}
      {booking.status === 'cancelled' && (
        <Alert severity="warning" variant="outlined">
          <AlertTitle>{t('detail.cancelled')}</AlertTitle>
          {[
            booking.cancelReason && `${t('detail.cancelReason')}: ${booking.cancelReason}`,
            booking.cancelledAt && `${t('detail.cancelledAt')}: ${formatDateTime(booking.cancelledAt, locale, booking.timeZone)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Alert>
      )}
      {detail.details.rejectReason && (
        <Alert severity="error" variant="outlined">
          <AlertTitle>{t('detail.rejectReason')}</AlertTitle>
          {detail.details.rejectReason}
        </Alert>
      )}

      {phone ? (
        // On a phone one column, When first: the day and times are what a booking is opened for, then who comes.
        <Stack spacing={3} data-testid="booking-detail-sections">
          {whenSection}
          {educatorSection}
          {whatSection}
          {blockSection}
          {locationSection}
          {confirmationsSection}
        </Stack>
      ) : (
        <Box
          data-testid="booking-detail-sections"
          sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' }}
        >
          <Stack spacing={3}>
            {whenSection}
            {whatSection}
            {blockSection}
          </Stack>
          <Stack spacing={3}>
            {educatorSection}
            {locationSection}
            {confirmationsSection}
          </Stack>
        </Box>
      )}
      {dialog === 'cancel' && <CancelBookingDialog booking={booking} onClose={() => setDialog(null)} />}
      {dialog === 'extend' && <ExtendBookingDialog detail={detail} onClose={() => setDialog(null)} />}
      {dialog === 'request' && <RequestCancellationDialog booking={booking} onClose={() => setDialog(null)} onSent={setRequestSent} />}
      {dialog === 'feedback' && booking.candidate && (
        <QuickFeedbackDialog
          target={{ bookingId: booking.id, educator: name, dateLocal: booking.dateLocal, location: booking.location.name }}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
