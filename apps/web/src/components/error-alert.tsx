import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

const Root = styled('div')(({ theme }) => {
  const { palette, shape } = theme.vars ?? theme;
  return {
    ...theme.typography.body2,
    display: 'flex',
    padding: '6px 16px',
    borderRadius: shape.borderRadius,
    border: `1px solid ${palette.error.light}`,
    color: theme.vars ? theme.vars.palette.Alert.errorColor : theme.palette.error.dark,
    '& > [data-icon]': {
      marginRight: 12,
      padding: '7px 0',
      display: 'flex',
      fontSize: 22,
      opacity: 0.9,
      color: theme.vars ? theme.vars.palette.Alert.errorIconColor : theme.palette.error.main,
    },
    '& > [data-message]': { padding: '8px 0', minWidth: 0, overflow: 'auto' },
  };
});

/**
 * MUI's `<Alert severity="error" variant="outlined">`, same look and role, for the first page: Alert (with Paper,
 * its close button and four icons) costs about 2 kB gzip there.
 */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Root role="alert">
      <div data-icon="">
        <ErrorOutlineIcon fontSize="inherit" />
      </div>
      <div data-message="">{children}</div>
    </Root>
  );
}
