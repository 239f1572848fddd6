import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The three states every page that loads data shows the same way: loading (a spinner with what is loading, a
 * polite status), a failure (an outlined error alert, with 'Try again' when asking again can help) and nothing
 * to show (an icon, a title and a line of help). The texts come from the page (its namespace; spec texts where
 * the spec has them); only 'Try again' is shared.
 */

type Sx = SxProps<Theme>;
const asArray = (sx: Sx | undefined) => (Array.isArray(sx) ? sx : sx ? [sx] : []);

/** Loading: a spinner and what is loading, announced politely (role status). */
export function LoadingState({ label, sx }: { label: string; sx?: Sx }) {
  return (
    <Box role="status" sx={[{ display: 'flex', alignItems: 'center', gap: 2 }, ...asArray(sx)]}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography sx={{ color: 'text.secondary' }}>{label}</Typography>
    </Box>
  );
}

/**
 * A failure to load: the message, and 'Try again' when `onRetry` is given (leave it out when asking again cannot
 * help, e.g. a 404).
 */
export function ErrorState({
  message,
  onRetry,
  retryLabel,
  sx,
}: {
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  sx?: Sx;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      variant="outlined"
      sx={sx}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {retryLabel ?? t('queryState.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}

/** Nothing to show: an icon (decorative), a title and a line of help. */
export function EmptyState({
  icon,
  title,
  body,
  testId,
  sx,
}: {
  icon?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  testId?: string;
  sx?: Sx;
}) {
  return (
    <Box sx={[{ textAlign: 'center', '& > svg': { fontSize: 48, color: 'primary.dark', mb: 1 } }, ...asArray(sx)]} data-testid={testId}>
      {icon}
      <Typography component="p" sx={{ fontWeight: 600, fontSize: '1.0625rem', mb: 0.5 }}>
        {title}
      </Typography>
      {body && <Typography sx={{ color: 'text.secondary', maxWidth: 460, mx: 'auto' }}>{body}</Typography>}
    </Box>
  );
}
