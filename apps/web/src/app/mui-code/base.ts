/** A handle on MUI's base file (vite.config.ts 'mui-base'): importing it evaluates that file alone (app/themed.tsx). */
export { ThemeContext } from '@mui/styled-engine';
