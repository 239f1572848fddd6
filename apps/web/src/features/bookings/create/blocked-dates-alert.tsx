import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { formatDateList } from '../../../lib/locale-format';
import { MarkdownText } from './markdown-text';
import { useBookingCreateTranslation } from './use-booking-create-translation';

/** The chosen dates the location is closed on, with each block's message (markdown) and what to do about it. */
export function BlockedDatesAlert({ blocked, messages, id }: { blocked: string[]; messages: string[]; id: string | undefined }) {
  const { t, locale } = useBookingCreateTranslation();
  return (
    <Alert severity="error" variant="outlined" sx={{ mt: 1.5 }} data-testid="booking-block-message" id={id}>
      <AlertTitle sx={{ mb: 0.5 }}>
        {t('when.blockedHeading', { dates: blocked.map((d) => formatDateList(d, locale)).join(', ') })}
      </AlertTitle>
      {messages.map((message) => (
        <MarkdownText key={message}>{message}</MarkdownText>
      ))}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('when.blockedHelp')}
      </Typography>
    </Alert>
  );
}
