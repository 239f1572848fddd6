import type { PendingBookingSummary } from '@portal/contract/bookings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GeneralModal } from '../../../components/general-modal';
import { usePendingBooking } from '../api/get-pending-booking';
import { Facts } from '../detail/detail-sections';
import { formatDateTime, formatDay, formatTimeOfDay } from '../../../lib/locale-format';
import { useZoneLabel, withZone } from '../../../lib/use-zone-label';
import { BookingStatusChip } from '../list/booking-status-chip';
import { useBookingsText } from '../list/use-bookings-text';
import { dateSpan } from './pending-format';
import { ErrorState, LoadingState } from '../../../components/query-state';

const METHODS = ['email', 'sms', 'voice', 'push'] as const;

/**
 * A request pending approval in full (GET /v1/pending-bookings/{id}), with Approve and Reject when allowed, and
 * Withdraw for the contact who asked (`onWithdraw`).
 */
export function PendingDetailDialog({
  summary,
  canDecide,
  deciding,
  onClose,
  onApprove,
  onReject,
  onWithdraw,
}: {
  summary: PendingBookingSummary;
  canDecide: boolean;
  deciding: boolean;
  onClose: () => void;
  onApprove: () => void;
  onReject: () => void;
  onWithdraw?: () => void;
}) {
  const { t, locale } = useBookingsText();
  const zoneLabel = useZoneLabel();
  const detail = usePendingBooking(summary.id);
  const data = detail.data;
  // Decided elsewhere while open (a live update refetched it): nothing left to decide here, and it says so.
  const decided = data !== undefined && data.status !== 'pending_approval';
  const none = (
    <Typography component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      {t('detail.none')}
    </Typography>
  );
  return (
    <GeneralModal
      open
      title={t('pending.detailTitle')}
      onClose={onClose}
      maxWidth="md"
      dividers
      actions={
        !decided && onWithdraw ? (
          <Button variant="outlined" color="error" onClick={onWithdraw}>
            {t('pending.withdraw')}
          </Button>
        ) : (
          canDecide &&
          !decided && (
            <>
              <Button variant="outlined" color="error" onClick={onReject} disabled={deciding}>
                {t('pending.reject')}
              </Button>
              <Button variant="contained" onClick={onApprove} loading={deciding}>
                {t('pending.approve')}
              </Button>
            </>
          )
        )
      }
    >
      {detail.isError && <ErrorState message={t('pending.loadFailed')} onRetry={() => void detail.refetch()} />}
      {!data && !detail.isError && <LoadingState label={t('pending.loading')} sx={{ justifyContent: 'center', py: 4 }} />}
      {decided && (
        <Alert severity="info" variant="outlined" data-testid="pending-decided" sx={{ mb: 2 }}>
          {data.status === 'rejected'
            ? t('pending.rejectedMeanwhile')
            : data.status === 'withdrawn'
              ? t('pending.withdrawnMeanwhile')
              : t('pending.approvedMeanwhile')}
        </Alert>
      )}
      {data && (
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <BookingStatusChip status={data.status} />
            <Typography sx={{ color: 'text.secondary' }}>
              {data.location.name}
              {data.client.name !== data.location.name ? ` · ${data.client.name}` : ''}
            </Typography>
          </Box>
          <Facts
            items={[
              [t('pending.createdBy'), data.createdBy.name],
              [
                t('pending.createdOn'),
                withZone(
                  formatDateTime(data.createdOnUtc, locale, data.location.timeZone),
                  zoneLabel(data.location.timeZone, data.createdOnUtc),
                ),
              ],
              [t('pending.dates'), `${dateSpan(data.details, locale)} (${t('pending.daysCount', { count: data.days })})`],
              data.days > 1 && [t('pending.consecutive'), data.details.areDatesConsecutive ? t('feedback.yes') : t('feedback.no')],
              [
                t('pending.times'),
                withZone(
                  t('time.range', {
                    start: formatTimeOfDay(data.details.startTime, locale),
                    end: formatTimeOfDay(data.details.endTime, locale),
                  }),
                  zoneLabel(data.location.timeZone, `${data.details.earliestDate}T${data.details.startTime}`),
                ),
              ],
              [
                t('detail.break'),
                data.details.breakMinutes > 0 ? t('time.break', { count: data.details.breakMinutes }) : t('time.noBreak'),
              ],
              [t('detail.classification'), data.classification.onlineTitle],
              [t('detail.grades'), data.grades.length > 0 ? data.grades.map((g) => g.title).join(', ') : none],
              [t('detail.certifications'), data.certifications.length > 0 ? data.certifications.map((c) => c.name).join(', ') : none],
              data.details.bookingsPerDay > 1 && [t('detail.bookingsPerDay'), String(data.details.bookingsPerDay)],
              [t('detail.covering'), data.details.covering?.name ?? none],
              [t('detail.coveringReason'), data.details.covering?.reason ? t(`reasons.${data.details.covering.reason}`) : none],
              [t('detail.room'), data.details.room ?? none],
              [t('detail.notes'), data.details.notes ?? none],
              [
                t('detail.confirmations'),
                data.confirmations.length > 0
                  ? data.confirmations
                      .map(
                        (c) =>
                          `${c.name} (${METHODS.filter((m) => c[m])
                            .map((m) => t(`detail.methods.${m}`))
                            .join(', ')})`,
                      )
                      .join('; ')
                  : none,
              ],
              !!data.seriesReference && [t('detail.series'), data.seriesReference],
            ]}
          />
          <div>
            <Typography variant="h3" sx={{ fontSize: '0.9375rem', mb: 1 }} id="pending-detail-dates">
              {data.seriesReference ? t('detail.allDates') : t('pending.dates')}
            </Typography>
            <Box
              component="ul"
              aria-labelledby="pending-detail-dates"
              sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', gap: 0.75, flexWrap: 'wrap' }}
            >
              {data.dates.map((date) => (
                <li key={date.id}>
                  <Chip label={formatDay(date.date, locale)} size="small" variant="outlined" />
                </li>
              ))}
            </Box>
          </div>
          {!canDecide && <Alert severity="info">{t('pending.noPermission')}</Alert>}
        </Stack>
      )}
    </GeneralModal>
  );
}
