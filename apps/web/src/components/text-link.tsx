import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

/**
 * An in-app text link styled like the theme's MUI Link (primary.dark, underline on hover, body2), for the pages of
 * the first load (sign-in, public frame): MUI's Link brings about 1 kB gzip of first-page JavaScript for what an
 * anchor with a few styles does. Elsewhere use MUI's Link.
 */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  ...theme.typography.body2,
  color: (theme.vars ?? theme).palette.primary.dark,
  textDecoration: 'none',
  borderRadius: 2,
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
}));
