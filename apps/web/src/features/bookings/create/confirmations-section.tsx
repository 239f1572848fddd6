import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { useFormContext } from 'react-hook-form';
import { bookerFirst, type BookingFormValues, type ConfirmationValue } from './booking-form-rules';
import { useBookingMessage } from './booking-messages';
import { ConfirmationsField } from './confirmations-field';
import { Section } from './form-section';
import type { BookingReference } from './use-booking-reference';
import type { BookingFieldUpdate } from './use-booking-form';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** Confirmations: the location's booking contacts to confirm with (the booker first), or why there are none. */
export function ConfirmationsSection({
  id,
  contacts,
  value,
  update,
}: {
  id: string;
  contacts: BookingReference['contacts'];
  value: ConfirmationValue[];
  update: BookingFieldUpdate;
}) {
  const { t } = useBookingCreateTranslation();
  const message = useBookingMessage();
  const {
    formState: { errors },
  } = useFormContext<BookingFormValues>();
  const confirmationsError = errors.confirmations?.message ?? errors.confirmations?.root?.message;
  return (
    <Section id={id} title={t('confirmations.heading')} help={t('confirmations.help')}>
      {contacts.isPending ? (
        <CircularProgress size={24} aria-label={t('loading')} />
      ) : contacts.data && contacts.data.length > 0 ? (
        <ConfirmationsField
          contacts={bookerFirst(contacts.data)}
          value={value}
          onChange={(next) => update('confirmations', next)}
          error={message(confirmationsError)}
          rowErrors={(index) => message(errors.confirmations?.[index]?.message)}
        />
      ) : (
        <Alert severity={contacts.isError ? 'error' : 'warning'} variant="outlined">
          {contacts.isError ? t('failed.contacts') : t('confirmations.none')}
        </Alert>
      )}
    </Section>
  );
}
