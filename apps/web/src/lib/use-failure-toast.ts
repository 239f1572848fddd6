import { useEffect } from 'react';
import { useToast } from './toast';

/** Toasts a query's failure once per failure: the toast shows again only when the error is a new one. */
export function useFailureToast(error: unknown, text: string) {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error(text);
  }, [error, text, toast]);
}
