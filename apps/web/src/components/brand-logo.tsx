import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The logo mark alone; decorative, since the product name is always written next to it. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 40 40" aria-hidden="true" focusable="false" sx={{ width: size, height: size, flexShrink: 0 }}>
      <rect width="40" height="40" rx="11" fill="#00acef" />
      <path d="M27.2 13.4a9.6 9.6 0 1 0 0 13.2" fill="none" stroke="#ffffff" strokeWidth="4.2" strokeLinecap="round" />
    </Box>
  );
}

/**
 * Logo mark with the product name of the current locale. `compact` (the app bar): the name stays on one line
 * (ellipsis rather than a second line on a narrow phone) and the company name shows from sm up.
 */
export function BrandLogo({ size = 40, stacked = false, compact = false }: { size?: number; stacked?: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: stacked ? 'column' : 'row',
        alignItems: 'center',
        gap: stacked ? 1.5 : 1.25,
        minWidth: 0,
      }}
    >
      <BrandMark size={size} />
      <Box sx={{ textAlign: stacked ? 'center' : 'left', lineHeight: 1.2, minWidth: 0 }}>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontWeight: 700,
            fontSize: size >= 48 ? '1.2rem' : compact ? { xs: '0.975rem', sm: '1.05rem' } : '1.05rem',
            color: 'text.primary',
            ...(compact ? { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
          }}
        >
          {t('appName')}
        </Typography>
        <Typography
          component="span"
          variant="caption"
          sx={{ display: compact ? { xs: 'none', sm: 'block' } : 'block', color: 'text.secondary', whiteSpace: compact ? 'nowrap' : undefined }}
        >
          {t('companyName')}
        </Typography>
      </Box>
    </Box>
  );
}
