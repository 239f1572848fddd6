import SupervisorAccountOutlinedIcon from '@mui/icons-material/SupervisorAccountOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ProfileResponse } from '@portal/contract/profile';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * Spec §2: while provider staff act as a contact, a way to stop is always on screen. Without the profile (an
 * error page reached before it loaded) the banner cannot name anyone but still offers to stop.
 */
export function ImpersonationBanner({ profile }: { profile: ProfileResponse | undefined }) {
  const { t } = useTranslation();
  const contact = profile ? `${profile.contact.firstName} ${profile.contact.lastName}` : undefined;
  const staff = profile?.impersonation ? `${profile.impersonation.staffName} (${profile.impersonation.staffEmail})` : undefined;
  const text = (short: boolean) =>
    !contact
      ? t('impersonation.bannerUnnamed')
      : staff && !short
        ? t('impersonation.banner', { staff, contact })
        : t('impersonation.bannerShort', { contact });

  return (
    <Box
      component="section"
      aria-label={t('impersonation.region')}
      sx={{
        bgcolor: '#1d3557',
        color: '#ffffff',
        px: 2,
        py: 0.75,
        display: 'flex',
        alignItems: 'center',
        justifyContent: { xs: 'space-between', sm: 'center' },
        gap: { xs: 1, sm: 2 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <SupervisorAccountOutlinedIcon aria-hidden="true" fontSize="small" />
        {/* Narrow screens name the contact only; the staff member is named from the small breakpoint up. */}
        <Typography variant="body2" sx={{ fontWeight: 500, display: { xs: staff ? 'none' : 'block', sm: 'block' } }}>
          {text(false)}
        </Typography>
        {staff && (
          <Typography variant="body2" sx={{ fontWeight: 500, display: { xs: 'block', sm: 'none' } }}>
            {text(true)}
          </Typography>
        )}
      </Box>
      <Button
        component={RouterLink}
        to={paths.impersonateLogout}
        size="small"
        variant="outlined"
        sx={{
          flexShrink: 0,
          color: '#ffffff',
          borderColor: 'rgba(255,255,255,0.7)',
          py: 0.25,
          '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255,255,255,0.12)' },
        }}
      >
        {t('impersonation.stop')}
      </Button>
    </Box>
  );
}
