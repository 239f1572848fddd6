import type { BookingContact } from '@portal/contract/booking-reference';
import { CONFIRMATION_METHODS } from '@portal/contract/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { deliverableConfirmationMethods } from '../../../lib/runtime-config';
import { defaultConfirmation, type ConfirmationValue } from './booking-form-rules';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/**
 * Booking contacts as confirmations (spec §5): tick the people to confirm with, and for each at least one method
 * among those the contact can receive (e-mail, SMS, voice, push). Methods a contact cannot receive are disabled;
 * methods this deployment cannot deliver (no SMS provider) are not offered.
 */
export function ConfirmationsField({
  contacts,
  value,
  onChange,
  error,
  rowErrors,
}: {
  contacts: readonly BookingContact[];
  value: ConfirmationValue[];
  onChange: (value: ConfirmationValue[]) => void;
  error: string | undefined;
  rowErrors: (index: number) => string | undefined;
}) {
  const { t } = useBookingCreateTranslation();
  const baseId = useId();
  const deliverable = deliverableConfirmationMethods();
  const toggleContact = (contact: BookingContact, on: boolean) => {
    if (on)
      onChange(
        contacts.flatMap((c) => (c.id === contact.id ? [defaultConfirmation(c)] : value.filter((v) => v.bookingContactId === c.id))),
      );
    else onChange(value.filter((v) => v.bookingContactId !== contact.id));
  };
  const setMethod = (contactId: number, method: (typeof CONFIRMATION_METHODS)[number], on: boolean) =>
    onChange(value.map((v) => (v.bookingContactId === contactId ? { ...v, [method]: on } : v)));

  return (
    <Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {contacts.map((contact) => {
          const index = value.findIndex((v) => v.bookingContactId === contact.id);
          const chosen = index >= 0 ? value[index] : undefined;
          const name = contact.isCurrentUser ? t('confirmations.you', { name: contact.name }) : contact.name;
          const rowError = index >= 0 ? rowErrors(index) : undefined;
          const errorId = `${baseId}-${contact.id}-error`;
          const detail = [contact.email, contact.mobile].filter(Boolean).join(' · ');
          return (
            <Box
              component="li"
              key={contact.id}
              data-testid="confirmation-contact"
              sx={{
                border: 1,
                borderColor: rowError ? 'error.main' : chosen ? 'primary.main' : 'divider',
                borderRadius: '10px',
                px: 1.5,
                py: 1,
              }}
            >
              <FormControlLabel
                control={
                  <Checkbox
                    checked={chosen !== undefined}
                    onChange={(event) => toggleContact(contact, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('confirmations.include', { name: contact.name }) } }}
                  />
                }
                label={
                  <Box component="span" sx={{ display: 'block' }}>
                    <Box component="span" sx={{ fontWeight: 600, display: 'block' }}>
                      {name}
                    </Box>
                    {detail && (
                      <Typography
                        component="span"
                        variant="body2"
                        sx={{ color: 'text.secondary', display: 'block', wordBreak: 'break-word' }}
                      >
                        {detail}
                      </Typography>
                    )}
                  </Box>
                }
                sx={{ mr: 0, alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.5 } }}
              />
              {chosen && (
                <Box
                  role="group"
                  aria-label={t('confirmations.methodsLabel', { name: contact.name })}
                  aria-describedby={rowError ? errorId : undefined}
                  sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, pl: { xs: 0, sm: 4 } }}
                >
                  {CONFIRMATION_METHODS.filter((method) => deliverable[method] || chosen[method]).map((method) => (
                    <FormControlLabel
                      key={method}
                      disabled={!contact.methods[method] && !chosen[method]}
                      control={
                        <Checkbox
                          size="small"
                          checked={chosen[method]}
                          onChange={(event) => setMethod(contact.id, method, event.target.checked)}
                        />
                      }
                      label={t(`confirmations.methods.${method}`)}
                    />
                  ))}
                </Box>
              )}
              {rowError && (
                <FormHelperText error id={errorId} sx={{ mx: 0 }}>
                  {rowError}
                </FormHelperText>
              )}
            </Box>
          );
        })}
      </Box>
      {error && (
        <FormHelperText error sx={{ mx: 0, mt: 1 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
