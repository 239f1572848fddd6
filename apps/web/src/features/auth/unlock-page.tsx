import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { ErrorScreen } from '../../components/error-screen';
import { ApiError } from '../../lib/api-error';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../../lib/use-session';
import { unlockAccount } from './api/unlock-account';

type UnlockResult = 'unlocked' | 'expired' | 'noResponse' | 'failed';

/**
 * The link of the locked-account e-mail (`/unlock?token=…`). The token is spent once, so it is sent from the
 * route's loader (which runs once per visit) rather than from an effect.
 */
export async function unlockLoader({ request }: LoaderFunctionArgs): Promise<UnlockResult> {
  const token = new URL(request.url).searchParams.get('token');
  if (!token) return 'expired';
  try {
    await unlockAccount({ token });
    return 'unlocked';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 410 || error.status === 400)) return 'expired';
    if (error instanceof ApiError && error.noResponse) return 'noResponse';
    return 'failed';
  }
}

export function UnlockPage() {
  const result = useLoaderData<UnlockResult>();
  const { t } = useTranslation(['auth', 'errors']);
  const signedIn = useSession() !== null;
  usePageTitle(result === 'unlocked' ? t('unlock.doneTitle') : t('unlock.title'));

  if (result === 'expired') return <ErrorScreen type="expiredError" signedIn={signedIn} />;
  return (
    <CenteredCard>
      <Box sx={{ textAlign: 'center' }}>
        {result === 'unlocked' ? (
          <>
            <LockOpenOutlinedIcon aria-hidden="true" sx={{ fontSize: 48, color: 'primary.dark', mb: 1 }} />
            <Typography variant="h1" sx={{ mb: 1.5 }}>
              {t('unlock.doneTitle')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 4 }}>{t('unlock.doneBody')}</Typography>
          </>
        ) : (
          <>
            <Typography variant="h1" sx={{ mb: 2 }}>
              {t('unlock.title')}
            </Typography>
            <Alert severity="error" variant="outlined" sx={{ textAlign: 'left', mb: 4 }}>
              {result === 'noResponse' ? t('errors:api.noServerResponse') : t('errors:api.generic')}
            </Alert>
          </>
        )}
        <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
          {t('unlock.signIn')}
        </Button>
      </Box>
    </CenteredCard>
  );
}
