import type { ReactNode } from 'react';
import { ErrorOutlineIcon } from './icons';
import './error-alert.css';

/**
 * MUI's `<Alert severity="error" variant="outlined">`, same look and role, drawn with CSS (error-alert.css) for the
 * first page, which loads no MUI.
 */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div className="portal-error-alert" role="alert">
      <div className="portal-error-alert__icon">
        <ErrorOutlineIcon />
      </div>
      <div className="portal-error-alert__message">{children}</div>
    </div>
  );
}
