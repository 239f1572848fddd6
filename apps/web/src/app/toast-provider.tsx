import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** Spec §9: toasts stay 5000 ms at the bottom centre. */
export const TOAST_DURATION_MS = 5000;

/**
 * notistack's own colours put white text on light green, orange and blue (2.1–3.3:1); these shades keep white
 * text at 4.5:1 or better (WCAG AA), so a toast passes axe while it is on screen.
 */
const AccessibleContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-info': { backgroundColor: '#0077a8' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#a14f00' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
});

const COMPONENTS = {
  success: AccessibleContent,
  info: AccessibleContent,
  warning: AccessibleContent,
  error: AccessibleContent,
  default: AccessibleContent,
};

/**
 * Toasts (notistack). Mounted by the signed-in shell (and the test render helper), not the app root, so the
 * sign-in page does not download notistack.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      preventDuplicate
      Components={COMPONENTS}
    >
      {children}
    </SnackbarProvider>
  );
}
