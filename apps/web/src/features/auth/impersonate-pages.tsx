import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CenteredCard } from '../../components/centered-card';
import { apiUrl } from '../../lib/api-url';
import { browserLocation } from '../../lib/navigation';
import { impersonateLoginPath, paths } from '../../lib/paths';
import { activateImpersonation, beginImpersonation, endSession, getSession, refreshSession, signOut } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

type ImpersonateState =
  | { state: 'invalid'; contactId: string }
  | { state: 'redirecting'; contactId: number }
  | { state: 'cancelled'; contactId: number }
  | { state: 'failed'; contactId: number; reason: 'failed' | 'unknown-staff' | 'authenticate' };

function parseContactId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/**
 * `/user/impersonate/:contactId`, public (spec §2, §4). Provider staff arrive here from their own tools:
 * - first visit: a normal session, if there is one, is signed out, the contact id stored, and the browser sent to the
 *   enterprise login (`/v1/auth/enterprise/start`);
 * - the enterprise login sends it back with `signedIn=1` (a staff refresh cookie is set): a refresh gives the
 *   staff token, impersonation is marked active (every call names the contact) and the user goes home;
 * - or with `error`: the page says the impersonation failed.
 * Already signed in (and not returning from the enterprise login): home.
 */
export async function impersonateLoginLoader({ params, request }: LoaderFunctionArgs) {
  const contactId = parseContactId(params.contactId);
  if (contactId === undefined) return { state: 'invalid', contactId: params.contactId ?? '' } satisfies ImpersonateState;
  const search = new URL(request.url).searchParams;

  const error = search.get('error');
  if (error === 'cancelled') {
    // The staff member cancelled at the enterprise login: no failure message (spec §8).
    endSession();
    return { state: 'cancelled', contactId } satisfies ImpersonateState;
  }
  if (error) {
    endSession();
    return { state: 'failed', contactId, reason: error === 'unknown-staff' ? 'unknown-staff' : 'failed' } satisfies ImpersonateState;
  }

  if (search.get('signedIn') === '1') {
    activateImpersonation(contactId);
    const outcome = getSession() ? 'refreshed' : await refreshSession();
    if (outcome !== 'refreshed') {
      endSession();
      return { state: 'failed', contactId, reason: 'authenticate' } satisfies ImpersonateState;
    }
    return redirect(paths.home);
  }

  if (getSession()) return redirect(paths.home);
  await signOut();
  beginImpersonation(contactId);
  browserLocation.assign(apiUrl('auth/enterprise/start', { contactId }));
  return { state: 'redirecting', contactId } satisfies ImpersonateState;
}

export function ImpersonateLoginPage() {
  const data = useLoaderData<ImpersonateState>();
  const { t } = useTranslation('auth');
  usePageTitle(t('impersonate.loginTitle'));

  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ mb: 2, textAlign: 'center' }}>
        {t('impersonate.loginTitle')}
      </Typography>
      {data.state === 'redirecting' && (
        <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
          <CircularProgress aria-hidden="true" size={32} />
          <Typography sx={{ fontWeight: 500 }}>{t('impersonate.redirecting')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('impersonate.redirectingBody', { contactId: data.contactId })}
          </Typography>
        </Box>
      )}
      {data.state === 'cancelled' && (
        <Stack spacing={3}>
          <Typography sx={{ textAlign: 'center' }}>{t('impersonate.cancelled')}</Typography>
          <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
            {t('impersonate.backToSignIn')}
          </Button>
        </Stack>
      )}
      {data.state === 'invalid' && (
        <Stack spacing={3}>
          <Alert severity="error" variant="outlined">
            {t('impersonate.invalidId', { contactId: data.contactId })}
          </Alert>
          <Button component={RouterLink} to={paths.login} variant="contained" size="large" fullWidth>
            {t('impersonate.backToSignIn')}
          </Button>
        </Stack>
      )}
      {data.state === 'failed' && (
        <Stack spacing={3}>
          <Alert severity="error" variant="outlined">
            {data.reason === 'authenticate' ? t('impersonate.failedAuthenticate') : t('impersonate.failed')}
            {data.reason === 'unknown-staff' && (
              <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                {t('impersonate.unknownStaff')}
              </Box>
            )}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={RouterLink} to={impersonateLoginPath(data.contactId)} variant="contained" size="large" fullWidth>
              {t('impersonate.tryAgain')}
            </Button>
            <Button component={RouterLink} to={paths.login} variant="outlined" size="large" fullWidth>
              {t('impersonate.backToSignIn')}
            </Button>
          </Stack>
        </Stack>
      )}
    </CenteredCard>
  );
}

/** `/user/impersonate/logout`, public: forgets everything here, then the server ends the staff session and the enterprise one. */
export function impersonateLogoutLoader() {
  endSession();
  browserLocation.assign(apiUrl('auth/enterprise/logout'));
  return null;
}

export function ImpersonateLogoutPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('impersonate.logoutTitle'));
  return (
    <CenteredCard>
      <Typography variant="h1" sx={{ mb: 2, textAlign: 'center' }}>
        {t('impersonate.logoutTitle')}
      </Typography>
      <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-hidden="true" size={32} />
        <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('impersonate.logoutBody')}</Typography>
      </Box>
    </CenteredCard>
  );
}
