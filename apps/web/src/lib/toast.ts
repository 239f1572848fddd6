import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

/** Toasts (spec §9: 5000 ms, bottom centre, set once in the providers). */
export function useToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
      success: (message: string) => enqueueSnackbar(message, { variant: 'success' }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
    }),
    [enqueueSnackbar],
  );
}
