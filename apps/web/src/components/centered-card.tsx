import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';

/** The card of public pages (sign-in, password reset, error pages): brand on top, content below. */
export function CenteredCard({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Card
      sx={{
        width: '100%',
        maxWidth,
        mx: 'auto',
        px: { xs: 3, sm: 5 },
        py: { xs: 4, sm: 5 },
        borderRadius: { xs: '20px', sm: '24px' },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
        <BrandLogo size={48} stacked />
      </Box>
      {children}
    </Card>
  );
}
