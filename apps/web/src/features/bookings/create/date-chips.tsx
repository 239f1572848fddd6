import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateList } from '../../../lib/locale-format';
import { useBookingMessage } from './booking-messages';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/**
 * The chosen dates as chips, each removable (a blocked date shown as closed, a date the server refused with its
 * message), and a button clearing them all when there are several.
 */
export function DateChips({
  value,
  onChange,
  blockedDates,
  dateErrors,
  labelledBy,
}: {
  value: string[];
  onChange: (dates: string[]) => void;
  blockedDates: ReadonlyMap<string, string>;
  /** Per-date messages from the server (`dates.N`). */
  dateErrors: ReadonlyMap<string, string>;
  /** The field's legend, naming the list. */
  labelledBy: string;
}) {
  const { t, locale } = useBookingCreateTranslation();
  const message = useBookingMessage();
  return (
    <>
      {value.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('when.noDates')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-labelledby={labelledBy}
          sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0 }}
          data-testid="booking-dates"
        >
          {value.map((date) => {
            const label = formatDateList(date, locale);
            const closed = blockedDates.has(date);
            const refused = message(dateErrors.get(date));
            return (
              <li key={date} data-date={date} data-blocked={closed ? 'true' : undefined}>
                <Chip
                  label={closed ? t('when.blockedDate', { date: label }) : label}
                  color={closed || refused ? 'error' : 'default'}
                  variant={closed || refused ? 'outlined' : 'filled'}
                  title={refused}
                  onDelete={() => onChange(value.filter((d) => d !== date))}
                  aria-label={t('when.removeDate', { date: label })}
                  sx={{ fontWeight: 500 }}
                />
              </li>
            );
          })}
        </Box>
      )}
      {value.length > 1 && (
        <Button size="small" onClick={() => onChange([])} sx={{ mt: 1, ml: -1 }}>
          {t('when.clearDates')}
        </Button>
      )}
    </>
  );
}
