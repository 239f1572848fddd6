import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/** Spec §9: toasts stay 5000 ms at the bottom centre. */
export const TOAST_DURATION_MS = 5000;

/**
 * Toasts (notistack). Mounted by the signed-in shell (and the test render helper), not the app root, so the
 * sign-in page does not download notistack.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={3} autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} preventDuplicate>
      {children}
    </SnackbarProvider>
  );
}
