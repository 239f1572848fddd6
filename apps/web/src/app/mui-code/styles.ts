/**
 * A handle on MUI's styles file (vite.config.ts 'mui-styles', which builds MUI's default theme as it loads):
 * importing it evaluates that file alone once the base has run (app/themed.tsx).
 */
export { createTheme } from '@mui/material/styles';
