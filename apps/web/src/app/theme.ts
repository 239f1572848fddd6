import { createTheme } from '@mui/material/styles';

/** Brand cyan (spec §9). As text on white it fails contrast (2.6:1), so text and links use BRAND_TEXT. */
export const BRAND = '#00acef';
/** The brand's darker shade: 5:1 on white, used wherever the brand colour is text. */
export const BRAND_TEXT = '#0077a8';
/** Dark ink on the brand colour (7:1), used for text on cyan buttons. */
export const BRAND_INK = '#04202e';
/** Hovered cyan buttons: darker than the brand, still 5:1 against the ink (primary.dark would drop to 3.4:1). */
export const BRAND_HOVER = '#0099d6';

const fontFamily = [
  '"Inter Variable"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  '"Liberation Sans"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * Light and dark colour schemes are both defined; the app starts light (the dark-mode toggle is persisted UI
 * state, spec §2, and comes later). CSS variables with a class selector let the toggle switch without re-render.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: BRAND, dark: BRAND_TEXT, contrastText: BRAND_INK },
        secondary: { main: '#1d3557' },
        background: { default: '#f4f7fa', paper: '#ffffff' },
        text: { primary: '#15202b', secondary: '#4a5866' },
      },
    },
    dark: {
      palette: {
        primary: { main: BRAND, dark: '#5cccf5', contrastText: BRAND_INK },
        secondary: { main: '#a8c5e8' },
        background: { default: '#0e1620', paper: '#16212d' },
      },
    },
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1264, xl: 1904 } },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.02em', '@media (min-width:600px)': { fontSize: '2rem' } },
    h2: { fontSize: '1.5rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // People who ask for less motion get menus, dialogs and progress without animated transitions.
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiButton: {
      // The focus ripple is a circle clipped to a box, which on a wide pill showed as a rectangle in its middle;
      // keyboard focus is an outline that follows the pill instead.
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: 999,
          '&.Mui-focusVisible': {
            outline: `3px solid ${t.vars?.palette.primary.dark ?? BRAND_TEXT}`,
            outlineOffset: 2,
          },
          variants: [
            {
              // Brand-coloured text must use the darker shade to stay readable.
              props: (props: { variant?: string; color?: string }) =>
                props.variant !== 'contained' && (props.color ?? 'primary') === 'primary',
              style: { color: t.vars?.palette.primary.dark ?? BRAND_TEXT },
            },
            {
              props: { variant: 'contained', color: 'primary' },
              style: { '&:hover': { backgroundColor: BRAND_HOVER } },
            },
          ],
        }),
        sizeLarge: { paddingBlock: 10, fontSize: '1rem' },
      },
    },
    MuiLink: {
      defaultProps: { color: 'primary.dark', underline: 'hover' },
    },
    MuiInputLabel: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          '&.Mui-focused:not(.Mui-error)': { color: t.vars?.palette.primary.dark ?? BRAND_TEXT },
        }),
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: ({ theme: t }) => ({
          border: `1px solid ${t.vars?.palette.divider ?? 'rgba(0,0,0,0.12)'}`,
          boxShadow: '0 12px 40px -12px rgba(15, 40, 65, 0.18)',
        }),
      },
    },
  },
});
