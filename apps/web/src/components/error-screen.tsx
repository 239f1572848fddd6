import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/use-page-title';
import { CenteredCard } from './centered-card';
import { visuallyHidden } from './visually-hidden';

/** The error catalogue of spec §8: status per error id, and whether the code is shown on the page. */
export const ERROR_TYPES = {
  internalServerError: { status: 500, showCode: true },
  badRequestError: { status: 400, showCode: true },
  pageNotFoundError: { status: 404, showCode: true },
  unAuthorizedError: { status: 401, showCode: true },
  forbiddenError: { status: 403, showCode: true },
  accountLockedError: { status: 401, showCode: false },
  accountLoadError: { status: 400, showCode: false },
  expiredError: { status: 410, showCode: false },
  noServerResponseError: { status: 500, showCode: false },
} as const;
export type ErrorType = keyof typeof ERROR_TYPES;

export function isErrorType(value: string): value is ErrorType {
  return Object.hasOwn(ERROR_TYPES, value);
}

interface ErrorScreenProps {
  /** An unknown id gives the generic 500 content (spec §8). */
  type: string;
  /** The sign-out button appears only for a signed-in user. */
  signedIn?: boolean;
  /** Further actions, after the go-home button (e.g. request a new link). */
  children?: ReactNode;
  /** What is known of this case, in place of the type's own description and sub-description. */
  description?: string;
  subDescription?: string;
  /** Shown under the texts (e.g. how to reach the provider's office). */
  details?: ReactNode;
  /** False hides the status code where the case is not the status's (a known, non-server cause). */
  showCode?: boolean;
}

export function ErrorScreen({ type, signedIn = false, children, description, subDescription, details, ...props }: ErrorScreenProps) {
  const { t } = useTranslation(['errors', 'common']);
  const id: ErrorType = isErrorType(type) ? type : 'internalServerError';
  const { status } = ERROR_TYPES[id];
  const showCode = props.showCode ?? ERROR_TYPES[id].showCode;
  const title = t(`pages.${id}.title`);
  usePageTitle(title);

  return (
    <CenteredCard maxWidth={520}>
      <Box sx={{ textAlign: 'center' }}>
        {showCode && (
          <Typography
            component="p"
            sx={{ fontSize: '3.5rem', fontWeight: 800, lineHeight: 1, color: 'primary.dark', mb: 1, letterSpacing: '-0.04em' }}
          >
            <Box component="span" sx={visuallyHidden}>
              {`${t('errorCodeLabel')} `}
            </Box>
            {status}
          </Typography>
        )}
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        <Typography sx={{ fontWeight: 500, mb: 1 }}>{description ?? t(`pages.${id}.description`)}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{subDescription ?? t(`pages.${id}.subDescription`)}</Typography>
        {details && <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center', textAlign: 'left' }}>{details}</Box>}
        <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, justifyContent: 'center', mt: 4 }}>
          <Button component={RouterLink} to={paths.home} variant="contained" size="large">
            {t('common:actions.backToHome')}
          </Button>
          {children}
          {signedIn && (
            <Button component={RouterLink} to={paths.logout} variant="outlined" size="large">
              {t('common:actions.logOut')}
            </Button>
          )}
        </Box>
      </Box>
    </CenteredCard>
  );
}
