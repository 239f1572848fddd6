import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const bounce = keyframes`
  0%, 80%, 100% { transform: translateY(0) scale(0.8); opacity: 0.45; }
  40% { transform: translateY(-10px) scale(1); opacity: 1; }
`;

/**
 * Shown while the app initialises (spec §2: an animation with the text Loading...). It matches the static
 * placeholder in index.html so the hand-over from HTML to React does not flicker.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', bgcolor: 'background.default' }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Box aria-hidden="true" sx={{ display: 'flex', gap: 1, height: 24, alignItems: 'flex-end' }}>
          {[0, 1, 2].map((index) => (
            <Box
              key={index}
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                animation: `${bounce} 1.2s ${index * 0.16}s infinite ease-in-out`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.8 },
              }}
            />
          ))}
        </Box>
        <Typography sx={{ color: 'text.secondary', fontWeight: 500 }}>{t('loading')}</Typography>
      </Box>
    </Box>
  );
}
