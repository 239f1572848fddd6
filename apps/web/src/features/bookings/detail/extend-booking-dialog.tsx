import type { BookingDetail } from '@portal/contract/bookings';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GeneralModal } from '../../../components/general-modal';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';
import { ExtendDaysSection } from './extend-days-section';
import { ExtendEndDate } from './extend-end-date';
import { ExtendEndDatePicker, useExtendCalendar } from './extend-end-date-picker';
import { ExtendTimeFields } from './extend-time-fields';
import { useExtendBookingForm } from './use-extend-booking-form';

/**
 * Extend (spec §4 and §5): a new end date from the date picker, times and break; the scheduling call shows which
 * added days the educator can still work and which go to Unfilled. Mount it only while open.
 */
export function ExtendBookingDialog({ detail, onClose }: { detail: BookingDetail; onClose: () => void }) {
  const { t, locale } = useBookingsText();
  const form = useExtendBookingForm(detail, onClose);
  const calendar = useExtendCalendar(detail.booking.location.id);
  const [pickerOpen, setPickerOpen] = useState(false);
  const { plan } = form;
  return (
    <>
      <GeneralModal
        open={!pickerOpen}
        title={t('extend.title')}
        onClose={onClose}
        persistent={form.submitting}
        maxWidth="sm"
        actions={
          <Button variant="contained" onClick={form.submit} loading={form.submitting} disabled={!plan || plan.added === 0}>
            {t('extend.confirm')}
          </Button>
        }
      >
        <Stack spacing={2.5}>
          <Typography sx={{ color: 'text.secondary' }}>{t('extend.intro', { date: formatDay(form.lastDate, locale) })}</Typography>
          {form.failure && (
            <Alert severity="error" role="alert">
              {form.failure}
            </Alert>
          )}
          <ExtendEndDate form={form} onChange={() => setPickerOpen(true)} />
          <ExtendTimeFields form={form} />
          <ExtendDaysSection form={form} />
        </Stack>
      </GeneralModal>
      {pickerOpen && (
        <ExtendEndDatePicker
          calendar={calendar}
          endDate={form.endDate}
          lastDate={form.lastDate}
          maxEndDate={form.scheduling.data?.maxEndDateLocal}
          onClose={() => setPickerOpen(false)}
          onConfirm={form.setEndDate}
        />
      )}
    </>
  );
}
