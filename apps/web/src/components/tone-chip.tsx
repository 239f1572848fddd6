import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';

/** Soft status chips with dark text (light) or light text (dark): every pair is above 4.5:1, in both colour schemes. */
export const TONES = {
  success: { light: ['#e3f4e8', '#1e5b30'], dark: ['rgba(102, 187, 106, 0.18)', '#a5d6a7'] },
  warning: { light: ['#fff1db', '#7a3f00'], dark: ['rgba(255, 167, 38, 0.18)', '#ffcc80'] },
  info: { light: ['#e1f1fb', '#0a4d75'], dark: ['rgba(79, 195, 247, 0.18)', '#b3e5fc'] },
  error: { light: ['#fde7e7', '#8e1c1c'], dark: ['rgba(239, 83, 80, 0.2)', '#ffcdd2'] },
  default: { light: ['#eceff2', '#3c4752'], dark: ['rgba(255, 255, 255, 0.1)', '#d5dde5'] },
} as const;
export type Tone = keyof typeof TONES;

export function ToneChip({ label, tone, icon, testId }: { label: string; tone: Tone; icon?: ReactElement; testId?: string }) {
  const colours = TONES[tone];
  return (
    <Chip
      label={label}
      size="small"
      {...(icon ? { icon } : {})}
      data-testid={testId}
      sx={(theme) => ({
        fontWeight: 600,
        maxWidth: '100%',
        backgroundColor: colours.light[0],
        color: colours.light[1],
        '& .MuiChip-icon': { color: 'inherit' },
        ...theme.applyStyles('dark', { backgroundColor: colours.dark[0], color: colours.dark[1] }),
      })}
    />
  );
}
