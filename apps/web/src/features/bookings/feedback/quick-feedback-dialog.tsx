import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { GeneralModal } from '../../../components/general-modal';
import { ApiError } from '../../../lib/api-error';
import { useToast } from '../../../lib/toast';
import { useSubmitQuickFeedback } from '../api/submit-quick-feedback';
import { formatDay } from '../../../lib/locale-format';
import { useBookingsText } from '../list/use-bookings-text';

export interface FeedbackTarget {
  bookingId: number;
  educator: string;
  dateLocal: string;
  location: string;
}

const COMMENT_MAX = 2000;

/**
 * Quick feedback (rating, would rebook, comment → POST quick-feedback), and the same as the full feedback form
 * with an introduction (the page of `GET /v1/bookings/{id}/feedback-form`). Mount it only while open: its state
 * starts fresh each time.
 */
export function QuickFeedbackDialog({
  target,
  variant = 'quick',
  onClose,
  onDone,
}: {
  target: FeedbackTarget;
  variant?: 'quick' | 'full';
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t, locale } = useBookingsText();
  const toast = useToast();
  const submit = useSubmitQuickFeedback();
  const ids = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [wouldRebook, setWouldRebook] = useState<'yes' | 'no' | ''>('');
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = () => {
    setTried(true);
    if (!rating) return;
    setFailure(null);
    submit.mutate(
      {
        id: target.bookingId,
        body: {
          rating,
          ...(wouldRebook ? { wouldRebook: wouldRebook === 'yes' } : {}),
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(t('feedback.success'));
          onDone?.();
          onClose();
        },
        // Spec §8: quick feedback failures give the server's answer back; shown in the dialog.
        onError: (error) => setFailure((error instanceof ApiError && error.serverMessage) || t('feedback.failed')),
      },
    );
  };

  const title = variant === 'full' ? t('feedback.fullTitle', { name: target.educator }) : t('feedback.title', { name: target.educator });
  return (
    <GeneralModal
      open
      title={title}
      onClose={onClose}
      persistent={submit.isPending}
      actions={
        <Button variant="contained" onClick={send} loading={submit.isPending}>
          {t('feedback.submit')}
        </Button>
      }
    >
      <Stack spacing={2.5}>
        <Typography sx={{ color: 'text.secondary' }}>
          {t('feedback.subtitle', { date: formatDay(target.dateLocal, locale), location: target.location })}
        </Typography>
        {variant === 'full' && <Typography>{t('feedback.fullIntro')}</Typography>}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <FormControl component="fieldset" error={tried && !rating} required>
          <FormLabel component="legend" id={`${ids}-rating`}>
            {t('feedback.rating')}
          </FormLabel>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 0.5 }}>
            <Rating
              name={`${ids}-rating-value`}
              value={rating}
              size="large"
              onChange={(_, value) => setRating(value)}
              getLabelText={(value) => `${value}: ${t(`feedback.ratingLabels.${value as 1 | 2 | 3 | 4 | 5}`)}`}
            />
            {rating && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-hidden="true">
                {t(`feedback.ratingLabels.${rating as 1 | 2 | 3 | 4 | 5}`)}
              </Typography>
            )}
          </Box>
          {tried && !rating && <FormHelperText>{t('feedback.ratingRequired')}</FormHelperText>}
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('feedback.wouldRebook')}</FormLabel>
          <RadioGroup row value={wouldRebook} onChange={(event) => setWouldRebook(event.target.value as 'yes' | 'no')}>
            <FormControlLabel value="yes" control={<Radio />} label={t('feedback.yes')} />
            <FormControlLabel value="no" control={<Radio />} label={t('feedback.no')} />
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('feedback.comment')}
          multiline
          minRows={variant === 'full' ? 5 : 3}
          value={comment}
          onChange={(event) => setComment(event.target.value.slice(0, COMMENT_MAX))}
          helperText={t('feedback.commentHelp')}
          fullWidth
        />
      </Stack>
    </GeneralModal>
  );
}
